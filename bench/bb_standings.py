"""How long Blood Bowl's standings recompute takes, against one hand-written SQL aggregate over the same rows.

Run by hand, on PostgreSQL (it creates and drops its own database `test_pitside_bench_bb_standings`):

    .venv/bin/python bench/bb_standings.py [--teams 1000] [--weeks 10] [--repeat 7]

It builds a Blood Bowl league of `--teams` teams with `--weeks` rounds of confirmed matches
(bloodbowl.large.seed_large, as `manage.py seed_large --game-system bloodbowl` does), then prints, in one run,
the median time of:

- the baseline: one hand-written SQL aggregate over the rows the recompute reads: each team's points, touchdown
  and casualty differences over the confirmed league matches (each side's touchdowns, kept by the post-match
  from its report), its players' value and SPP, its treasury and its players' touchdowns and casualties in
  the confirmed matches' reports (the lines the post-match keeps for the leaders, and a void deletes), ORDER BY
  points and differences (what a hand-written league table and its leaders cost);
- league_standings_computed: the engine's table from the database's sums (every team's Team Rating from its
  summed roster, each result's score, touchdowns and casualties);
- bloodbowl.services.standings.standings_recompute when the table is already right (the periodic recompute's
  usual case: it computes everything, compares, writes nothing), after a new round of results (every team's
  line written), and from an empty table;
- GET of the standings API's first page (a fixed number of queries: see the tests);

each with its ratio to the baseline, timed beside each of its runs (the machine's load moves between them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_bb_standings")

SAME_ROWS_AGGREGATE = """
    SELECT team.id, result.points, result.touchdowns, result.casualties, roster.value, roster.spp, treasury.amount,
           leaders.touchdowns, leaders.casualties
    FROM rosters_team team
    JOIN bloodbowl_teamprofile profile ON profile.team_id = team.id
    LEFT JOIN (
        SELECT side.team_id,
               SUM(CASE WHEN side.score > other.score THEN 3 WHEN side.score = other.score THEN 1 ELSE 0 END) AS points,
               SUM(side.touchdowns - other.touchdowns) AS touchdowns, SUM(side.casualties - other.casualties) AS casualties
        FROM bloodbowl_matchside side
        JOIN bloodbowl_matchside other ON other.match_id = side.match_id AND other.id <> side.id
        JOIN bloodbowl_match match ON match.game_ptr_id = side.match_id
        JOIN games_game base ON base.id = match.game_ptr_id
        WHERE base.league_id = %(league)s AND base.state = 'confirmed' AND match.stage = 'league'
              AND match.tournament_id IS NULL
        GROUP BY side.team_id
    ) result ON result.team_id = team.id
    LEFT JOIN (
        SELECT team_id, SUM(value) AS value, SUM(spp) AS spp FROM bloodbowl_player WHERE status = 'active' GROUP BY team_id
    ) roster ON roster.team_id = team.id
    LEFT JOIN (
        SELECT team_id, SUM(amount) AS amount FROM rosters_ledgerentry WHERE account = 'treasury' GROUP BY team_id
    ) treasury ON treasury.team_id = team.id
    LEFT JOIN (
        SELECT player.team_id, SUM(line.touchdowns) AS touchdowns, SUM(line.casualties) AS casualties
        FROM bloodbowl_playerline line JOIN bloodbowl_player player ON player.id = line.player_id
        GROUP BY player.team_id
    ) leaders ON leaders.team_id = team.id
    WHERE team.league_id = %(league)s
    ORDER BY result.points DESC, result.touchdowns DESC, result.casualties DESC, roster.value + treasury.amount DESC
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()

    import django
    from bench_timing import bench_database, median_seconds, settle_database

    django.setup()
    from django.db import connection
    from rest_framework.test import APIClient

    with bench_database():
        from bloodbowl.large import seed_large
        from bloodbowl.models import Match, PlayerLine, PlayerTotals, Standing
        from bloodbowl.selectors_standings import league_standings_computed
        from bloodbowl.services.standings import standings_recompute
        from games.models import Game

        started = time.perf_counter()
        league = seed_large(options.teams, options.weeks)
        settle_database()
        print(
            f"built {options.teams} teams, {options.weeks} rounds of confirmed matches in {time.perf_counter() - started:.1f} s"
        )

        def aggregate() -> None:
            with connection.cursor() as cursor:
                cursor.execute(SAME_ROWS_AGGREGATE, {"league": league.pk})
                assert len(cursor.fetchall()) == options.teams

        def timed(label: str, fn: Callable[[], object], setup: Callable[[], object] | None = None) -> float:
            """The median of `fn` (after `setup`, untimed) and its ratio to the aggregate's median, the aggregate timed
            beside each run, so that a moment's load on a shared machine weighs on both alike."""
            runs, beside = [], []
            for _ in range(options.repeat):
                beside.append(median_seconds(aggregate, 1))
                runs.append(median_seconds(fn, 1, setup))
            median, baseline = statistics.median(runs), statistics.median(beside)
            print(f"{label:<60} {median * 1000:9.1f} ms {median / baseline:6.1f}x (aggregate {baseline * 1000:.1f} ms)")
            return median / baseline

        assert Standing.objects.filter(league=league).count() == options.teams  # the seed stored the table
        assert standings_recompute(league_id=league.pk) == 0  # the table is right: nothing to change
        print(f"{'':<60} {'median':>12} {'/ aggregate':>7}")
        computed = timed("league_standings_computed (the table the recompute stores)", lambda: league_standings_computed(league))
        warm = timed("standings_recompute, table already right", lambda: standings_recompute(league_id=league.pk))
        last_ids = list(Match.objects.filter(league=league).order_by("-pk")[: options.teams // 2].values_list("pk", flat=True))

        def before_the_last_round() -> None:
            """The table as it was before the last round's results: recomputed without them (voided: their players'
            lines gone too), then confirmed again."""
            lines = list(PlayerLine.objects.filter(match_id__in=last_ids))
            PlayerLine.objects.filter(match_id__in=last_ids).delete()
            Game.objects.filter(pk__in=last_ids).update(state=Game.State.SCHEDULED)
            standings_recompute(league_id=league.pk)
            Game.objects.filter(pk__in=last_ids).update(state=Game.State.CONFIRMED)
            PlayerLine.objects.bulk_create(lines)

        new_round = timed(
            "standings_recompute after a new round of results",
            lambda: standings_recompute(league_id=league.pk),
            before_the_last_round,
        )

        def emptied() -> None:
            Standing.objects.filter(league=league).delete()
            PlayerTotals.objects.filter(league=league).delete()

        cold = timed("standings_recompute from an empty table", lambda: standings_recompute(league_id=league.pk), emptied)
        client = APIClient()
        url = f"/api/bloodbowl/leagues/{league.pk}/standings/"
        assert client.get(url).json()["count"] == options.teams
        api = timed("GET the standings API (its first page)", lambda: client.get(url))

        print()
        print("target: the recompute at most 3x the aggregate")
        print(f"league_standings_computed / aggregate:      {computed:6.1f}x")
        print(f"recompute, table already right / aggregate: {warm:6.1f}x")
        print(f"recompute after a new round / aggregate:    {new_round:6.1f}x")
        print(f"recompute from an empty table / aggregate:  {cold:6.1f}x")
        print(f"standings API / aggregate:                  {api:6.1f}x")
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
