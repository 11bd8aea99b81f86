"""Links that leave the site (a mail, a channel post): absolute when SITE_URL is set."""

from __future__ import annotations

from django.conf import settings


def site_link(path: str) -> str:
    """An absolute link when SITE_URL is set (the reader is elsewhere), the path otherwise."""
    return f"{settings.SITE_URL.rstrip('/')}{path}" if path and settings.SITE_URL else path
