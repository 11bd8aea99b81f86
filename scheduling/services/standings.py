"""Writes of the standings: the League Rank of every week, recomputed from the confirmed results,
and the last places recorded for games never played (rulebook: Games for Later Weeks, League
Ranking Sheet, End of the Season, Teams That Haven't Played 10 Games).

The Standing rows are derived data: `standings_recompute` rebuilds them from the confirmed results
and the rosters (from the first week whose inputs changed), so running it twice, late, or after a
crash gives the same rows.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone

from engine.registry import get_ruleset
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotFound
from scheduling.models import Game, GameSide, MissedGame, Season, SeasonTeam, StandingsState, Week
from scheduling.selectors import (
    CHANGES_AFTER_BASE,
    CONFIRMED_SIDES,
    NOT_COUNTED,
    standings_changed_since,
    standings_fingerprint,
    standings_fingerprint_with_table,
    standings_params,
)

logger = logging.getLogger(__name__)


def _lock_season(season_id: int) -> Season | None:
    """The season row locked for this transaction: two recomputes of one season (the task after a
    result and the periodic one) run one after the other, never interleaved."""
    return Season.objects.select_for_update(of=("self",)).select_related("league").filter(pk=season_id).first()


def _ensure_draws(season: Season) -> None:
    """League Rank's last tie-breaker: each team's recorded random draw, drawn once per season (the
    calendar draws it when the season starts) and reused. A team without one gets it now; the
    conditional update keeps a draw made meanwhile by someone else."""
    missing = SeasonTeam.objects.filter(season=season, draw__isnull=True).values_list("team_id", flat=True)
    rng = random.SystemRandom()
    for team in sorted(missing):
        SeasonTeam.objects.filter(season=season, team_id=team, draw__isnull=True).update(draw=rng.random())


# The table, computed and written by the database in one statement (the same SQL on PostgreSQL and
# SQLite): each team's League Points, games played and Team Potential added up week by week with
# window sums, ranked per week, and only the rows that differ from the stored ones written. Team
# Potential is the athletes' values plus the support staff (engine: team_potential): the base
# values, then every purchase's cost (skill, trait or staff) and every Athlete Value Adjustment.
# The ranking is the engine's League Rank (engine.slaughterball.schedule.league_rank: most League
# Points, then higher Team Potential, then the lower draw; the team id makes the order total).
#
# It starts after the base column: the last week column before the first week whose inputs or rows
# changed (`changed`; -1 for all) that is the last column neither now nor in the stored table (the
# changes after the last column count in it). The stored rows of the base column are right (the
# table is as the last recompute left it, and no input of that week or before changed), so the sums
# carry on from them; without a base column it starts from zero and the athletes' base values.
_WEEK_COLUMNS = """
    WITH played AS (
        SELECT week.number AS week FROM scheduling_week week
        WHERE week.season_id = %(season)s AND week.kind <> %(playoff)s AND EXISTS (
            SELECT 1 FROM scheduling_game game JOIN scheduling_gameside side ON side.game_id = game.id
            WHERE game.week_id = week.id AND game.state = %(confirmed)s)
        UNION SELECT week FROM scheduling_missedgame WHERE season_id = %(season)s)
    SELECT 0 AS week UNION SELECT week FROM played
    UNION SELECT number FROM scheduling_week
    WHERE season_id = %(season)s AND kind <> %(playoff)s AND number <= (SELECT COALESCE(MAX(week), 0) FROM played)
"""
_BASE_COLUMN = f"""
WITH week_column AS ({_WEEK_COLUMNS})
SELECT COALESCE(MAX(week), -1) FROM week_column
WHERE week < %(changed)s AND week < (SELECT MAX(week) FROM week_column)
AND week < (SELECT COALESCE(MAX(week), -1) FROM scheduling_standing WHERE season_id = %(season)s)
"""
_RECOMPUTE = f"""
INSERT INTO scheduling_standing (season_id, week, team_id, rank, league_points, team_potential, games_played, draw)
WITH
entry AS (SELECT team_id, draw FROM scheduling_seasonteam WHERE season_id = %(season)s),
week_column AS ({_WEEK_COLUMNS}),
result AS (SELECT side.team_id, week.number AS week, SUM(side.league_points) AS points, COUNT(*) AS games
           {CONFIRMED_SIDES} AND week.number > %(base)s GROUP BY side.team_id, week.number),
missed AS (SELECT team_id, week, COUNT(*) AS games FROM scheduling_missedgame
           WHERE season_id = %(season)s AND week > %(base)s GROUP BY team_id, week),
change AS (
    SELECT team_id, week, value FROM ({CHANGES_AFTER_BASE}) change
    WHERE week > %(base)s),
-- Each change counts in the first week column at or after its week (those after the last column in the last).
column_range AS (SELECT week, LAG(week) OVER (ORDER BY week) AS previous, LEAD(week) OVER (ORDER BY week) AS next
                 FROM week_column),
column_change AS (
    SELECT change.team_id, column_range.week, SUM(change.value) AS value
    FROM change JOIN column_range
        ON (column_range.previous IS NULL OR change.week > column_range.previous)
        AND (change.week <= column_range.week OR column_range.next IS NULL)
    GROUP BY change.team_id, column_range.week),
base AS (SELECT athlete.team_id, SUM(athlete.base_value) AS value
         FROM rosters_athlete athlete JOIN entry ON entry.team_id = athlete.team_id
         WHERE %(base)s < 0 GROUP BY athlete.team_id),
start AS (
    SELECT entry.team_id, entry.draw, COALESCE(stored.league_points, 0) AS league_points,
           COALESCE(stored.games_played, 0) AS games_played, COALESCE(stored.team_potential, base.value, 0) AS team_potential
    FROM entry LEFT JOIN scheduling_standing stored
        ON stored.season_id = %(season)s AND stored.week = %(base)s AND stored.team_id = entry.team_id
    LEFT JOIN base ON base.team_id = entry.team_id),
running AS (
    SELECT start.team_id, start.draw, week_column.week,
           CAST(start.league_points + SUM(COALESCE(result.points, 0)) OVER team_weeks AS BIGINT) AS league_points,
           CAST(start.games_played + SUM(COALESCE(result.games, 0) + COALESCE(missed.games, 0)) OVER team_weeks
                AS BIGINT) AS games_played,
           CAST(start.team_potential + SUM(COALESCE(column_change.value, 0)) OVER team_weeks AS BIGINT) AS team_potential
    FROM start CROSS JOIN week_column
    LEFT JOIN result ON result.team_id = start.team_id AND result.week = week_column.week
    LEFT JOIN missed ON missed.team_id = start.team_id AND missed.week = week_column.week
    LEFT JOIN column_change ON column_change.team_id = start.team_id AND column_change.week = week_column.week
    WHERE week_column.week > %(base)s
    WINDOW team_weeks AS (PARTITION BY start.team_id ORDER BY week_column.week)),
ranked AS (
    SELECT running.*, ROW_NUMBER() OVER (
        PARTITION BY week ORDER BY league_points DESC, team_potential DESC, draw, team_id) AS rank
    FROM running)
SELECT %(season)s, ranked.week, ranked.team_id, ranked.rank, ranked.league_points, ranked.team_potential,
       ranked.games_played, ranked.draw
FROM ranked LEFT JOIN scheduling_standing stored
    ON stored.season_id = %(season)s AND stored.week > %(base)s AND stored.week = ranked.week
    AND stored.team_id = ranked.team_id
WHERE stored.id IS NULL
   OR (stored.rank, stored.league_points, stored.team_potential, stored.games_played, stored.draw)
      <> (ranked.rank, ranked.league_points, ranked.team_potential, ranked.games_played, ranked.draw)
ON CONFLICT (season_id, week, team_id) DO UPDATE SET rank = excluded.rank, league_points = excluded.league_points,
    team_potential = excluded.team_potential, games_played = excluded.games_played, draw = excluded.draw
"""
# The rows of a week no longer ranked (a voided week) or of a team no longer in the season.
_DELETE_STALE = f"""
DELETE FROM scheduling_standing WHERE season_id = %(season)s AND (
    team_id NOT IN (SELECT team_id FROM scheduling_seasonteam WHERE season_id = %(season)s)
    OR week NOT IN ({_WEEK_COLUMNS}))
"""


def _rewrite(season: Season, changed: int) -> int:
    """Make the season's Standing rows the ones its inputs give, from the week columns that
    `changed` may have changed on, touching only the rows that differ. Returns how many rows were
    written or deleted."""
    params = {**standings_params(season.pk), "changed": changed}
    with connection.cursor() as cursor:
        cursor.execute(_DELETE_STALE, params)
        deleted = cursor.rowcount
        cursor.execute(_BASE_COLUMN, params)
        (base,) = cursor.fetchone()
        cursor.execute(_RECOMPUTE, {**params, "base": base})
        return deleted + cursor.rowcount


def standings_recompute(*, season_id: int, force: bool = False) -> int:
    """Recompute the standings table of a season from its confirmed results, every week, in one
    transaction. Returns the rows changed; a second run changes nothing.

    It first reads a fingerprint of every input and of the table, per week (one query, no lock):
    when it is the one the table was last computed from, nothing can have changed and it stops
    there (the periodic recompute's usual case). Otherwise it locks the season, so that two
    recomputes run one after the other, and has the database rewrite the rows that differ, from the
    first week whose part of the fingerprint changed (a new week of results: that week only). The
    fingerprint stored is that first read of the inputs, taken before the rewrite: an input changed
    since then makes the next recompute run again, never skip. `force` recomputes every week."""
    inputs, stored = standings_fingerprint(season_id)
    changed = -1 if force else standings_changed_since(inputs, stored)
    if changed is None:
        return 0
    with transaction.atomic():
        season = _lock_season(season_id)
        if season is None:
            return 0
        _ensure_draws(season)
        rewritten = _rewrite(season, changed)
        fingerprint = standings_fingerprint_with_table(inputs, season.pk)
        StandingsState.objects.bulk_create(
            [StandingsState(season=season, fingerprint=fingerprint, updated_at=timezone.now())],
            update_conflicts=True,
            unique_fields=["season"],
            update_fields=["fingerprint", "updated_at"],
        )
        return rewritten


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
