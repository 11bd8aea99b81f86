"""A Slaughterball team's own rows: its athletes and what it bought (skills, trait points, staff hires)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from pitside.idempotency import idempotency_key_field, unique_idempotency_key


class Athlete(models.Model):
    """A regular member of a team, with what it started with snapshotted at sign-up.

    Its current traits, skills and value are the starting ones plus its purchases.
    """

    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="athletes")
    type = models.CharField(max_length=40)
    name = models.CharField(max_length=60)
    number = models.PositiveSmallIntegerField()
    base_traits = models.JSONField()
    starting_skills = models.JSONField()
    base_value = models.PositiveBigIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint("team", "number", name="athlete_number_unique_in_team"),
            models.UniqueConstraint(Lower("name"), "team", name="athlete_name_unique_in_team"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


class Purchase(models.Model):
    """A skill, trait point or staff hire; never edited or refunded once made."""

    class Kind(models.TextChoices):
        SKILL = "skill"
        TRAIT = "trait"
        STAFF = "staff"

    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="purchases")
    athlete = models.ForeignKey(Athlete, on_delete=models.PROTECT, null=True, blank=True, related_name="purchases")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    item = models.CharField(max_length=60)
    name = models.CharField(max_length=80)
    cost = models.PositiveBigIntegerField()
    idempotency_key = idempotency_key_field()
    # The spending window it was bought in: the team's side of its latest confirmed game then
    # (Skills in Leagues: one skill and one trait point per athlete who played); null pre-season.
    game_side = models.ForeignKey(
        "slaughterball.GameSide", on_delete=models.PROTECT, null=True, blank=True, related_name="purchases"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            unique_idempotency_key("team", "purchase_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.name} for {self.team}"
