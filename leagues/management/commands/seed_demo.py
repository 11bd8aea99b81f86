from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from leagues.game_apps import game_apps

USERNAMES = ["commissioner", "coach1", "coach2", "coach3", "coach4"]


class Command(BaseCommand):
    help = (
        "Create the demo users (a commissioner and four coaches) and a demo league of each game system, with its "
        "teams. Safe to run again."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--password", help="Password for every demo user (default: a random one, printed).")

    @transaction.atomic
    def handle(self, *args: Any, password: str | None = None, **options: Any) -> None:
        password = password or secrets.token_urlsafe(9)
        users = {}
        for username in USERNAMES:
            user, _ = get_user_model().objects.get_or_create(username=username, defaults={"email": f"{username}@example.com"})
            user.set_password(password)
            user.save()
            users[username] = user
        for app in game_apps():
            self.stdout.write(app.seed_demo(users))
        self.stdout.write(f"Users: {', '.join(users)}; password: {password}")
