from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from bloodbowl.services.teamlists import team_lists_import
from bloodbowl.services.teams import team_create as bloodbowl_team_create
from engine.bloodbowl.teamlists import team_lists_sample
from leagues.demo import BLOOD_BOWL_HOUSE_VALUES, BLOOD_BOWL_TEAMS, TEAMS, demo_athletes, demo_bloodbowl_team, demo_house_values
from leagues.models import League
from leagues.services import league_create, league_update
from rosters.services import team_create

DEMO_LEAGUE = "Pitside Demo League"
BLOOD_BOWL_DEMO_LEAGUE = "Pitside Blood Bowl Demo League"


class Command(BaseCommand):
    help = (
        "Create the demo leagues: a commissioner, four coaches, one Slaughterball team from each pro team and two "
        "Blood Bowl teams from the sample house team lists. Safe to run again."
    )

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
            league = league_create(
                user=users["commissioner"],
                name=DEMO_LEAGUE,
                game_system="slaughterball",
                options={"skill_budget": 300_000, "staff_budget": 200_000},
            )
            league_update(league=league, user=users["commissioner"], house_values=demo_house_values())
            for index, (coach, team_name, portfolio) in enumerate(TEAMS):
                team_create(league=league, coach=users[coach], name=team_name, portfolio=portfolio, athletes=demo_athletes(index))
            self.stdout.write(f"Created {DEMO_LEAGUE} with {len(TEAMS)} teams (its house values are labelled as such).")
        self._blood_bowl(users)
        self.stdout.write(f"Users: {', '.join(users)}; password: {password}")

    def _blood_bowl(self, users: dict[str, Any]) -> None:
        """The Blood Bowl demo league: the engine's sample house team lists, its house values set (and labelled as
        house values on its pages) and a team each for coach1 and coach2."""
        if League.objects.filter(name=BLOOD_BOWL_DEMO_LEAGUE).exists():
            self.stdout.write(f"{BLOOD_BOWL_DEMO_LEAGUE} already exists.")
            return
        commissioner = users["commissioner"]
        league = league_create(user=commissioner, name=BLOOD_BOWL_DEMO_LEAGUE, game_system="bloodbowl", options={})
        league_update(league=league, user=commissioner, house_values=BLOOD_BOWL_HOUSE_VALUES)
        team_lists_import(league=league, user=commissioner, fmt="yaml", text=team_lists_sample("house-team.yaml"))
        for index, (coach, team_name) in enumerate(BLOOD_BOWL_TEAMS):
            bloodbowl_team_create(league=league, coach=users[coach], name=team_name, **demo_bloodbowl_team(index))
        self.stdout.write(
            f"Created {BLOOD_BOWL_DEMO_LEAGUE} with {len(BLOOD_BOWL_TEAMS)} teams (sample house team lists; "
            "its house values are labelled as such)."
        )
