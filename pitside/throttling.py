"""Rate limits, counted in the cache (Redis in production): the log-in scope (the API's and the page's), password
resets per address and per account, and per client (the user when logged in, else the address) what is costly to
answer or to abuse: PDF sheets, sign-ups, new leagues.
DRF's throttles, so the API's views take them as they are and the pages through `throttled`; their rates
are REST_FRAMEWORK's DEFAULT_THROTTLE_RATES.

Each lets the request through while its cache is down: a throttle only slows clients down, so Redis down
must not answer everyone with a 500 (the log-in lock-out, in the database, still counts failed log-ins)."""

from __future__ import annotations

import hashlib
import logging
import unicodedata
from collections.abc import Callable, Collection
from functools import wraps
from typing import Any, TypeVar, cast

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle, UserRateThrottle
from rest_framework.views import APIView

logger = logging.getLogger(__name__)

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


class FailOpen(SimpleRateThrottle):
    """A throttle that lets the request through (and logs it) while its cache is down."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        try:
            return super().allow_request(request, view)
        except RedisError:
            logger.warning("Throttle %r not applied: the cache is down.", self.scope, exc_info=True)
            return True


class FailOpenScopedRateThrottle(FailOpen, ScopedRateThrottle):
    """The API's scoped throttles (the token API's `login` scope)."""


class SheetThrottle(FailOpen, UserRateThrottle):
    """PDF sheets: each costs up to seconds of CPU the first time (the sheets app stores it after)."""

    scope = "sheets"


class SignupThrottle(FailOpen, UserRateThrottle):
    """New accounts, per address."""

    scope = "signup"


class LeagueCreateThrottle(FailOpen, UserRateThrottle):
    """New leagues, per user."""

    scope = "league_create"


class PerAddressThrottle(FailOpen, SimpleRateThrottle):
    """Per client address, logged in or not (accounts.lockout.client_address reads it the same way)."""

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginPageThrottle(PerAddressThrottle):
    """The log-in page's tries: the API's `login` scope, rate and count (the token API's anonymous tries count in
    the same key), so that one rule limits the password checks an address asks for."""

    scope = "login"


class PasswordResetThrottle(PerAddressThrottle):
    """Password resets asked, per address."""

    scope = "password_reset"


class PasswordResetAccountThrottle(FailOpen, SimpleRateThrottle):
    """Password resets asked, per address asked for (whether an account has it or not, so that the answer tells
    nobody which do), from whatever client: each one can send a mail."""

    scope = "password_reset_account"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        # Folded as the form's look-up (case-insensitive), hashed: the key holds no address and fits any cache.
        asked = unicodedata.normalize("NFKC", str(request.POST.get("email", ""))).strip().casefold()
        return self.cache_format % {"scope": self.scope, "ident": hashlib.sha256(asked.encode()).hexdigest()}


def throttle_refusal(request: HttpRequest, throttle_class: type[SimpleRateThrottle]) -> HttpResponse | None:
    """None when `throttle_class` lets this page request through (and counts it), else the 429 page that says
    when to try again (Retry-After)."""
    throttle = throttle_class()
    # DRF's throttles read only request.user and request.META, which a page's request has too.
    if throttle.allow_request(request, None):  # type: ignore[arg-type]
        return None
    wait = throttle.wait()
    response = render(request, "429.html", {"wait": wait}, status=429)
    if wait is not None:
        response["Retry-After"] = str(int(wait) + 1)
    return response


def throttled(throttle_class: type[SimpleRateThrottle], methods: Collection[str]) -> Callable[[View], View]:
    """A page view's requests of `methods` limited by `throttle_class` (a sign-up page's POST, not its form):
    over the rate, a 429 page that says when to try again (Retry-After)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            refusal = throttle_refusal(request, throttle_class) if request.method in methods else None
            return refusal or view(request, *args, **kwargs)

        return cast(View, wrapper)

    return decorator
