from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from engine.core.datafile import load_text
from engine.core.violations import RuleViolation
from leagues.export import league_restore
from pitside.errors import Invalid

# A bound on what one restore reads into memory: 100 seeded teams over 5 weeks (seed_large) export 0.7 MB.
MAX_BYTES = 1_000_000_000
SHAPE = "A league's export is one JSON object, as league_export writes it."


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
                text = opened.read()
        except (OSError, ValueError) as unreadable:
            raise CommandError(f"Cannot read {file}: {unreadable}") from None
        try:
            document = load_text(text, "json", code="restore", max_bytes=MAX_BYTES, shape=SHAPE)
        except RuleViolation as refused:
            raise CommandError(f"Cannot read {file}: {refused}") from None
        try:
            league = league_restore(document=document)
        except Invalid as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(f"Restored league {league.pk}, {league.name}")
