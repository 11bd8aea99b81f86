"""How long the full standings recompute takes, against one hand-written SQL aggregate over the same rows.

Run by hand, on PostgreSQL (it creates and drops its own database `pitside_bench_standings`):

    .venv/bin/python bench/standings.py [--teams 1000] [--weeks 10] [--repeat 15]

It builds a season of `--teams` teams (eight athletes each, some purchases) with `--weeks` weeks of
confirmed 4-team games (slaughterball.large.seed_large, as `manage.py seed_large` does), then prints, in
one run, the median time of:

- the baseline: one hand-written SQL aggregate over the same rows the recompute reads: each team's
  League Points summed over the season's confirmed games and its Team Potential summed over its
  athletes, purchases and value adjustments, ORDER BY both (what a hand-written league table costs);
- for reference, the narrower aggregate of League Points alone over the confirmed games;
- slaughterball.services.standings.standings_recompute, the full recompute of the current standings
  from every confirmed result of the season and the rosters (League Points, games played, Team
  Potential, the engine's League Rank), when the table is already right (the periodic recompute's
  usual case: it computes everything, compares, writes nothing);
- the same after a new week of results: the last week's games confirmed after a recompute without
  them (a new week column, every row of it written);
- the same from an empty table;
- GET /api/leagues/<id>/standings/ (its query count is constant: see the tests);
- the floor of a recompute from empty: inserting as many Standing rows (one per team), of constant
  values, with nothing computed (one INSERT ... SELECT, rolled back);

each with its ratio to the baseline (and the recompute's to the narrower aggregate too). Target: the
recompute at most 3x the aggregate, and under 1 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_standings")

# League Points per team over the season's confirmed games.
POINTS = """
    SELECT side.team_id, SUM(side.league_points) AS points
    FROM slaughterball_gameside side
    JOIN slaughterball_game game ON game.game_ptr_id = side.game_id
    JOIN games_game base ON base.id = game.game_ptr_id
    JOIN slaughterball_week week ON week.id = game.week_id
    WHERE week.season_id = %s AND base.state = 'confirmed'
    GROUP BY side.team_id
"""
AGGREGATE = f"{POINTS} ORDER BY points DESC"

SAME_ROWS_AGGREGATE = f"""
    SELECT entry.team_id, result.points, potential.value
    FROM slaughterball_seasonteam entry
    LEFT JOIN ({POINTS}) result ON result.team_id = entry.team_id
    LEFT JOIN (
        SELECT team_id, SUM(value) AS value FROM (
            SELECT team_id, base_value AS value FROM slaughterball_athlete
            UNION ALL SELECT team_id, cost FROM slaughterball_purchase
            UNION ALL SELECT athlete.team_id, adjustment.value_change FROM slaughterball_athleteadjustment adjustment
                JOIN slaughterball_athlete athlete ON athlete.id = adjustment.athlete_id
        ) value GROUP BY team_id
    ) potential ON potential.team_id = entry.team_id
    WHERE entry.season_id = %s
    ORDER BY result.points DESC, potential.value DESC
"""

# As many rows as a week column (one per team), nothing computed; week 1000 never meets the real rows.
WRITE_FLOOR = """
    INSERT INTO slaughterball_standing (season_id, week, team_id, rank, league_points, team_potential, games_played, draw)
    SELECT entry.season_id, 1000, entry.team_id, 1, 0, 0, 0, 0.5
    FROM slaughterball_seasonteam entry
    WHERE entry.season_id = %s
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=15)
    options = parser.parse_args()

    import django
    from bench_timing import bench_database, median_seconds, settle_database

    django.setup()
    from django.db import connection, transaction
    from rest_framework.test import APIClient

    with bench_database():
        from slaughterball.large import seed_large
        from slaughterball.models import Game, Season, Standing
        from slaughterball.services.standings import standings_recompute

        started = time.perf_counter()
        league = seed_large(options.teams, options.weeks)
        season = Season.objects.get(league=league)
        settle_database()
        print(f"built {options.teams} teams, {options.weeks} weeks of confirmed games in {time.perf_counter() - started:.1f} s")

        def timed(label: str, fn: Callable[[], object], setup: Callable[[], object] | None = None) -> float:
            median = median_seconds(fn, options.repeat, setup)
            print(f"{label:<58} {median * 1000:9.2f} ms")
            return median

        def aggregate(sql: str, params: list[int]) -> None:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
            assert len(rows) == options.teams

        standings_recompute(season_id=season.pk)  # the table, once
        rows = Standing.objects.filter(season=season, week=options.weeks).count()
        print(f"standings rows of the current column: {rows}")
        assert standings_recompute(season_id=season.pk) == 0  # the table is right: nothing to change
        baseline = timed(
            "baseline: one SQL aggregate over results and rosters",
            lambda: aggregate(SAME_ROWS_AGGREGATE, [season.pk, season.pk]),
        )
        points_only = timed("reference: League Points alone over the results", lambda: aggregate(AGGREGATE, [season.pk]))
        warm = timed("standings_recompute, table already right", lambda: standings_recompute(season_id=season.pk))
        last_games = Game.objects.filter(week__season=season, week__number=options.weeks)

        def before_the_last_week() -> None:
            """The table as it was before the last week's results: recomputed without them, then
            the results confirmed."""
            last_games.update(state=Game.State.SCHEDULED)
            standings_recompute(season_id=season.pk)
            last_games.update(state=Game.State.CONFIRMED)

        new_week = timed(
            "standings_recompute after a new week of results",
            lambda: standings_recompute(season_id=season.pk),
            setup=before_the_last_week,
        )
        cold = timed(
            "standings_recompute from an empty table",
            lambda: standings_recompute(season_id=season.pk),
            setup=lambda: Standing.objects.filter(season=season).delete(),
        )

        def write_floor() -> None:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(WRITE_FLOOR, [season.pk])
                assert cursor.rowcount == rows
                transaction.set_rollback(True)

        floor = timed("floor: insert as many rows, nothing computed (rolled back)", write_floor)
        client = APIClient()
        answer = client.get(f"/api/leagues/{league.pk}/standings/")
        assert answer.status_code == 200, answer.status_code
        assert answer.json()["count"] == options.teams
        api = timed("GET /api/leagues/<id>/standings/ (all teams)", lambda: client.get(f"/api/leagues/{league.pk}/standings/"))

        def verdict(seconds: float) -> str:
            return "OK" if seconds <= 3 * baseline and seconds < 1 else "over the target"

        print()
        print("target: the full recompute at most 3x the aggregate, and under 1 s")
        print(f"recompute, table already right / aggregate: {warm / baseline:6.2f}x  {verdict(warm)}")
        print(f"recompute after a new week / aggregate:     {new_week / baseline:6.2f}x  {verdict(new_week)}")
        print(f"recompute from an empty table / aggregate:  {cold / baseline:6.2f}x  {verdict(cold)}")
        print(
            f"recompute / League Points alone:            {warm / points_only:6.2f}x (right), "
            f"{new_week / points_only:.2f}x (new week), {cold / points_only:.2f}x (empty)"
        )
        print(f"writing the rows alone / aggregate:         {floor / baseline:6.2f}x  (the floor of a recompute from empty)")
        print(f"standings API / aggregate:                  {api / baseline:6.2f}x  (a fixed number of queries: see the tests)")


if __name__ == "__main__":
    main()
