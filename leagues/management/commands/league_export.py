from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from leagues.export import league_document
from leagues.models import League


class Command(BaseCommand):
    help = "Write a whole league (its teams, members, purchases, ledger, games, results, history) as one JSON document."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("league_id", type=int)
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args: Any, league_id: int, output: str | None, **options: Any) -> None:
        if not League.objects.filter(pk=league_id).exists():
            raise CommandError(f"No league has the id {league_id}.")
        text = json.dumps(league_document(league_id), indent=1, ensure_ascii=False)
        if output is None:
            sys.stdout.write(text + "\n")
        else:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"League {league_id} written to {output}")
