"""Writes of the standings: each team's line of the league table and each player's totals (the leaders), as
the engine computes them (bloodbowl.selectors_standings.league_standings_computed), stored for the pages.

`standings_recompute` rebuilds both from every confirmed match and the rosters as they are now, so running it
twice, late, or after a crash gives the same rows; it writes only the rows that differ. It is queued on commit
after every confirmed or voided result and after a team signs up, buys or retires (its Team Rating), and celery
beat runs it for every Blood Bowl league periodically (what was lost, and what changes a rating elsewhere:
grants, house values, the league's points and tie-breakers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction

from bloodbowl.models import Standing
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
BATCH = 500

# The leaders' totals, summed and written by the database (the same SQL on PostgreSQL and SQLite): each of the
# league's players with any touchdown or casualty in its matches' reports or any Star Player Point; only the rows
# that differ are written. A player's lines (PlayerLine) are those of his confirmed matches, all in his league: the
# post-match writes them and a void deletes them, so they are summed without their matches.
_WRITE_TOTALS = """
INSERT INTO bloodbowl_playertotals (league_id, player_id, touchdowns, casualties, spp)
WITH fresh AS (
    SELECT player.id AS player_id, COALESCE(SUM(line.touchdowns), 0) AS touchdowns,
           COALESCE(SUM(line.casualties), 0) AS casualties, player.spp
    FROM bloodbowl_player player JOIN rosters_team team ON team.id = player.team_id
    LEFT JOIN bloodbowl_playerline line ON line.player_id = player.id
    WHERE team.league_id = %(league)s
    GROUP BY player.id, player.spp
    HAVING COUNT(line.id) > 0 OR player.spp > 0)
SELECT %(league)s, fresh.player_id, fresh.touchdowns, fresh.casualties, fresh.spp
FROM fresh LEFT JOIN bloodbowl_playertotals stored ON stored.player_id = fresh.player_id
WHERE stored.id IS NULL OR (stored.league_id, stored.touchdowns, stored.casualties, stored.spp)
      <> (%(league)s, fresh.touchdowns, fresh.casualties, fresh.spp)
ON CONFLICT (player_id) DO UPDATE SET league_id = excluded.league_id, touchdowns = excluded.touchdowns,
    casualties = excluded.casualties, spp = excluded.spp
"""
# The rows of players who have none of them any more (a line is kept only when it has a touchdown or a casualty),
# or are no longer in the league.
_DELETE_STALE_TOTALS = """
DELETE FROM bloodbowl_playertotals WHERE league_id = %(league)s AND player_id NOT IN (
    SELECT player.id FROM bloodbowl_player player JOIN rosters_team team ON team.id = player.team_id
    WHERE team.league_id = %(league)s
          AND (player.spp > 0 OR EXISTS (SELECT 1 FROM bloodbowl_playerline line WHERE line.player_id = player.id)))
"""


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
        written = _write(league, lines)
        with connection.cursor() as cursor:
            for sql in (_DELETE_STALE_TOTALS, _WRITE_TOTALS):
                cursor.execute(sql, {"league": league.pk})
                written += cursor.rowcount
        return written


def _write(league: League, fresh: Mapping[int, Mapping[str, Any]]) -> int:
    """Make the league's Standing rows (one per team) the `fresh` values: those missing or different written in
    one upsert per batch (an UPDATE per row, or bulk_update's CASE per column, costs seconds for a thousand), the
    others deleted. Returns the rows written."""
    stored = {row[0]: row[1:] for row in Standing.objects.filter(league=league).values_list("team_id", *STANDING_FIELDS)}
    writes = [
        Standing(league=league, team_id=pk, **values)
        for pk, values in fresh.items()
        if stored.get(pk) != tuple(values[name] for name in STANDING_FIELDS)
    ]
    Standing.objects.bulk_create(
        writes, batch_size=BATCH, update_conflicts=True, unique_fields=["team"], update_fields=["league", *STANDING_FIELDS]
    )
    stale = [pk for pk in stored if pk not in fresh]
    deleted, _ = Standing.objects.filter(league=league, team_id__in=stale).delete() if stale else (0, {})
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
