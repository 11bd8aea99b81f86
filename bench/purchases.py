"""How much the rules, the row lock and the ledger cost a purchase, against a bare insert.

Run by hand, on PostgreSQL (it creates and drops its own database `pitside_bench`):

    .venv/bin/python bench/purchases.py [--purchases 300]

It prints, in one run: the time of a bare INSERT of one ledger row (the baseline), the time of a
whole purchase through slaughterball.services.teams.purchase_make (lock, facts, engine check, two inserts),
the time of GET /api/leagues/<id>/teams/ for 10 and for 50 teams, each as a ratio.
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
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--purchases", type=int, default=300)
    count = parser.parse_args().purchases

    import django

    django.setup()
    from bench_timing import bench_database
    from django.core.management import call_command
    from rest_framework.test import APIClient

    with bench_database():
        from django.contrib.auth import get_user_model

        from leagues.services import league_create, league_update
        from rosters.models import LedgerEntry, LedgerKind
        from rosters.services import grant_create
        from slaughterball.demo import demo_athletes, demo_house_values
        from slaughterball.services.teams import purchase_make, team_create

        call_command("check")
        boss = get_user_model().objects.create_user("boss")
        league = league_create(user=boss, name="Bench", game_system="slaughterball", options={})
        league_update(league=league, user=boss, house_values=demo_house_values())
        teams = [
            team_create(league=league, coach=boss, name=f"Team {i}", portfolio="carnage", athletes=demo_athletes(i))
            for i in range(50)
        ]
        team = teams[0]
        grant_create(league=league, user=boss, team_id=team.pk, amount=10**12, reason="bench")

        def timed(label: str, fn: Callable[[int], object], repeat: int) -> float:
            start = time.perf_counter()
            for i in range(repeat):
                fn(i)
            per_call = (time.perf_counter() - start) / repeat
            print(f"{label:<48} {per_call * 1000:8.3f} ms")
            return per_call

        baseline = timed(
            "baseline: bare ledger INSERT",
            lambda i: LedgerEntry.objects.create(team=team, account="treasury", amount=0, kind=LedgerKind.GRANT, reason="bench"),
            count,
        )
        athlete_id = team.athletes.get(number=1).pk
        purchase = timed(
            "purchase_make (staff hire: lock, rules, 2 inserts)",
            lambda i: purchase_make(team_id=team.pk, user=boss, kind="staff", item="cheerleader"),
            count,
        )
        client = APIClient()
        client.get(f"/api/athletes/{athlete_id}/purchase-options/")
        options = timed("GET athlete purchase-options", lambda i: client.get(f"/api/athletes/{athlete_id}/purchase-options/"), 50)
        small = timed("GET league teams, page of 10", lambda i: client.get(f"/api/leagues/{league.pk}/teams/?page_size=10"), 30)
        large = timed("GET league teams, page of 50", lambda i: client.get(f"/api/leagues/{league.pk}/teams/?page_size=50"), 30)
        print()
        print(f"purchase / bare insert:                 {purchase / baseline:6.1f}x")
        print(f"purchase options / bare insert:         {options / baseline:6.1f}x")
        print(f"teams page of 50 / page of 10:          {large / small:6.1f}x  (5x the teams)")


if __name__ == "__main__":
    main()
