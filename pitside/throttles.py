"""Rate limits per client (the user when logged in, else the address) on what is costly to answer or to
abuse: PDF sheets, sign-ups, new leagues. DRF's throttles, so the API's views take them as they are and
the pages through `throttled`; their rates are REST_FRAMEWORK's DEFAULT_THROTTLE_RATES, their history in
the cache."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle

View = Callable[..., HttpResponse]


class SheetThrottle(UserRateThrottle):
    """PDF sheets: each costs up to seconds of CPU the first time (pitside.sheets caches it after)."""

    scope = "sheets"


class SignupThrottle(UserRateThrottle):
    """New accounts, per address."""

    scope = "signup"


class LeagueCreateThrottle(UserRateThrottle):
    """New leagues, per user."""

    scope = "league_create"


def throttled(throttle_class: type[SimpleRateThrottle], methods: Collection[str]) -> Callable[[View], View]:
    """A page view's requests of `methods` limited by `throttle_class` (a sign-up page's POST, not its form):
    over the rate, a 429 page that says when to try again (Retry-After)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            throttle = throttle_class()
            # DRF's throttles read only request.user and request.META, which a page's request has too.
            if request.method in methods and not throttle.allow_request(request, None):  # type: ignore[arg-type]
                wait = throttle.wait()
                response = render(request, "429.html", {"wait": wait}, status=429)
                if wait is not None:
                    response["Retry-After"] = str(int(wait) + 1)
                return response
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
