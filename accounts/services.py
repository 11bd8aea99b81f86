"""API tokens: one per user, for API_TOKEN_LIFETIME; a password change or the user himself revokes it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token


def token_expires_at(token: Token) -> datetime:
    created: datetime = token.created
    lifetime: timedelta = settings.API_TOKEN_LIFETIME
    return created + lifetime


def token_expired(token: Token) -> bool:
    return token_expires_at(token) <= timezone.now()


def token_issue(*, user: Any) -> Token:
    """The user's token: the one he has, or a new one when he has none or it has expired."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None and token_expired(token):
            token.delete()
            token = None
        return token or Token.objects.create(user=user)


def token_revoke(*, user: Any) -> bool:
    """Delete the user's token (a password change, or the user asking); returns whether he had one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted > 0
