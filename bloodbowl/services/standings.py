"""Writes of the standings: each team's line of the league table and each player's totals (the leaders), as
the engine computes them (bloodbowl.selectors_standings.league_standings_computed), stored for the pages.

`standings_recompute` rebuilds both from every confirmed match and the rosters as they are now, so running it
twice, late, or after a crash gives the same rows; it writes only the rows that differ. It is queued on commit
after every confirmed or voided result and after a team signs up, buys or retires (its Team Rating), and celery
beat runs it for every Blood Bowl league periodically (what was lost, and what changes a rating elsewhere:
grants, house values, the league's points and tie-breakers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.cache import cache
from django.db import transaction

from bloodbowl.models import PlayerTotals, Standing
from bloodbowl.selectors import GAME_SYSTEM
from bloodbowl.selectors_standings import league_standings_computed
from leagues.models import League
from pitside.locks import one_at_a_time

# The first key of the standings' advisory locks (the second is the league): "BS" for Blood Bowl Standings.
STANDINGS_LOCK_KEY = 0x4253
# A line's numbers as the engine's StandingRow has them; the stored row adds its rank and the rating's problem.
ENGINE_FIELDS = (
    "position",
    "played",
    "won",
    "drawn",
    "lost",
    "points",
    "td_for",
    "td_against",
    "cas_for",
    "cas_against",
    "team_rating",
)
STANDING_FIELDS = ("rank", *ENGINE_FIELDS, "rating_problem")
TOTALS_FIELDS = ("touchdowns", "casualties", "spp")
BATCH = 500


def standings_recompute(*, league_id: int) -> int:
    """Recompute the league's stored table and leaders' totals, in one transaction, and return the rows
    changed (a second run changes nothing)."""
    with transaction.atomic():
        one_at_a_time(STANDINGS_LOCK_KEY, league_id)  # the task after a result and the periodic one
        league = League.objects.filter(pk=league_id, game_system=GAME_SYSTEM).first()
        if league is None:
            return 0
        computed = league_standings_computed(league)
        lines = {
            row.team.pk: {
                "rank": rank,
                **{name: getattr(row, name) for name in ENGINE_FIELDS},
                "rating_problem": computed.rating_problems.get(row.team.pk, "")[:500],
            }
            for rank, row in enumerate(computed.table, start=1)
        }
        totals = {pk: {name: getattr(t, name) for name in TOTALS_FIELDS} for pk, t in computed.totals.items()}
        return _write(Standing, league, "team_id", lines, STANDING_FIELDS) + _write(
            PlayerTotals, league, "player_id", totals, TOTALS_FIELDS
        )


def _write(
    model: type[Standing] | type[PlayerTotals],
    league: League,
    key: str,
    fresh: Mapping[int, Mapping[str, Any]],
    fields: Sequence[str],
) -> int:
    """Make the league's rows of `model` (one per `key`, a unique column) the `fresh` values: those missing or
    different written in one upsert per batch (an UPDATE per row, or bulk_update's CASE per column, costs
    seconds for a thousand), the others deleted. Returns the rows written."""
    stored = {row[0]: row[1:] for row in model.objects.filter(league=league).values_list(key, *fields)}
    writes = [
        model(league=league, **{key: pk}, **values)
        for pk, values in fresh.items()
        if stored.get(pk) != tuple(values[name] for name in fields)
    ]
    upsert = {"update_conflicts": True, "unique_fields": [key.removesuffix("_id")], "update_fields": ["league", *fields]}
    model.objects.bulk_create(writes, batch_size=BATCH, **upsert)  # type: ignore[arg-type]
    stale = [pk for pk in stored if pk not in fresh]
    deleted, _ = model.objects.filter(league=league, **{f"{key}__in": stale}).delete() if stale else (0, {})
    return len(writes) + deleted


# A recompute queued and not started yet: it will read every write committed before it starts, so a write
# meanwhile queues no other (a round of a thousand-team league is 500 confirmations). The task clears the mark
# before it reads. A mark whose task was lost expires when the periodic recompute has run.
PENDING_KEY = "bloodbowl:standings-pending:{}"
PENDING_SECONDS = 10 * 60


def standings_recompute_queue(league_id: int) -> None:
    """Queue the recompute once the transaction commits, unless one is queued and not started yet. If the
    broker is down the write is committed all the same (robust: the error logged) and the periodic recompute
    catches up."""
    from bloodbowl.tasks import standings_recompute_task

    def send() -> None:
        if cache.add(PENDING_KEY.format(league_id), 1, PENDING_SECONDS):
            # Nobody waits for its result: ignore_result also spares a dead result backend's ~20 s of retries.
            standings_recompute_task.apply_async((league_id,), ignore_result=True)

    transaction.on_commit(send, robust=True)


def standings_recompute_started(league_id: int) -> None:
    """A queued recompute starts: the writes committed from now on queue another."""
    cache.delete(PENDING_KEY.format(league_id))
