from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from leagues.models import League
from notifications.models import Notification
from notifications.tasks import notification_email, notification_email_batch

# A notice names users, teams and seasons, each as long as its own column allows: together they may not fit.
TEXT_LENGTH = Notification._meta.get_field("text").max_length or 0


def _fitted(league: League, text: str) -> str:
    """`text` as the notification says it: after its league's name (a coach of several leagues reads "week 1" and
    "match 10" in each), cut to the notification's column, marked with an ellipsis where it was cut."""
    text = f"{league.name}: {text}"
    return text if len(text) <= TEXT_LENGTH else text[: TEXT_LENGTH - 1] + "\u2026"


def notify(*, users: Iterable[Any], league: League, event: str, text: str, url: str = "") -> None:
    """Tell each user once about `event` of `league`: on their dashboard now, by email after the transaction commits.

    `event` is a stable name (e.g. "challenged:game:17"); notifying again with it does nothing."""
    for user in users:
        defaults = {"text": _fitted(league, text), "url": url}
        notification, created = Notification.objects.get_or_create(user=user, event=event, defaults=defaults)
        if created:
            # robust: with the broker down the mail is not queued, but the caller's committed change stands
            # (the notification is on the dashboard) and the request does not fail after its commit.
            # ignore_result: nobody waits for it, and a dead result backend would hold the request ~20 s.
            transaction.on_commit(_email_queuer(notification.pk), robust=True)


def _email_queuer(notification_id: int) -> Callable[[], None]:
    """The on-commit callback that queues one notification's email. A function, not a functools.partial:
    Django names the callback by its __qualname__ when a robust one fails (the broker down)."""

    def queue_email() -> None:
        notification_email.apply_async((notification_id,), ignore_result=True)

    return queue_email


def notify_many(messages: Iterable[tuple[Any, str, str, str]], *, league: League, new_events: bool = False) -> int:
    """`notify` for many (user, event, text, url) of `league` at once, in two queries instead of four a user:
    each user still hears of each event once, on the dashboard now and by email after commit.
    For a caller that holds the lock that makes its events unique (a filled challenge round
    notifies hundreds of coaches of games it has just made). `new_events`: the events name rows
    made in the caller's transaction (a new game's id), so none can exist yet and the look-up is
    skipped. Returns how many were new."""
    messages = list(messages)
    if not messages:
        return 0
    seen: set[tuple[int, str]] = set()
    if not new_events:
        users, events = {m[0].pk for m in messages}, {m[1] for m in messages}
        seen = set(Notification.objects.filter(user__in=users, event__in=events).values_list("user_id", "event"))
    fresh = []
    for user, event, text, url in messages:
        if (user.pk, event) not in seen:
            seen.add((user.pk, event))
            fresh.append(Notification(user=user, event=event, text=_fitted(league, text), url=url))
    ids = [n.pk for n in Notification.objects.bulk_create(fresh)]
    if ids:  # one email task for them all: one claim and one commit, not one a notification (as notify otherwise)
        transaction.on_commit(lambda: notification_email_batch.apply_async((ids,), ignore_result=True), robust=True)
    return len(fresh)


def notifications_mark_read(*, user: Any) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())
