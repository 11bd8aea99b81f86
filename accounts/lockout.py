"""What django-axes counts failed log-ins by (settings: AXES_USERNAME_CALLABLE, AXES_CLIENT_IP_CALLABLE).

The log-in page, /admin/login/ and the token API all call `authenticate()`, so axes keeps one counter
for the three: per username and client address."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The username as the lock-out counts it: `"coach3 "`, full-width `"coach3"` and `"Coach3"` are `coach3`.
    Django's log-in form strips and NFKC-normalises what it authenticates, so every spelling that can log
    in as one user shares his counter. Cut to the longest username there is (150), so that a long guess
    fits the counter's column."""
    # Without credentials: the lock-out page, rendered from the request alone.
    raw = credentials.get("username") if credentials is not None else getattr(request, "data", request.POST).get("username")
    folded = unicodedata.normalize("NFKC", str(raw or "")).strip().casefold()
    return unicodedata.normalize("NFKC", folded)[:150]


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the API's throttles read it: REMOTE_ADDR, or with NUM_PROXIES set, the
    address the outermost of our proxies put in X-Forwarded-For (what the client writes there is ignored)."""
    return BaseThrottle().get_ident(request)  # type: ignore[arg-type]
