"""Writes of the standings: the League Rank of every week, recomputed from the confirmed results,
and the last places recorded for games never played (rulebook: Games for Later Weeks, League
Ranking Sheet, End of the Season, Teams That Haven't Played 10 Games).

The Standing rows are derived data: `standings_recompute` rebuilds them all from the confirmed
results and the rosters, so running it twice, late, or after a crash gives the same rows.
"""

from __future__ import annotations

import bisect
import logging
import random
from collections import defaultdict
from typing import Any

from django.db import connection, transaction
from django.db.models import Count

from engine.registry import get_ruleset
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotFound
from scheduling.models import Game, GameSide, MissedGame, Season, SeasonTeam, Standing, StandingsState, Week
from scheduling.selectors import (
    NOT_COUNTED,
    ExistingStandings,
    StandingsInputs,
    standings_existing,
    standings_fingerprint,
    standings_inputs,
)

logger = logging.getLogger(__name__)

StandingKey = tuple[int, int]  # (week, team)
StandingValues = tuple[int, int, int, int, float]  # rank, league points, Team Potential, games played, draw


def _lock_season(season_id: int) -> Season | None:
    """The season row locked for this transaction: two recomputes of one season (the task after a
    result and the periodic one) run one after the other, never interleaved."""
    return Season.objects.select_for_update(of=("self",)).select_related("league").filter(pk=season_id).first()


def _ensure_draws(season: Season, entries: dict[int, float | None]) -> dict[int, float]:
    """League Rank's last tie-breaker: each team's recorded random draw, drawn once per season (the
    calendar draws it when the season starts) and reused. A team without one gets it now; the
    conditional update keeps a draw made meanwhile by someone else."""
    missing = sorted(team for team, draw in entries.items() if draw is None)
    if not missing:
        return {team: draw for team, draw in entries.items() if draw is not None}
    rng = random.SystemRandom()
    for team in missing:
        SeasonTeam.objects.filter(season=season, team_id=team, draw__isnull=True).update(draw=rng.random())
    drawn = dict(SeasonTeam.objects.filter(season=season, team_id__in=missing).values_list("team_id", "draw"))
    return {**{t: d for t, d in entries.items() if d is not None}, **drawn}


def standings_compute(
    season: Season, inputs: StandingsInputs, draws: dict[int, float], existing: ExistingStandings | None = None
) -> dict[StandingKey, StandingValues]:
    """Every week's League Rank (engine: League Rank) from the inputs: League Points and games
    played add up week by week; Team Potential is the one the team had after that week (its
    purchases and value adjustments counted from the week they belong to; those after the last
    week column count in it, so the latest column agrees with the team page).

    Returns the rows of the weeks it ranked. A week whose every team has the same League Points,
    Team Potential, games played and draw as its existing rows is left out: League Rank is a
    function of exactly those, so its existing ranks stand."""
    ruleset = get_ruleset(season.league.game_system)
    existing = existing or {}
    weeks = inputs.weeks
    column = {week: index for index, week in enumerate(weeks)}
    teams = sorted(inputs.entries)
    # Per team and week column: League Points, games, athletes' value change, staff value change.
    deltas: dict[int, list[list[int]]] = {team: [[0, 0, 0, 0] for _ in weeks] for team in teams}
    for (team, week), (league_points, games) in inputs.results.items():
        if team in deltas:
            cell = deltas[team][column[week]]
            cell[0] += league_points
            cell[1] += games
    for (team, week), games in inputs.missed.items():
        if team in deltas:
            deltas[team][column[week]][1] += games
    for team, changes in inputs.value_changes.items():
        if team not in deltas:
            continue
        for week, athletes, staff in changes:  # into the first week column at or after its week
            cell = deltas[team][min(bisect.bisect_left(weeks, week), len(weeks) - 1)]
            cell[2] += athletes
            cell[3] += staff
    team_potential = ruleset.team_potential_of_values
    # figures[column][i] = (League Points, Team Potential, games played, draw) of teams[i]
    figures: list[list[tuple[int, int, int, float]]] = [[] for _ in weeks]
    for team in teams:
        points = games = staff = 0
        athletes = inputs.base_values.get(team, 0)
        draw = draws[team]
        for index, (d_points, d_games, d_athletes, d_staff) in enumerate(deltas[team]):
            points += d_points
            games += d_games
            athletes += d_athletes
            staff += d_staff
            figures[index].append((points, team_potential(athletes, staff), games, draw))
    stored: dict[int, dict[int, tuple[int, int, int, float]]] = defaultdict(dict)
    for (week, team), (_, values) in existing.items():
        stored[week][team] = values[1:]
    entry = ruleset.schedule.RankingEntry
    rows: dict[StandingKey, StandingValues] = {}
    for index, week in enumerate(weeks):
        now = dict(zip(teams, figures[index], strict=True))
        if stored.get(week) == now:
            continue
        ranked = ruleset.schedule.league_rank(entry(team, v[0], v[1], v[3]) for team, v in now.items())
        for rank, ranked_entry in enumerate(ranked, start=1):
            rows[(week, ranked_entry.team)] = (rank, *now[ranked_entry.team])
    return rows


UPSERT_BATCH = 2000
_UPSERT = (
    "INSERT INTO scheduling_standing (season_id, week, team_id, rank, league_points, team_potential, games_played, draw) "
    "{rows} ON CONFLICT (season_id, week, team_id) DO UPDATE SET rank = excluded.rank, "
    "league_points = excluded.league_points, team_potential = excluded.team_potential, "
    "games_played = excluded.games_played, draw = excluded.draw"
)
# PostgreSQL: one array per column; parsing eight thousand parameters costs more than the insert.
_UNNEST = (
    "SELECT * FROM unnest(%s::bigint[], %s::integer[], %s::bigint[], %s::integer[], %s::integer[], %s::bigint[], "
    "%s::integer[], %s::double precision[])"
)


def _upsert(rows: list[tuple[Any, ...]]) -> None:
    """INSERT ... ON CONFLICT DO UPDATE of (season, week, team, rank, points, potential, games, draw)
    rows: plain SQL, the ORM's bulk_create costs several times the statement here."""
    with connection.cursor() as cursor:
        for start in range(0, len(rows), UPSERT_BATCH):
            batch = rows[start : start + UPSERT_BATCH]
            if connection.vendor == "postgresql":
                cursor.execute(_UPSERT.format(rows=_UNNEST), [list(column) for column in zip(*batch, strict=True)])
            else:
                values = "VALUES " + ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(batch))
                cursor.execute(_UPSERT.format(rows=values), [value for row in batch for value in row])


def _write(
    season: Season, weeks: list[int], teams: list[int], rows: dict[StandingKey, StandingValues], existing: ExistingStandings
) -> int:
    """Make the season's Standing rows those of `weeks` x `teams` with the values of `rows` (the
    weeks ranked again; the others stand), touching only the rows that differ: an upsert for the
    new and changed ones, one DELETE for the stale ones. Returns how many rows were written or deleted."""
    changed = [
        (season.pk, week, team, *values)
        for (week, team), values in rows.items()
        if (week, team) not in existing or existing[(week, team)][1] != values
    ]
    wanted_weeks, wanted_teams = set(weeks), set(teams)
    stale = [pk for (week, team), (pk, _) in existing.items() if week not in wanted_weeks or team not in wanted_teams]
    if changed:
        _upsert(changed)
    if stale:
        Standing.objects.filter(pk__in=stale).delete()
    return len(changed) + len(stale)


def standings_recompute(*, season_id: int, force: bool = False) -> int:
    """Recompute the whole standings table of a season from its confirmed results, for every week,
    in one transaction. Returns the rows changed; a second run changes nothing.

    It first reads a fingerprint of every input and of the table (one query, no lock): when it is
    the one the table was last computed from, nothing can have changed and it stops there (the
    periodic recompute's usual case). Otherwise it locks the season, so that two recomputes run one
    after the other, and recomputes. `force` recomputes anyway."""
    if not force:
        current, stored = standings_fingerprint(season_id)
        if current == stored:
            return 0
    with transaction.atomic():
        season = _lock_season(season_id)
        if season is None:
            return 0
        current, stored = standings_fingerprint(season.pk)
        if current == stored and not force:
            return 0  # another recompute did it while this one waited for the lock
        inputs = standings_inputs(season)
        draws = _ensure_draws(season, inputs.entries)
        existing = standings_existing(season)
        rows = standings_compute(season, inputs, draws, existing)
        changed = _write(season, inputs.weeks, sorted(inputs.entries), rows, existing)
        fingerprint, _ = standings_fingerprint(season.pk)
        StandingsState.objects.update_or_create(season=season, defaults={"fingerprint": fingerprint})
        return changed


def standings_recompute_queue(season_id: int) -> None:
    """Queue the recompute once the transaction commits. If the broker is down the result is
    committed all the same and the periodic recompute catches up: log, never fail the request."""
    from scheduling.tasks import standings_recompute_task

    def send() -> None:
        try:
            # Nobody waits for its result: ignore_result also spares a dead result backend's ~20 s of retries.
            standings_recompute_task.apply_async((season_id,), ignore_result=True)
        except Exception:  # the broker is unreachable; the periodic full recompute repairs it
            logger.exception("Could not queue the standings recompute of season %s", season_id)

    transaction.on_commit(send)


def standings_fill_missing_games(*, season_id: int, user: Any) -> int:
    """Teams That Haven't Played 10 Games: the commissioner records each game a team is short as a
    last place, with no League Points and no winnings (no ledger row). Refused while any game of the
    season has no settled result. Returns how many were recorded; a second call records nothing."""
    with transaction.atomic():
        season = _lock_season(season_id)
        if season is None:
            raise NotFound.one("season-unknown", "season", "No such season.")
        league_require_commissioner(league=season.league, user=user)
        counted = Game.objects.filter(week__season=season).exclude(week__kind__in=NOT_COUNTED)
        unsettled = counted.filter(state__in=[Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED]).count()
        if unsettled:
            raise Invalid.one(
                "games-unsettled",
                "season",
                f"{unsettled} game{'s' if unsettled != 1 else ''} of this season "
                f"{'have' if unsettled != 1 else 'has'} no confirmed result yet: confirm, approve or void "
                f"{'them' if unsettled != 1 else 'it'} first.",
            )
        teams = list(SeasonTeam.objects.filter(season=season).values_list("team_id", flat=True))
        played = dict.fromkeys(teams, 0)
        for team, n in (
            GameSide.objects.filter(game__in=counted.filter(state=Game.State.CONFIRMED), team_id__in=teams)
            .order_by()
            .values_list("team_id")
            .annotate(n=Count("id"))
        ):
            played[team] += n
        recorded = dict(MissedGame.objects.filter(season=season).order_by().values_list("team_id").annotate(n=Count("id")))
        for team, n in recorded.items():
            played[team] = played.get(team, 0) + n
        ruleset = get_ruleset(season.league.game_system)
        missing = ruleset.schedule.missing_games(played, season.games_per_team)
        week = (
            Week.objects.filter(season=season)
            .exclude(kind__in=NOT_COUNTED)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        ) or 0
        rows = [
            MissedGame(season=season, team_id=team, number=recorded.get(team, 0) + i, week=week, recorded_by=user)
            for team, short in sorted(missing.items())
            for i in range(1, short + 1)
        ]
        MissedGame.objects.bulk_create(rows)
        if rows:
            standings_recompute_queue(season.pk)
    return len(rows)
