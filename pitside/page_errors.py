"""How a page answers a service that refuses: the page again with the errors (400), the 403 page or the 404 page.

A page's form runs its service through `form_action`, which shows a refusal on the page the form is on; the
`domain_errors` decorator answers what no form shows (NotPermitted, NotFound, a refusal outside a form). An
engine rule's RuleViolation is a refusal like Invalid, with the same items as the API's 400.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from engine.core.violations import RuleViolation
from pitside.errors import Invalid, NotFound, NotPermitted

View = Callable[..., HttpResponse]


def _as_invalid(error: Invalid | RuleViolation) -> Invalid:
    return error if isinstance(error, Invalid) else Invalid.from_rules(error)


def form_action[T](
    call: Callable[[], T],
    *,
    done: Callable[[T], HttpResponse],
    refused: Callable[[Invalid], HttpResponse],
) -> HttpResponse:
    """Run a page form's service call: `done(result)` when it succeeds (a message and a redirect, mostly);
    when the input is refused, `refused(error)` with status 400, which shows the page again with the error's
    items, on the bound form or listed above it.

    An Invalid or a RuleViolation is a refusal; NotPermitted and NotFound go on to `domain_errors`.
    """
    try:
        result = call()
    except (Invalid, RuleViolation) as error:
        response = refused(_as_invalid(error))
        response.status_code = 400
        return response
    return done(result)


def domain_errors(view: View) -> View:
    """NotPermitted -> the 403 page, NotFound -> the 404 page; a refusal a view did not show on a form -> 400."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotPermitted as error:
            raise PermissionDenied(str(error)) from error
        except NotFound as error:
            raise Http404(str(error)) from error
        except (Invalid, RuleViolation) as error:
            return render(request, "400.html", {"errors": _as_invalid(error).items}, status=400)

    return wrapper
