"""What the dashboard at `/` costs: the page and its live poll (changed and unchanged), in queries and as ratios to the
league API timed in the same run.

Run by hand, on PostgreSQL (it creates and drops its own database `test_pitside_bench_dashboard`):

    .venv/bin/python bench/dashboard.py [--teams 200] [--weeks 3] [--repeat 21] [--profile]

It seeds the five demo leagues (`manage.py seed_demo`: coach1 coaches in every game system) with a Blitz Bowl result
for him to confirm; then, with `manage.py seed_large`'s builders, a Slaughterball and a Blood Bowl league of `--teams`
teams with `--weeks` weeks of confirmed results, in each of which coach1 takes over a team (and he runs the Blood Bowl
one), and the Slaughterball league's next week, a challenge round in which his team is challenged. Through Django's test
client in this process (one client, no concurrency: the figure is the server's work), it prints each request's
queries, its median time and its ratio to GET /api/leagues/<id>/ (the baseline, two queries), timed again beside it.
`--profile` prints the dashboard page's queries, slowest first, and where the unchanged poll's Python time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_dashboard")


def build(teams: int, weeks: int) -> tuple[Any, int]:
    """coach1 of the demo leagues, with things waiting, and a team in each large league; the baseline's league id."""
    from bench_timing import settle_database
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone

    from blitzbowl import services as blitz
    from blitzbowl.models import Match as BlitzMatch
    from bloodbowl.large import seed_large as bloodbowl_league
    from notifications.services import notify
    from rosters.models import Team
    from slaughterball.large import seed_large as slaughterball_league
    from slaughterball.models import Season
    from slaughterball.selectors_calendar import round_state
    from slaughterball.services.calendar import week_create
    from slaughterball.services.challenges import challenge_issue

    started = time.perf_counter()
    call_command("seed_demo", password="demo-password", stdout=io.StringIO())
    coach1 = get_user_model().objects.get(username="coach1")
    match = BlitzMatch.objects.filter(sides__team__coach=coach1).filter(sides__team__coach__username="coach2").first()
    assert match is not None
    line = {"score": 1, "challenge_cards": 0, "injuries": 0}
    blitz.result_submit(
        match_id=match.pk, user=match.sides.get(team__coach__username="coach2").team.coach, report={"home": line, "away": line}
    )

    large = slaughterball_league(teams, weeks)
    bb_large = bloodbowl_league(teams, weeks)
    for league in (large, bb_large):
        team = league.teams.order_by("pk").first()
        assert team is not None
        Team.objects.filter(pk=team.pk).update(coach=coach1)
    bb_large.commissioners.add(coach1)
    # The large league's next week, a challenge round, in which coach1's team is challenged at the first turn.
    week = week_create(
        season=Season.objects.get(league=large), user=large.commissioners.get(), challenges_due=timezone.now() + timedelta(days=2)
    )
    state = round_state(week)
    assert state.turn.team is not None
    mover = Team.objects.select_related("coach").get(pk=state.turn.team)
    own = Team.objects.get(league=large, coach=coach1)
    targets = [t for t in state.unscheduled if t not in (mover.pk, own.pk)][: state.turn.picks - 1]
    challenge_issue(
        week=week, user=mover.coach, team_id=mover.pk, challenged=[own.pk, *targets] if own.pk != mover.pk else targets
    )
    notify(users=[coach1], league=large, event="bench:1", text="Something new.", url="/")
    settle_database()
    print(f"built coach1's leagues (two of {teams} teams) in {time.perf_counter() - started:.1f} s")
    return coach1, large.pk


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--weeks", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--profile", action="store_true", help="Print the dashboard page's queries, slowest first.")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.INFO)  # the eager tasks' and the logins' lines
    from bench_timing import bench_database
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from home.selectors import dashboard

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with bench_database():
        coach1, league_id = build(args.teams, args.weeks)
        client = Client()
        client.force_login(coach1)
        live = reverse("home-live")
        version = dashboard(coach1).version
        requests = {
            "baseline: league API": (f"/api/leagues/{league_id}/", 200),
            "dashboard page": ("/", 200),
            "live poll, changed": (f"{live}?v=stale", 200),
            "live poll, unchanged (204)": (f"{live}?v={version}", 204),
        }

        def get(url: str, status: int) -> float:
            start = time.perf_counter()
            answer = client.get(url)
            took = time.perf_counter() - start
            assert answer.status_code == status, (url, answer.status_code)
            return took

        def beside_baseline(url: str, status: int) -> tuple[float, float]:
            """The request's median time and its median ratio to the baseline, each run timed beside a run of the
            baseline, so that a moment's load on the machine weighs on both figures alike."""
            pairs = [(get(url, status), get(*requests["baseline: league API"])) for _ in range(args.repeat)]
            return statistics.median(took for took, _ in pairs), statistics.median(took / base for took, base in pairs)

        def queries(url: str) -> list[dict[str, str]]:
            with CaptureQueriesContext(connection) as captured:
                client.get(url)
            return captured.captured_queries

        print()
        print(f"{'request (median of ' + str(args.repeat) + ', one client)':<34} {'queries':>7} {'time':>12} {'/ baseline':>11}")
        for label, (url, status) in requests.items():
            get(url, status)  # warm: the first request of a URL pays for its imports and caches
            took, ratio = beside_baseline(url, status)
            print(f"{label:<34} {len(queries(url)):>7} {took * 1000:9.1f} ms {ratio:10.1f}x")
        print("(the queries include the session, its user and the nav's unread count: three on every logged-in page)")
        if args.profile:
            print("\nthe dashboard page's queries, slowest first:")
            for query in sorted(queries("/"), key=lambda q: -float(q["time"])):
                print(f"  {float(query['time']) * 1000:6.1f} ms  {query['sql'][:160]}")
            print("\nthe unchanged poll's Python, by own time (cProfile, 20 polls):")
            profile = cProfile.Profile()
            profile.runcall(lambda: [get(*requests["live poll, unchanged (204)"]) for _ in range(20)])
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
