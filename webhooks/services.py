"""A league's channels (commissioners only) and the posts to them: `league_announce` makes the deliveries
in the caller's transaction and queues them after commit; `delivery_attempt` sends one (the task's work)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from leagues.game_apps import game_app
from leagues.models import League
from leagues.services import league_require_commissioner
from notifications.services import notify
from pitside.errors import Invalid, NotFound
from webhooks import transport
from webhooks.models import Channel, Delivery
from webhooks.payloads import encoded

# The standings lines a confirmed result posts.
STANDINGS_LINES = 3
TEXT_LENGTH = Delivery._meta.get_field("text").max_length or 0


# --- Channels -------------------------------------------------------------------------------------------


def _checked(kind: str, url: str, secret: str, events: Iterable[str]) -> list[str]:
    """The events, once the URL is one Pitside posts to and the secret fits the kind."""
    try:
        transport.check_url(url)
    except transport.Refused as refused:
        raise Invalid.one("url-refused", "url", str(refused)) from None
    if kind == Channel.Kind.WEBHOOK and not secret:
        raise Invalid.one("secret-required", "secret", "A JSON webhook signs each post with its shared secret: give one.")
    if kind == Channel.Kind.DISCORD and secret:
        raise Invalid.one("secret-unused", "secret", "Discord checks no signature: leave the secret empty.")
    chosen = list(dict.fromkeys(events))
    if not chosen:
        raise Invalid.one("events-required", "events", "Choose at least one event to post.")
    return chosen


def channel_create(*, league_id: int, user: Any, kind: str, url: str, events: Iterable[str], secret: str = "") -> Channel:
    league = League.objects.filter(pk=league_id).first()
    if league is None:
        raise NotFound.one("league-unknown", "league", "No such league.")
    league_require_commissioner(league=league, user=user)
    chosen = _checked(kind, url, secret, events)
    return Channel.objects.create(league=league, kind=kind, url=url, secret=secret, events=chosen, created_by=user)


def channel_get(*, channel_id: int, user: Any) -> Channel:
    """The channel, for a commissioner of its league only."""
    channel = Channel.objects.select_related("league").filter(pk=channel_id).first()
    if channel is None:
        raise NotFound.one("channel-unknown", "channel", "No such channel.")
    league_require_commissioner(league=channel.league, user=user)
    return channel


def channel_update(
    *, channel_id: int, user: Any, url: str | None = None, secret: str | None = None, events: Iterable[str] | None = None
) -> Channel:
    """Change what is given; a URL or secret left out stays as it is (they are never shown to be sent back)."""
    with transaction.atomic():
        channel = channel_get(channel_id=channel_id, user=user)
        channel = Channel.objects.select_for_update().select_related("league").get(pk=channel.pk)
        url = channel.url if url is None else url
        secret = channel.secret if secret is None else secret
        chosen = _checked(channel.kind, url, secret, channel.events if events is None else events)
        channel.url, channel.secret, channel.events = url, secret, chosen
        channel.save(update_fields=["url", "secret", "events"])
    return channel


def channel_delete(*, channel_id: int, user: Any) -> None:
    channel_get(channel_id=channel_id, user=user).delete()


# --- Announcing ------------------------------------------------------------------------------------------


def league_announce(*, league_id: int, event: str, key: str, text: str, url: str = "", lines: list[str] | None = None) -> int:
    """Post `event` to each channel of the league that takes it: one delivery a channel, made in the caller's
    transaction (rolled back with it, never lost once it commits), sent after commit. `key` names the event
    once: announcing it again posts nothing more. `lines` follow the text (a draw's games); a confirmed result
    gets the standings'. Returns how many deliveries were made."""
    channels = [c.pk for c in Channel.objects.filter(league_id=league_id).only("pk", "events") if event in c.events]
    if not channels:
        return 0
    seen = set(Delivery.objects.filter(channel_id__in=channels, key=key).values_list("channel_id", flat=True))
    text = text if len(text) <= TEXT_LENGTH else text[: TEXT_LENGTH - 1] + "\u2026"
    made = Delivery.objects.bulk_create(
        Delivery(channel_id=channel, event=event, key=key, text=text, url=url, lines=lines)
        for channel in channels
        if channel not in seen
    )
    ids = [d.pk for d in made]
    if ids:
        # robust: with the broker down nothing is queued, but the deliveries are saved for the sweep, and the
        # caller's committed change stands.
        transaction.on_commit(_queuer(ids), robust=True)
    return len(ids)


def _queuer(delivery_ids: list[int]) -> Callable[[], None]:
    """The on-commit callback (a named function: Django logs a failed robust callback by its name)."""

    def queue_deliveries() -> None:
        from webhooks.tasks import delivery_send

        for delivery_id in delivery_ids:
            delivery_send.apply_async((delivery_id,), ignore_result=True)

    return queue_deliveries


# --- Sending ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attempt:
    """How a try ended: the delivery's status after it, and in how many seconds to try again (None: do not)."""

    status: str
    retry_in: float | None = None


def retry_delay(tries: int) -> float:
    """Exponential back-off after the n-th failed try: WEBHOOKS_RETRY_BASE seconds doubled each time, capped."""
    return float(min(settings.WEBHOOKS_RETRY_BASE * 2 ** (tries - 1), settings.WEBHOOKS_RETRY_CAP))


# Time for the database work of a try around its post (the claim, a result's standings lines, the outcome).
CLAIM_MARGIN = timedelta(seconds=30)


def _claim_lease() -> timedelta:
    """How long a claim holds: longer than a try can take, its post ending by its deadline (WEBHOOKS_TIMEOUT from
    its start, whatever the receiver does), so a claim lapses only when its worker died: the sweep never queues
    again a post still under way."""
    return timedelta(seconds=float(settings.WEBHOOKS_TIMEOUT)) + CLAIM_MARGIN


def delivery_attempt(*, delivery_id: int) -> Attempt | None:
    """Try to send one delivery. Claimed by a conditional update (pending, or sending with its claim lapsed: a
    worker died mid-try), so two workers never send it at once; None when there was nothing to claim (sent,
    given up, or another worker has it). The post is made outside any transaction, then its outcome recorded."""
    now = timezone.now()
    claimed = (
        Delivery.objects.filter(pk=delivery_id)
        .filter(Q(status=Delivery.Status.PENDING) | Q(status=Delivery.Status.SENDING, claimed_until__lt=now))
        .update(status=Delivery.Status.SENDING, claimed_until=now + _claim_lease(), tries=F("tries") + 1)
    )
    if not claimed:
        return None
    delivery = Delivery.objects.select_related("channel__league").filter(pk=delivery_id).first()
    if delivery is None:  # its channel removed meanwhile
        return None
    channel = delivery.channel
    if delivery.lines is None:
        delivery.lines = _lines(delivery, channel.league)
        Delivery.objects.filter(pk=delivery.pk).update(lines=delivery.lines)
    data, headers = encoded(delivery, channel)
    try:
        answer = transport.post(channel.url, data, headers)
    except transport.Refused as refused:
        answer = transport.Answer(ok=False, error=str(refused)[:300])
        return _record(delivery, Attempt(Delivery.Status.FAILED), answer)  # tried again, it would be refused again
    if answer.ok:
        return _record(delivery, Attempt(Delivery.Status.SENT), answer)
    if delivery.tries >= settings.WEBHOOKS_MAX_TRIES:
        return _record(delivery, Attempt(Delivery.Status.FAILED), answer)
    delay = answer.retry_after if answer.retry_after is not None else retry_delay(delivery.tries)
    return _record(delivery, Attempt(Delivery.Status.PENDING, delay), answer)


def _lines(delivery: Delivery, league: League) -> list[str]:
    """A confirmed result's post carries the standings' top lines, as they are when it is first sent (the
    standings are recomputed after the result's commit, before its deliveries are queued)."""
    standings_top = game_app(league).standings_top
    if delivery.event != Channel.Event.RESULT_CONFIRMED or standings_top is None:
        return []
    return standings_top(league, STANDINGS_LINES)


def _record(delivery: Delivery, attempt: Attempt, answer: transport.Answer) -> Attempt:
    """Record a try's outcome, unless the claim was lost meanwhile (another try under way: its outcome counts)."""
    now = timezone.now()
    changes: dict[str, Any] = {"status": attempt.status, "claimed_until": None}
    if answer.ok:
        changes["sent_at"] = now
    else:
        changes["last_error"] = answer.error
        changes["next_try_at"] = None if attempt.retry_in is None else now + timedelta(seconds=attempt.retry_in)
    Delivery.objects.filter(pk=delivery.pk, status=Delivery.Status.SENDING, tries=delivery.tries).update(**changes)
    if attempt.status == Delivery.Status.FAILED:
        league = delivery.channel.league
        notify(
            users=league.commissioners.all(),
            league=league,
            event=f"channel-failed:{delivery.pk}",
            text=f"A post to one of the league's channels failed ({answer.error}); see the league's settings.",
            url=reverse("league-settings", args=[league.pk]) + "#channels",
        )
    return attempt
