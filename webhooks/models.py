from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Channel(models.Model):
    """An outgoing webhook of a league and the events it posts. Its URL and secret are write-only:
    nothing Pitside answers shows them (only the URL's host)."""

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord webhook"
        WEBHOOK = "webhook", "JSON webhook (signed)"

    class Event(models.TextChoices):
        SIGNUP = "signup", "Sign-ups"
        DRAW = "draw", "The week's draw"
        CHALLENGES = "challenges", "Challenges"
        AUCTION = "auction", "Auctions opening and closing"
        RESULT_CONFIRMED = "result-confirmed", "Results confirmed (with the standings' top lines)"
        DISPUTE = "dispute", "Disputes (for a commissioners-only channel)"
        PLAYOFFS = "playoffs", "Playoffs and champions"

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="channels")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=200, blank=True)
    events = models.JSONField(default=list)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.league_id}"


class Delivery(models.Model):
    """One event posted to one channel, made in the transaction of the event (so it is never lost) and
    sent after commit by a worker. `uid` goes with every try: a receiver drops a post it has seen."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="deliveries")
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    event = models.CharField(max_length=20, choices=Channel.Event.choices)
    # The event's stable name (as a notification's): announcing it again posts nothing more.
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=1000)
    url = models.CharField(max_length=300, blank=True)
    # Extra lines (a result's standings): filled when first sent, then sent the same on every try.
    lines = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    tries = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    next_try_at = models.DateTimeField(null=True, blank=True)
    # A worker's claim on a delivery it is sending; a claim past this time was lost (a worker killed).
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint("channel", "key", name="delivery_once_per_channel_event")]
        indexes = [models.Index(fields=["status", "next_try_at"], name="delivery_status_next_try")]

    def __str__(self) -> str:
        return f"{self.event} to channel {self.channel_id}: {self.status}"
