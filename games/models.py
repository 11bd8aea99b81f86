"""The game every game system plays: its state in the result lifecycle, its history and its dice.

A game system's own game model inherits Game (one row here, one in its app: a Slaughterball game
adds its week and number, a Blood Bowl match its gate and tournament) and keeps its own sides
table, each side naming its team; the lifecycle (games.lifecycle) reads them as `game.sides`.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.db import connection, models

from pitside.idempotency import idempotency_key_field, unique_idempotency_key

LOCATION_LENGTH = 120


class Game(models.Model):
    class State(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        SUBMITTED = "submitted", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"
        VOIDED = "voided", "Voided"

    league = models.ForeignKey("leagues.League", on_delete=models.PROTECT, related_name="games")
    state = models.CharField(max_length=10, choices=State.choices, default=State.SCHEDULED)
    # The result standing, as its game system's check stored it, and who submitted it.
    report = models.JSONField(null=True, blank=True)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    # When and where it is to be played. A calendar day, not a moment: a league meets on a day in its own
    # town, and a date needs no time zone to mean the same day to every reader (a datetime stored in UTC
    # would shift a late evening match to the next day for some). A calendar feed writes it as an all-day event.
    scheduled_for = models.DateField(null=True, blank=True)
    location = models.CharField(max_length=LOCATION_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # What the post-game changed, so that a void puts it back: the ledger rows it wrote ("ledger",
    # and "ledger_from", the last row before it) and whatever its game system keeps besides.
    effects = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        # A league's games newest first, a page at a time (the Blood Bowl matches page): read off the index, where
        # every game of the league was sorted for each page.
        indexes = [models.Index(fields=["league", "-created_at", "-id"], name="game_league_newest")]

    def __str__(self) -> str:
        return f"Game {self.pk}"


class HistoryEvent(models.Model):
    """One line of a history: who did what, when; a key sent again finds the first write."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    action = models.CharField(max_length=30)
    payload = models.JSONField(default=dict, blank=True)
    idempotency_key = idempotency_key_field()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "id"]


class GameEvent(HistoryEvent):
    """One line of a game's history, for which team. The lifecycle writes the Action ones; a game
    system adds its own (a Blood Bowl pre-match, a card choice)."""

    class Action(models.TextChoices):
        SUBMITTED = "submitted"
        CONFIRMED = "confirmed"
        APPROVED = "approved"
        DISPUTED = "disputed"
        VOIDED = "voided"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta(HistoryEvent.Meta):
        constraints = [unique_idempotency_key("game", "game_event_idempotency_key_unique")]

    def __str__(self) -> str:
        return f"{self.action} on {self.game_id}"


class Roll(models.Model):
    """Dice the server rolled (or a coach entered from the table, when the league allows it), stored
    before any choice that depends on them: asking again returns these dice, never new ones."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rolls")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    subject = models.PositiveBigIntegerField(null=True, blank=True)  # the player (or athlete, fighter) it is for
    label = models.CharField(max_length=60)  # the roll's name in its game: gate, cards.home, spr.<player>.<n>, ...
    purpose = models.CharField(max_length=30)  # what it decides: gate, niggling, aging, ...
    number = models.PositiveSmallIntegerField(default=1)  # the second star player roll of a match is 2
    dice = models.JSONField()
    at_table = models.BooleanField(default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint("game", "label", name="roll_label_unique_in_game")]

    def __str__(self) -> str:
        return f"{self.purpose} {self.dice}"


def create_games[G: Game](games: Sequence[G]) -> list[G]:
    """Insert many games of one game system in two statements: the games.Game rows in one bulk insert
    (which answers their ids on PostgreSQL and SQLite), then the game system's rows with those ids in
    one executemany (Django's bulk_create refuses a model that inherits another model's table)."""
    if not games:
        return []
    model = type(games[0])
    parents = Game.objects.bulk_create(
        [Game(**{f.attname: getattr(g, f.attname) for f in Game._meta.concrete_fields if not f.primary_key}) for g in games]
    )
    for game, parent in zip(games, parents, strict=True):
        # pk sets the parent link (game_ptr_id); id too, or a row pointing at the game (game=) would find none
        game.pk, game.id, game.created_at = parent.pk, parent.pk, parent.created_at
    fields = model._meta.local_concrete_fields
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields if f.column)  # a concrete field always has its column
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, [[f.get_db_prep_save(f.pre_save(g, True), connection) for f in fields] for g in games])
    for game in games:
        game._state.adding, game._state.db = False, connection.alias
    return list(games)
