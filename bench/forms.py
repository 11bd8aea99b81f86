"""How the Slaughterball pages with team forms grow with the league, seen by those the forms are for: the week
page and the season page as the commissioner (the rearrangement and makeup game forms), and a challenge round's
week page as the coach whose turn it is (the challenge form), as ratios.

Run by hand, on PostgreSQL (it creates and drops its own database `test_pitside_bench_forms`):

    .venv/bin/python bench/forms.py [--small 10] [--large 1000] [--weeks 10] [--repeat 5]

It builds, with `manage.py seed_large`'s builder, a Slaughterball league of `--small` teams and one of `--large`
teams, each with `--weeks` weeks of confirmed results, then makes the next week (a challenge round, its first turn
waiting). Through Django's test client in this process it prints each page's median time at both sizes, the ratio
large / small and, in the same run, the ratio to the baseline, GET /api/leagues/<id>/, timed again beside each page.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_forms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.getLogger("axes").setLevel(logging.WARNING)  # it logs every login of the two clients
    from bench_timing import bench_database, median_seconds, print_growth, settle_database
    from django.test import Client

    with bench_database():
        from rosters.models import Team
        from slaughterball.large import seed_large
        from slaughterball.models import Season, Week
        from slaughterball.selectors_calendar import round_state
        from slaughterball.services.calendar import week_create

        def pages(size: int) -> dict[str, tuple[Client, str]]:
            """The league of `size` teams, and each page's client (logged in as the viewer) and URL, by label."""
            started = time.perf_counter()
            league = seed_large(size, args.weeks)
            commissioner = league.commissioners.get()
            season = Season.objects.get(league=league)
            played = Week.objects.filter(season=season).order_by("-number").first()
            assert played is not None
            Season.objects.filter(pk=season.pk).update(games_per_team=args.weeks + 1)  # room for one more week
            season.refresh_from_db()
            challenge_round = week_create(season=season, user=commissioner)
            turn_team = round_state(challenge_round).turn.team
            assert turn_team is not None
            turn_coach = Team.objects.get(pk=turn_team).coach
            settle_database()
            print(f"built the league of {size} teams in {time.perf_counter() - started:.1f} s")
            as_commissioner, as_coach = Client(), Client()
            as_commissioner.force_login(commissioner)
            as_coach.force_login(turn_coach)
            return {
                "baseline: league API": (Client(), f"/api/leagues/{league.pk}/"),
                "week page, commissioner": (as_commissioner, f"/weeks/{played.pk}/"),
                "season page, commissioner": (as_commissioner, f"/seasons/{season.pk}/"),
                "challenge round's week page, its turn's coach": (as_coach, f"/weeks/{challenge_round.pk}/"),
            }

        def timed(page: tuple[Client, str], repeat: int) -> float:
            client, url = page

            def get() -> None:
                answer = client.get(url)
                assert answer.status_code == 200, (url, answer.status_code)

            return median_seconds(get, repeat)

        print_growth(pages(args.small), pages(args.large), timed, args.repeat, (args.small, args.large))


if __name__ == "__main__":
    main()
