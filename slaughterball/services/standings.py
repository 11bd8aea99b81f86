"""Writes of the standings: the League Rank after each week, computed from the confirmed results,
and the last places recorded for games never played (rulebook: Games for Later Weeks, League
Ranking Sheet, End of the Season, Teams That Haven't Played 10 Games).

`standings_recompute` rebuilds the current week column from every confirmed result and the rosters
as they are now, so running it twice, late, or after a crash gives the same rows; the earlier
columns are kept as they stood when their week closed, like the sheet's ink.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F

from engine.slaughterball import schedule
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotFound
from pitside.locks import one_at_a_time
from slaughterball.models import Game, GameSide, MissedGame, Season, SeasonTeam, Week
from slaughterball.selectors import NOT_COUNTED

logger = logging.getLogger(__name__)

# The first key of the standings' advisory locks (the second is the season): "PS" for Pitside Standings.
STANDINGS_LOCK_KEY = 0x5053


def _lock_season(season_id: int) -> Season | None:
    """The season row locked for this transaction (with its league)."""
    return Season.objects.select_for_update(of=("self",)).select_related("league").filter(pk=season_id).first()


def _ensure_draws(season: Season) -> None:
    """League Rank's last tie-breaker: each team's recorded random draw, drawn once per season (the
    calendar draws it when the season starts) and reused. A team without one gets it now; the
    conditional update keeps a draw made meanwhile by someone else."""
    missing = SeasonTeam.objects.filter(season=season, draw__isnull=True).values_list("team_id", flat=True)
    rng = random.SystemRandom()
    for team in sorted(missing):
        SeasonTeam.objects.filter(season=season, team_id=team, draw__isnull=True).update(draw=rng.random())


# Plain SQL: this is the hot path of the periodic recompute of every running season, and the ORM's
# per-row conversions cost more than the queries themselves.
#
# The current column, computed and written by the database in one statement (the same SQL on
# PostgreSQL and SQLite): each team's League Points and games played over every confirmed result
# and missed game of the season, its Team Potential now (the athletes' base values, every purchase's
# cost and every Athlete Value Adjustment: engine team_potential; a test keeps it the team page's),
# ranked by the engine's League Rank (engine.slaughterball.schedule.league_rank: most League
# Points, then higher Team Potential, then the lower draw; the team id makes the order total), and
# only the rows that differ from the stored ones written. A game's state is in its games.Game row
# (games_game, whose id is the game's: slaughterball_game.game_ptr_id).
_CURRENT_COLUMN = """
    SELECT COALESCE(MAX(week), 0) FROM (
        SELECT number AS week FROM slaughterball_week week
        WHERE season_id = %(season)s AND kind <> %(playoff)s AND EXISTS (
            SELECT 1 FROM slaughterball_game game JOIN games_game base ON base.id = game.game_ptr_id
            WHERE game.week_id = week.id AND base.state = %(confirmed)s)
        UNION ALL SELECT week FROM slaughterball_missedgame WHERE season_id = %(season)s) played
"""
# Every team of the season with its League Points, games played, Team Potential and League Rank now: the
# one computation that both fills the stored column (_RECOMPUTE) and answers League Rank as it stands
# (standings_now). A draw not recorded yet (only before the recompute draws it) ranks after every recorded
# one, by team id.
_RANKED = """
WITH
entry AS (SELECT team_id, draw FROM slaughterball_seasonteam WHERE season_id = %(season)s),
result AS (
    SELECT side.team_id, SUM(side.league_points) AS points, COUNT(*) AS games
    FROM slaughterball_gameside side WHERE side.game_id IN (
        SELECT game.game_ptr_id FROM slaughterball_game game JOIN games_game base ON base.id = game.game_ptr_id
        JOIN slaughterball_week week ON week.id = game.week_id
        WHERE week.season_id = %(season)s AND week.kind <> %(playoff)s AND base.state = %(confirmed)s)
    GROUP BY side.team_id),
missed AS (SELECT team_id, COUNT(*) AS games FROM slaughterball_missedgame WHERE season_id = %(season)s GROUP BY team_id),
value AS (
    SELECT athlete.team_id, athlete.base_value AS value
    FROM slaughterball_athlete athlete JOIN entry ON entry.team_id = athlete.team_id
    UNION ALL
    SELECT purchase.team_id, purchase.cost FROM slaughterball_purchase purchase JOIN entry ON entry.team_id = purchase.team_id
    UNION ALL
    SELECT athlete.team_id, adjustment.value_change FROM slaughterball_athleteadjustment adjustment
    JOIN slaughterball_athlete athlete ON athlete.id = adjustment.athlete_id JOIN entry ON entry.team_id = athlete.team_id),
potential AS (SELECT team_id, SUM(value) AS value FROM value GROUP BY team_id),
computed AS (
    SELECT entry.team_id, entry.draw, CAST(COALESCE(result.points, 0) AS BIGINT) AS league_points,
           CAST(COALESCE(result.games, 0) + COALESCE(missed.games, 0) AS BIGINT) AS games_played,
           CAST(COALESCE(potential.value, 0) AS BIGINT) AS team_potential
    FROM entry LEFT JOIN result ON result.team_id = entry.team_id LEFT JOIN missed ON missed.team_id = entry.team_id
    LEFT JOIN potential ON potential.team_id = entry.team_id),
ranked AS (
    SELECT computed.*,
           ROW_NUMBER() OVER (ORDER BY league_points DESC, team_potential DESC, draw IS NULL, draw, team_id) AS rank
    FROM computed)
"""
_RECOMPUTE = (
    """
INSERT INTO slaughterball_standing (season_id, week, team_id, rank, league_points, team_potential, games_played, draw)
"""
    + _RANKED
    + """
SELECT %(season)s, %(week)s, ranked.team_id, ranked.rank, ranked.league_points, ranked.team_potential,
       ranked.games_played, ranked.draw
FROM ranked LEFT JOIN slaughterball_standing stored
    ON stored.season_id = %(season)s AND stored.week = %(week)s AND stored.team_id = ranked.team_id
WHERE stored.id IS NULL
   OR (stored.rank, stored.league_points, stored.team_potential, stored.games_played, stored.draw)
      <> (ranked.rank, ranked.league_points, ranked.team_potential, ranked.games_played, ranked.draw)
ON CONFLICT (season_id, week, team_id) DO UPDATE SET rank = excluded.rank, league_points = excluded.league_points,
    team_potential = excluded.team_potential, games_played = excluded.games_played, draw = excluded.draw
"""
)
_NOW = _RANKED + "SELECT team_id, rank, league_points, team_potential, games_played, draw FROM ranked ORDER BY rank"
# The columns after the current one (a voided week), and the current column's rows of a team no
# longer in the season.
_DELETE_STALE = """
DELETE FROM slaughterball_standing WHERE season_id = %(season)s AND (week > %(week)s OR (
    week = %(week)s AND team_id NOT IN (SELECT team_id FROM slaughterball_seasonteam WHERE season_id = %(season)s)))
"""


def standings_recompute(*, season_id: int) -> int:
    """Recompute the season's current standings column from all its confirmed results, in one
    transaction, and return the rows changed (a second run changes nothing).

    The current column is the latest week that counts with a confirmed result or a missed game (0,
    before the first game, until then). The columns before it are kept as they were when each was
    the current one: the League Ranking Sheet's history, what each week's challenges were drawn from
    (week_create recomputes the last column before it closes it). A finished season's standings
    are its archive: left as they are."""
    with transaction.atomic():
        one_at_a_time(STANDINGS_LOCK_KEY, season_id)  # the task after a result and the periodic one
        season = Season.objects.filter(pk=season_id).first()
        if season is None or season.status == Season.Status.FINISHED:
            return 0
        _ensure_draws(season)
        params: dict[str, int | str] = {"season": season.pk, "confirmed": Game.State.CONFIRMED, "playoff": Week.Kind.PLAYOFF}
        with connection.cursor() as cursor:
            cursor.execute(_CURRENT_COLUMN, params)
            (params["week"],) = cursor.fetchone()
            cursor.execute(_DELETE_STALE, params)
            deleted: int = cursor.rowcount
            cursor.execute(_RECOMPUTE, params)
            written: int = cursor.rowcount
        if deleted + written:
            Season.objects.filter(pk=season.pk).update(standings_version=F("standings_version") + 1)
        return deleted + written


@dataclass(frozen=True)
class StandingNow:
    team: int
    rank: int
    league_points: int
    team_potential: int
    games_played: int
    draw: float | None  # None until the season's recompute draws it

    def ranking_entry(self) -> schedule.RankingEntry:
        """The engine's view of the row: a draw not recorded yet ranks after every recorded one, by team id (as
        the standings order it)."""
        draw = float(self.team) if self.draw is None else self.draw
        return schedule.RankingEntry(self.team, self.league_points, self.team_potential, draw)


def standings_now(*, season_id: int) -> list[StandingNow]:
    """League Rank as it stands now, first to last: the recompute's own computation, read without being
    stored (one query). For what must not wait for the queued recompute, nor write: the pre-game."""
    params: dict[str, int | str] = {"season": season_id, "confirmed": Game.State.CONFIRMED, "playoff": Week.Kind.PLAYOFF}
    with connection.cursor() as cursor:
        cursor.execute(_NOW, params)
        return [
            StandingNow(int(team), int(rank), int(points), int(potential), int(played), draw)
            for team, rank, points, potential, played, draw in cursor.fetchall()
        ]


def standings_recompute_queue(season_id: int) -> None:
    """Queue the recompute once the transaction commits. If the broker is down the result is
    committed all the same and the periodic recompute catches up: log, never fail the request."""
    from slaughterball.tasks import standings_recompute_task

    def send() -> None:
        try:
            # Nobody waits for its result: ignore_result also spares a dead result backend's ~20 s of retries.
            standings_recompute_task.apply_async((season_id,), ignore_result=True)
        except Exception:  # the broker is unreachable; the periodic full recompute repairs it
            logger.exception("Could not queue the standings recompute of season %s", season_id)

    transaction.on_commit(send)


def season_missing_games(season: Season) -> tuple[dict[int, int], dict[int, int]]:
    """Teams That Haven't Played 10 Games: the games each team is short of `games_per_team` (its confirmed games
    and the missed games recorded), and the missed games recorded already; refused while any game of the season
    has no settled result. standings_fill_missing_games records them; the page asking first names them."""
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
    return schedule.missing_games(played, season.games_per_team), recorded


def standings_fill_missing_games(*, season_id: int, user: Any) -> int:
    """Teams That Haven't Played 10 Games: the commissioner records each game a team is short as a
    last place, with no League Points and no winnings (no ledger row). Refused while any game of the
    season has no settled result. Returns how many were recorded; a second call records nothing."""
    with transaction.atomic():
        season = _lock_season(season_id)
        if season is None:
            raise NotFound.one("season-unknown", "season", "No such season.")
        league_require_commissioner(league=season.league, user=user)
        missing, recorded = season_missing_games(season)
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
