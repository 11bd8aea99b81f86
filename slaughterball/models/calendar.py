"""The challenge round's record: challenges and steals, the commissioner's rearrangements, appeals."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from pitside.idempotency import idempotency_key_field, unique_idempotency_key
from slaughterball.models.season import Game, Week


class Challenge(models.Model):
    """One move of a week's challenge round: a coach challenging teams into a new game, or a leftover
    coach stealing teams from 4-team games. `auto` when the commissioner filled it after the deadline.
    Kept as it was made; later appeals and rearrangements change the games, not this record."""

    class Kind(models.TextChoices):
        CHALLENGE = "challenge", "Challenge"
        STEAL = "steal", "Steal"

    week = models.ForeignKey(Week, on_delete=models.PROTECT, related_name="challenges")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="challenges")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    targets = models.JSONField(default=list)  # ids of the teams challenged or stolen, as named
    sources = models.JSONField(default=dict, blank=True)  # a steal: {stolen team id: id of the game it left}
    auto = models.BooleanField(default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["week", "id"]
        constraints = [
            unique_idempotency_key("week", "challenge_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.team} in {self.week}"


class Rearrangement(models.Model):
    """The commissioner moved a team into another game of the week (3- or 2-Team Games), perhaps
    swapping it with a team of that game. `from_game` is empty for a team that had no game."""

    week = models.ForeignKey(Week, on_delete=models.PROTECT, related_name="rearrangements")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    from_game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    to_game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    swap_with = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["week", "id"]
        constraints = [
            unique_idempotency_key("week", "rearrangement_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.team} moved in {self.week}"


class Appeal(models.Model):
    """Appealing a Challenge: a challenged coach asks the commissioner to be let off a game."""

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        GRANTED = "granted", "Granted"
        DENIED = "denied", "Denied"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="appeals")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="appeals")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="appeals")
    reason = models.TextField(max_length=1000)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    note = models.CharField(max_length=200, blank=True)  # the commissioner's word on the decision
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint("game", "team", name="appeal_once_per_team_and_game")]

    def __str__(self) -> str:
        return f"Appeal by {self.team} against {self.game}"
