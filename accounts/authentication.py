from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.services import token_expired


class ExpiringTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <key>`, refused once the token is older than API_TOKEN_LIFETIME."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed("The token has expired: ask for a new one at POST /api/auth/token/.")
        return user, token
