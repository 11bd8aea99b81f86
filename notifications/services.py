from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from notifications.models import Notification
from notifications.tasks import notification_email


def notify(*, users: Iterable[Any], event: str, text: str, url: str = "") -> None:
    """Tell each user once about `event`: on their dashboard now, by email after the transaction commits.

    `event` is a stable name (e.g. "challenged:game:17"); notifying again with it does nothing."""
    for user in users:
        notification, created = Notification.objects.get_or_create(user=user, event=event, defaults={"text": text, "url": url})
        if created:
            transaction.on_commit(lambda pk=notification.pk: notification_email.delay(pk))


def notifications_mark_read(*, user: Any) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())
