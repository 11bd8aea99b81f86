"""How a page answers a service that refuses: the page again with the errors (400), the 403 page or the 404 page.

A page's form runs its service inside `refusal_shown_by(page)`, which shows a refusal on the page the form is on;
the `domain_errors` decorator answers it with status 400, and answers what no form shows (NotPermitted, NotFound,
a refusal outside a form). An engine rule's RuleViolation is a refusal like Invalid, with the same items as the
API's 400; a coach refused for house values the league has not set sees one sentence (leagues.setup).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from engine.core.violations import RuleViolation
from leagues.setup import league_setup_refusal
from pitside.errors import ErrorItem, Invalid, NotFound, NotPermitted
from pitside.forms import autofocus_first_error

View = Callable[..., HttpResponse]


def _as_invalid(error: Invalid | RuleViolation) -> Invalid:
    return league_setup_refusal(error if isinstance(error, Invalid) else Invalid.from_rules(error))


class PageRefusal(Exception):
    """The page showing a refused input, on its way out of the view to `domain_errors` (which answers it, 400)."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__("The input was refused; the page shows why.")
        self.response = response


@contextmanager
def refusal_shown_by(page: Callable[[Invalid], HttpResponse]) -> Iterator[None]:
    """A service refusing the input inside this block (Invalid, or an engine RuleViolation) answers with
    `page(error)` at status 400 (through `domain_errors`) instead of the view's own answer, so the view reads
    straight on: the service call in the block, the success after it. NotPermitted and NotFound pass through."""
    try:
        yield
    except (Invalid, RuleViolation) as error:
        raise PageRefusal(page(_as_invalid(error))) from error


def valid_data(form: Form, path: str = "") -> dict[str, Any]:
    """The form's cleaned data; an invalid form is refused as a service is (each field's errors as items, their
    fields under `path` when the form is one part of the service's input: "home.score"), so inside
    `refusal_shown_by` it shows the same page, 400, as the service's refusal would, opened at its first error when
    the page shows the form."""
    if not form.is_valid():
        autofocus_first_error(form)
        raise Invalid(
            [
                ErrorItem("invalid", f"{path}.{name}" if path else name, str(message))
                for name, errors in form.errors.items()
                for message in errors
            ]
        )
    return form.cleaned_data


def domain_errors(view: View) -> View:
    """A refusal a form showed (`refusal_shown_by`) -> that page, 400; NotPermitted -> the 403 page, NotFound ->
    the 404 page; a refusal no form showed -> the 400 page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except PageRefusal as refusal:
            refusal.response.status_code = 400
            return refusal.response
        except NotPermitted as error:
            raise PermissionDenied(str(error)) from error
        except NotFound as error:
            raise Http404(str(error)) from error
        except (Invalid, RuleViolation) as error:
            return render(request, "400.html", {"errors": _as_invalid(error).items}, status=400)

    return wrapper
