"""What django-axes counts failed log-ins by (settings: AXES_USERNAME_CALLABLE, AXES_CLIENT_IP_CALLABLE).

The log-in page, /admin/login/ and the token API all call `authenticate()`, so axes keeps one counter
for the three: per username and client address."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from rest_framework.throttling import BaseThrottle

# The first key of the log-in advisory locks (the second is the client address): "PL" for Pitside Log-in.
LOGIN_LOCK_KEY = 0x504C


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


@cache
def _login_paths() -> frozenset[str]:
    return frozenset({reverse("login"), reverse("admin:login"), reverse("api-token")})


class OneLoginAtATimeMiddleware:
    """Log-in tries from one client address run one after the other. django-axes reads the failure count
    before the password is checked and records a failure after, so tries sent at once would all pass the
    check: in line, each sees the failures before it, and no more passwords are checked than the limit.
    The lock-out counts per username and address, so one line per address is enough for every count.
    On PostgreSQL a transaction-level advisory lock; SQLite's transactions take the write lock when they
    start (settings: IMMEDIATE), one at a time already."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST" or request.path_info not in _login_paths():
            return self.get_response(request)
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [LOGIN_LOCK_KEY, client_address(request) or ""]
                    )
            return self.get_response(request)
