"""Teams and their ledger: the rows every game system's teams share."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from pitside.idempotency import idempotency_key_field, unique_idempotency_key


class Team(models.Model):
    league = models.ForeignKey("leagues.League", on_delete=models.PROTECT, related_name="teams")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams")
    name = models.CharField(max_length=80)
    # What the game system builds the team from: a Slaughterball Team Genetic Portfolio ("valkyries"),
    # a Blood Bowl race; blank where a game system has none.
    faction = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(Lower("name"), "league", name="team_name_unique_in_league")]

    def __str__(self) -> str:
        return self.name


class LedgerKind(models.TextChoices):
    """What wrote a ledger row: each kind has one writer (in each game system that has it)."""

    OPENING = "opening", "Starting budget"  # a new team's opening balances
    GRANT = "grant", "Grant or fine"  # a commissioner's (rosters.services.grant_create)
    PURCHASE = "purchase", "Purchase"
    WINNINGS = "winnings", "Winnings"  # a confirmed game's prize money (Slaughterball) or winnings (Blood Bowl)
    WRITE_OFF = "write-off", "Unspent budget lost"  # a season's start
    REVERSAL = "reversal", "Voided result"  # a void taking back what the game paid
    AUCTION = "auction", "Maverick hire"  # a maverick auction's winning bid
    TOURNAMENT = "tournament", "Tournament prize"  # a Blood Bowl tournament final's cash prizes


class LedgerEntry(models.Model):
    """One immutable change of a team's credits; an account's balance is the sum of its rows."""

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="ledger")
    account = models.CharField(max_length=30)
    amount = models.BigIntegerField()
    kind = models.CharField(max_length=20, choices=LedgerKind.choices)
    reason = models.CharField(max_length=200)
    # The Slaughterball purchase it pays for, if any.
    purchase = models.ForeignKey(
        "slaughterball.Purchase", on_delete=models.PROTECT, null=True, blank=True, related_name="ledger_entries"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            unique_idempotency_key("team", "ledger_idempotency_key_unique"),
            # A writer that forgets the kind fails here instead of writing a row no list finds.
            models.CheckConstraint(condition=models.Q(kind__in=LedgerKind.values), name="ledger_kind_known"),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+,} {self.account}: {self.reason}"
