from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from leagues.export import league_restore
from pitside.errors import Invalid


class Command(BaseCommand):
    help = (
        "Restore a league from its export (league_export or GET /api/leagues/<id>/export/), with its own ids, in one "
        "transaction: into an empty database, or one where none of its ids is taken."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="The export's JSON file.")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            with open(file, encoding="utf-8") as opened:
                document = json.load(opened)
        except (OSError, ValueError) as unreadable:
            raise CommandError(f"Cannot read {file}: {unreadable}") from None
        try:
            league = league_restore(document=document)
        except Invalid as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(f"Restored league {league.pk}, {league.name}")
