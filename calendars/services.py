from __future__ import annotations

import secrets
from typing import Any

from calendars.models import CalendarToken


def calendar_token_get(*, user: Any) -> CalendarToken:
    """The coach's feed token, made on first use."""
    token, _ = CalendarToken.objects.get_or_create(user=user, defaults={"token": secrets.token_urlsafe(32)})
    return token


def calendar_token_regenerate(*, user: Any) -> CalendarToken:
    """A new token: the old feed URL stops working at once."""
    token, _ = CalendarToken.objects.update_or_create(user=user, defaults={"token": secrets.token_urlsafe(32)})
    return token
