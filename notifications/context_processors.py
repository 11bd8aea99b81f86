from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from notifications.selectors import unread_count


def unread(request: HttpRequest) -> dict[str, Any]:
    """The nav's unread count for a logged-in user: one query, made only when a page shows the nav."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_count": SimpleLazyObject(lambda: unread_count(user))}
