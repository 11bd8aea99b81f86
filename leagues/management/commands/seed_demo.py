from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from leagues.demo import TEAMS, demo_athletes, demo_house_values
from leagues.models import League
from leagues.services import league_create, league_update
from rosters.services import team_create

DEMO_LEAGUE = "Pitside Demo League"


class Command(BaseCommand):
    help = "Create the demo league: a commissioner, four coaches and one team from each pro team. Safe to run again."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--password", help="Password for every demo user (default: a random one, printed).")

    @transaction.atomic
    def handle(self, *args: Any, password: str | None = None, **options: Any) -> None:
        password = password or secrets.token_urlsafe(9)
        users = {}
        for username in ["commissioner"] + [coach for coach, _, _ in TEAMS]:
            user, _ = get_user_model().objects.get_or_create(username=username, defaults={"email": f"{username}@example.com"})
            user.set_password(password)
            user.save()
            users[username] = user
        if League.objects.filter(name=DEMO_LEAGUE).exists():
            self.stdout.write(f"{DEMO_LEAGUE} already exists; passwords reset.")
        else:
            league = league_create(user=users["commissioner"], name=DEMO_LEAGUE, game_system="slaughterball",
                                   options={"skill_budget": 300_000, "staff_budget": 200_000})
            league_update(league=league, user=users["commissioner"], house_values=demo_house_values())
            for index, (coach, team_name, portfolio) in enumerate(TEAMS):
                team_create(league=league, coach=users[coach], name=team_name, portfolio=portfolio,
                            athletes=demo_athletes(index))
            self.stdout.write(f"Created {DEMO_LEAGUE} with {len(TEAMS)} teams (its house values are labelled as such).")
        self.stdout.write(f"Users: {', '.join(users)}; password: {password}")
