from __future__ import annotations

from typing import Any

from django.db.models import Count, Window

from notifications.models import Notification


def unread_count(user: Any) -> int:
    """How many of `user`'s notifications are unread: one query."""
    return Notification.objects.filter(user=user, read_at=None).count()


def unread_notifications(user: Any, limit: int) -> tuple[list[Notification], int]:
    """`user`'s newest `limit` unread notifications, and how many are unread in all: one query (the count is a window
    over every unread row, counted before the limit)."""
    rows = list(Notification.objects.filter(user=user, read_at=None).annotate(unread=Window(Count("pk")))[:limit])
    return list(rows), rows[0].unread if rows else 0
