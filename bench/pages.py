"""How the whole-league pages grow with the league: each page at a small and a large league, as ratios.

Run by hand, on PostgreSQL (it creates and drops its own database `test_pitside_bench_pages`):

    .venv/bin/python bench/pages.py [--small 10] [--large 1000] [--weeks 10] [--repeat 5] [--sheets]

It builds, with `manage.py seed_large`'s builders, a Slaughterball and a Blood Bowl league of `--small`
teams and of `--large` teams, each with `--weeks` weeks (rounds) of confirmed results. Then, through
Django's test client in this process (one client, no concurrency: the figure is the server's work), it
prints each page's median time at both sizes, the ratio large / small (the target: at most 2x for the default
views) and, in the same run, each page's ratio to the baseline, GET /api/leagues/<id>/ (two queries, whatever the
size). The pages show a page of their lists (pitside.paging); their "show all" rows (?all=1, to print) are timed too.
`--sheets` adds the PDF sheets (slow: a ranking sheet of 1,000 teams takes a minute to lay out).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_pages")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sheets", action="store_true", help="Time the PDF sheets too (once each).")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # it logs every step of every sheet
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        from bloodbowl.large import seed_large as bloodbowl_league
        from bloodbowl.models import Match
        from slaughterball.large import seed_large as slaughterball_league
        from slaughterball.models import Season, Week

        client = Client()

        def timed(url: str, repeat: int) -> float:
            runs = []
            for _ in range(repeat):
                start = time.perf_counter()
                answer = client.get(url)
                runs.append(time.perf_counter() - start)
                assert answer.status_code == 200, (url, answer.status_code)
            return statistics.median(runs)

        def pages(size: int) -> dict[str, tuple[str, int]]:
            """Each page's URL in the leagues of `size` teams, and how often to time it."""
            started = time.perf_counter()
            league = slaughterball_league(size, args.weeks)
            bb_league = bloodbowl_league(size, args.weeks)
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
            print(f"built the leagues of {size} teams in {time.perf_counter() - started:.1f} s")
            season = Season.objects.get(league=league)
            week = Week.objects.filter(season=season).order_by("-number").first()
            assert week is not None
            team = league.teams.order_by("pk").first()
            bb_team = bb_league.teams.order_by("pk").first()
            assert team is not None
            assert bb_team is not None
            assert Match.objects.filter(league=bb_league).exists()
            urls = {
                "baseline: league API": (f"/api/leagues/{league.pk}/", args.repeat),
                "standings API": (f"/api/leagues/{league.pk}/standings/", args.repeat),
                "standings page": (f"/leagues/{league.pk}/standings/", args.repeat),
                "league page": (f"/leagues/{league.pk}/", args.repeat),
                "season page": (f"/seasons/{season.pk}/", args.repeat),
                "week page (a quarter of the teams' games)": (f"/weeks/{week.pk}/", args.repeat),
                "Blood Bowl league page": (f"/leagues/{bb_league.pk}/", args.repeat),
                "Blood Bowl standings page": (f"/bloodbowl/leagues/{bb_league.pk}/standings/", args.repeat),
                "Blood Bowl standings API": (f"/api/bloodbowl/leagues/{bb_league.pk}/standings/", args.repeat),
                "OpenAPI schema": ("/api/schema/", args.repeat),
                # "Show all" (?all=1, to print) lists the world: it grows with the league, and is shown for its cost.
                "standings page, show all": (f"/leagues/{league.pk}/standings/?all=1", args.repeat),
                "league page, show all": (f"/leagues/{league.pk}/?all=1", args.repeat),
                "season page, show all": (f"/seasons/{season.pk}/?all=1", args.repeat),
                "week page, show all": (f"/weeks/{week.pk}/?all=1", args.repeat),
            }
            if args.sheets:
                urls |= {
                    "League Ranking Sheet PDF": (f"/seasons/{season.pk}/ranking-sheet.pdf", 1),
                    "roster PDF": (f"/teams/{team.pk}/roster.pdf", 1),
                    "Blood Bowl roster PDF": (f"/bloodbowl/teams/{bb_team.pk}/roster.pdf", 1),
                }
            return urls

        small, large = pages(args.small), pages(args.large)

        def ms(seconds: float) -> str:
            return f"{seconds * 1000:9.1f} ms"

        def both(label: str) -> tuple[float, float]:
            (small_url, repeat), (large_url, _) = small[label], large[label]
            timed(small_url, 1)  # warm: the first request of a URL pays for its imports and caches
            return timed(small_url, repeat), timed(large_url, repeat)

        print()
        print(f"{'page (median, one client)':<42} {args.small:>6} teams {args.large:>6} teams   large/small   large/baseline")
        _, baseline = both("baseline: league API")
        for label in small:
            small_time, large_time = both(label)
            ratios = f"{large_time / small_time:9.1f}x   {large_time / baseline:12.1f}x"
            print(f"{label:<42} {ms(small_time)} {ms(large_time)}   {ratios}")
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
