"""What the Blitz Bowl writes cost in a big league, against the league API: arranging one legal match and making a
round, as ratios.

Run by hand, on PostgreSQL (it creates and drops its own test database):

    .venv/bin/python bench/blitzbowl_writes.py [--coaches 200] [--matches 10] [--repeat 5]

It builds a Blitz Bowl league of `--coaches` coaches who have each played `--matches` confirmed matches of
`--matches` + 1 (blitzbowl.large.seed_large: the league after a round fully played), then times, through Django's
test client in this process (one client), the baseline GET /api/leagues/<id>/, the Blitz Bowl league API, and the
two writes as the commissioner sends them (POST .../arrange/ with a legal pair, POST .../round/), each through the
API (the service, then the match or the round's matches it answers with) and through its service alone. Each write runs in a
transaction rolled back after it, so every repeat finds the same league (what runs on commit, the notices' emails, is
left out). The target: each write at most 3x the league API.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_blitz_writes")


class RolledBack(Exception):
    """Raised to roll back a timed write."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--coaches", type=int, default=200)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import time

    import django

    django.setup()
    from bench_timing import bench_database, median_seconds, settle_database
    from django.db import transaction
    from django.test import Client

    from blitzbowl import services
    from blitzbowl.large import seed_large
    from blitzbowl.selectors import league_state

    with bench_database():
        started = time.perf_counter()
        league = seed_large(args.coaches, args.matches)
        settle_database()
        print(f"built the league of {args.coaches} coaches x {args.matches} matches in {time.perf_counter() - started:.1f} s")
        boss = league.commissioners.get()
        client = Client()
        client.force_login(boss)
        state = league_state(league)
        first = state.opponents(state.coaches[:1])[0]
        home, away = first.team.pk, first.opponents[0].pk
        arrange = {"home_team": home, "away_team": away}

        def rolled_back(write: Callable[[], object]) -> Callable[[], None]:
            def run() -> None:
                try:
                    with transaction.atomic():
                        write()
                        raise RolledBack
                except RolledBack:
                    pass

            return run

        def get(url: str) -> Callable[[], None]:
            def run() -> None:
                assert client.get(url).status_code == 200, url

            return run

        def post(url: str, data: dict[str, int]) -> Callable[[], object]:
            def run() -> None:
                answer = client.post(url, data, content_type="application/json")
                assert answer.status_code in (200, 201), (url, answer.status_code, answer.content[:300])

            return run

        api = f"/api/blitzbowl/leagues/{league.pk}"
        timings: dict[str, Callable[[], object]] = {
            "baseline: league API": get(f"/api/leagues/{league.pk}/"),
            "Blitz Bowl league API": get(f"{api}/"),
            "arrange a legal match (API)": rolled_back(post(f"{api}/arrange/", arrange)),
            "arrange a legal match (service)": rolled_back(
                lambda: services.match_create(league_id=league.pk, user=boss, home_team=home, away_team=away)
            ),
            "make a round (API)": rolled_back(post(f"{api}/round/", {})),
            "make a round (service)": rolled_back(lambda: services.round_generate(league_id=league.pk, user=boss)),
        }
        for run in timings.values():
            run()  # warm: the first request of a URL pays for its imports and caches
        print(f"\n{'write (median, one client)':<36} {'time':>10}   / league API (timed beside it)")
        for label, run in timings.items():
            took = median_seconds(run, args.repeat)
            baseline = median_seconds(timings["baseline: league API"], args.repeat)
            print(f"{label:<36} {took * 1000:7.1f} ms   {took / baseline:8.1f}x")
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
