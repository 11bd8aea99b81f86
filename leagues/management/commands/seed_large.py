from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from leagues.game_apps import game_app_of, game_apps


class Command(BaseCommand):
    help = (
        "Build a league of N teams with W weeks (rounds) of confirmed results, in bulk, for measuring "
        "(bench/). Prints the league's id. Pit Fighter: N stables, each in one combat a round. Slaughterville: N "
        "members, each logging W sessions (N x W sessions)."
    )

    def add_arguments(self, parser: Any) -> None:
        systems = [app.ruleset.slug for app in game_apps() if app.seed_large]
        parser.add_argument("--teams", type=int, default=1000)
        parser.add_argument("--weeks", type=int, default=10)
        parser.add_argument("--game-system", default="slaughterball", choices=systems)

    def handle(self, *args: Any, teams: int, weeks: int, game_system: str, **options: Any) -> None:
        app = game_app_of(game_system)
        if app is None or app.seed_large is None:
            raise CommandError(f"{game_system} has no large league builder.")
        if teams < 4 or weeks < 0:
            raise CommandError("A large league has at least 4 teams and 0 or more weeks.")
        started = time.perf_counter()
        with transaction.atomic():
            league = app.seed_large(teams, weeks)
        seconds = time.perf_counter() - started
        self.stderr.write(f"{app.ruleset.name}: {teams} teams, {weeks} weeks of confirmed results in {seconds:.1f} s")
        self.stdout.write(str(league.pk))
