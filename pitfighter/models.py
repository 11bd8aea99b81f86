"""Pit Fighter campaigns: a stable is its owner's rosters.Team; its fighters, their combats (games.Game) with one
side per stable taking part and one line per fighter, and the skill rolls. The rules are in engine.pitfighter."""

from __future__ import annotations

from django.conf import settings
from django.db import models

import games.models
from engine.pitfighter.combat import STYLE_NAMES
from engine.pitfighter.critical import critical_name
from engine.pitfighter.fighters import TYPES


class Fighter(models.Model):
    """A Pit Fighter of a stable, with his campaign record: characteristics (the house starting values, his bonus
    points and his training), points still to spread, fights to miss, permanent injuries, skills, the title."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        SLAIN = "slain"
        RETIRED = "retired"

    stable = models.ForeignKey("rosters.Team", on_delete=models.CASCADE, related_name="pit_fighters")
    name = models.CharField(max_length=60)
    type = models.CharField(max_length=20, choices=[(t.slug, t.name) for t in TYPES.values()])
    ws = models.PositiveSmallIntegerField()
    s = models.PositiveSmallIntegerField()
    t = models.PositiveSmallIntegerField()
    i = models.PositiveSmallIntegerField()
    w = models.PositiveSmallIntegerField()
    points = models.PositiveSmallIntegerField(default=0)
    misses = models.PositiveSmallIntegerField(default=0)
    fingers = models.PositiveSmallIntegerField(default=0)
    arms = models.PositiveSmallIntegerField(default=0)
    kneecaps = models.PositiveSmallIntegerField(default=0)
    wooden_legs = models.PositiveSmallIntegerField(default=0)
    ears = models.PositiveSmallIntegerField(default=0)
    eyes = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    pit_king = models.BooleanField(default=False)
    crowned_in = models.ForeignKey("Combat", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    recruited_in = models.ForeignKey("Combat", on_delete=models.CASCADE, null=True, blank=True, related_name="recruits")
    hates = models.ManyToManyField("self", symmetrical=False, blank=True, related_name="hated_by")
    skills = models.JSONField(default=list, blank=True)
    combats = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    takedowns = models.PositiveSmallIntegerField(default=0)
    skill_points = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["stable", "id"]

    def __str__(self) -> str:
        return self.name


class Combat(games.models.Game):
    """A pit fight of the campaign: its state, report, history and dice are games.Game's."""

    game_ptr = models.OneToOneField(
        games.models.Game, on_delete=models.CASCADE, parent_link=True, primary_key=True, related_name="pit_combat"
    )
    style = models.CharField(max_length=10, choices=list(STYLE_NAMES.items()))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"Combat {self.pk}"


class CombatSide(models.Model):
    """A stable taking part in a combat; whether it won and how many opponents its fighters took down, once confirmed."""

    combat = models.ForeignKey(Combat, on_delete=models.CASCADE, related_name="sides")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="pit_sides")
    won = models.BooleanField(null=True, blank=True)
    takedowns = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["combat", "id"]
        constraints = [models.UniqueConstraint("combat", "team", name="pit_side_unique")]

    def __str__(self) -> str:
        return f"{self.team} in {self.combat}"


class CombatFighter(models.Model):
    """A fighter in a combat, his team (Sigmar, Alliance; one against all, his own), and his line of the result."""

    combat = models.ForeignKey(Combat, on_delete=models.CASCADE, related_name="entries")
    side = models.ForeignKey(CombatSide, on_delete=models.CASCADE, related_name="entries")
    fighter = models.ForeignKey(Fighter, on_delete=models.PROTECT, related_name="entries")
    team = models.PositiveSmallIntegerField()
    taken_down_by = models.ForeignKey(Fighter, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    wounds_left = models.BooleanField(default=False)
    criticals = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["combat", "team", "id"]
        constraints = [models.UniqueConstraint("combat", "fighter", name="pit_fighter_once_a_combat")]

    def __str__(self) -> str:
        return f"{self.fighter} in {self.combat}"

    @property
    def critical_names(self) -> list[str]:
        """His critical damage as pages and sheets show it: each result by its name in the rulebook, with the scar roll
        of Stunned & Scar ("Leg: Leg Hurt", "Head: Stunned & Scar (scar 4)")."""
        return [
            critical_name(c["chart"], c["result"]) + (f" (scar {c['scar']})" if c.get("scar") is not None else "")
            for c in self.criticals
        ]


class SkillRoll(models.Model):
    """A D66 roll for a skill after a combat: the skill it gave and whether he learnt it (not if held or unusable)."""

    combat = models.ForeignKey(Combat, on_delete=models.CASCADE, related_name="skill_rolls")
    fighter = models.ForeignKey(Fighter, on_delete=models.CASCADE, related_name="skill_rolls")
    dice = models.JSONField()
    skill = models.CharField(max_length=40)
    learnt = models.BooleanField()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.skill} for {self.fighter}"
