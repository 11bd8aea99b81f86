from __future__ import annotations

from typing import Any

from notifications.models import Notification


def unread_count(user: Any) -> int:
    """How many of `user`'s notifications are unread: one query."""
    return Notification.objects.filter(user=user, read_at=None).count()


def unread_notifications(user: Any, limit: int) -> list[Notification]:
    """`user`'s newest `limit` unread notifications: one query."""
    return list(Notification.objects.filter(user=user, read_at=None)[:limit])
