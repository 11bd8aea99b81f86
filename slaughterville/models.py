"""A Slaughterville group's own rows: its catalogue (characters, locations, villains) and its sessions.

A group is a league of the game system "slaughterville"; a member is a rosters.Team (the member himself,
under the name he plays by). A session inherits games.models.Game (state, report, history, dice) and has
one side per player. Sessions keep the catalogue's slugs they were logged with: a later import of the
catalogue never rewrites history."""

from __future__ import annotations

from django.conf import settings
from django.db import models

import games.models
from engine.slaughterville.catalogue import NAME_LENGTH, SLUG_LENGTH
from engine.slaughterville.sessions import OUTCOMES


class CatalogueEntry(models.Model):
    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="+")
    slug = models.SlugField(max_length=SLUG_LENGTH)
    name = models.CharField(max_length=NAME_LENGTH)

    class Meta:
        abstract = True
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class Character(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        constraints = [models.UniqueConstraint("league", "slug", name="sv_character_unique")]


class Location(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        constraints = [models.UniqueConstraint("league", "slug", name="sv_location_unique")]


class Villain(CatalogueEntry):
    # Setup 4: the location its Villain Starting Area lists, if any.
    location = models.ForeignKey(Location, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta(CatalogueEntry.Meta):
        constraints = [models.UniqueConstraint("league", "slug", name="sv_villain_unique")]


class Session(games.models.Game):
    """A session's log: its setup and its end, as its player logged it."""

    played_on = models.DateField()
    villain = models.CharField(max_length=SLUG_LENGTH)
    locations = models.JSONField()  # the six locations' slugs, in order
    first_player = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="+")
    outcome = models.CharField(max_length=10, choices=list(OUTCOMES.items()))
    turns = models.PositiveSmallIntegerField()
    clues = models.PositiveSmallIntegerField()
    defeated = models.PositiveSmallIntegerField()
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-played_on", "-id"]

    def __str__(self) -> str:
        return f"Session {self.pk}"


class SessionSide(models.Model):
    """One player of a session: the member, his seat (the order of the log) and his character."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sides")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="sv_session_sides")
    seat = models.PositiveSmallIntegerField()
    character = models.CharField(max_length=SLUG_LENGTH)
    dealt = models.BooleanField(default=False)  # dealt at random by the server (Setup 2)

    class Meta:
        ordering = ["session", "seat"]
        constraints = [models.UniqueConstraint("session", "team", name="sv_side_unique")]

    def __str__(self) -> str:
        return f"{self.team} in {self.session}"


class Tally(models.Model):
    """The group's confirmed sessions counted for one key of its statistics (engine.slaughterville.statistics
    COUNTED_IN: a villain, character, player count, location, member or length; "sessions" all of them): kept by the
    services in the transaction that confirms or voids a session, so that the statistics read these rows, never the
    sessions."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10)
    key = models.CharField(max_length=SLUG_LENGTH, blank=True)  # a slug, or a number as text
    played = models.PositiveIntegerField()
    won = models.PositiveIntegerField()  # sessions the players won

    class Meta:
        constraints = [models.UniqueConstraint("league", "kind", "key", name="sv_tally_unique")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}: {self.won}/{self.played}"
