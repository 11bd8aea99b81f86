"""Blitz Bowl leagues: a league of coaches, each with a team name (rosters.Team rows). The rules are in
engine.blitzbowl; these rows are the facts."""

from __future__ import annotations

from django.conf import settings
from django.db import models

import games.models
from engine.blitzbowl.league import STAGE_NAMES


class CoachProfile(models.Model):
    """What Blitz Bowl adds to a team: the draw, made once at sign-up, that breaks a tie in league points
    (the rulebook is silent on ties)."""

    team = models.OneToOneField("rosters.Team", on_delete=models.CASCADE, related_name="blitz")
    draw = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"Blitz Bowl coach of {self.team}"


class Match(games.models.Game):
    """A league match, quarter-final, semi-final or final: its state, report, history and dice are games.Game's."""

    # Named, so that it does not clash with Blood Bowl's Match on games.Game.
    game_ptr = models.OneToOneField(
        games.models.Game, on_delete=models.CASCADE, parent_link=True, primary_key=True, related_name="blitz_match"
    )
    stage = models.CharField(max_length=20, choices=list(STAGE_NAMES.items()), default="league")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"Match {self.pk}"


class MatchSide(models.Model):
    """One coach's line of a match on his coach roster, written when the result is reported."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="blitz_sides")
    home = models.BooleanField()
    score = models.PositiveSmallIntegerField(null=True, blank=True)
    challenge_cards = models.PositiveSmallIntegerField(null=True, blank=True)
    injuries = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "-home"]
        constraints = [models.UniqueConstraint("match", "team", name="blitz_side_unique")]

    def __str__(self) -> str:
        return f"{self.team} in {self.match}"


class TraitGain(models.Model):
    """A Coach Trait gained after a league match: the 2d8 rolled and the trait they give; `trait` is blank
    while the coach, who held the rolled one, chooses one he does not hold."""

    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="blitz_traits")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="trait_gains")
    dice = models.JSONField()
    rolled = models.CharField(max_length=40)
    trait = models.CharField(max_length=40, blank=True)
    chosen_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint("team", "match", name="blitz_trait_gain_once_a_match"),
            models.UniqueConstraint("team", "trait", name="blitz_trait_held_once", condition=~models.Q(trait="")),
        ]

    def __str__(self) -> str:
        return f"{self.trait or self.rolled} for {self.team}"
