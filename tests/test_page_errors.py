"""How a page answers a refused service call: inside `refusal_shown_by(page)` a refusal answers with the page
again with the refusal's items (status 400 through `domain_errors`, an engine RuleViolation as the same items
the API answers with); `domain_errors` turns NotPermitted and NotFound into the 403 and 404 pages, and a refusal
no form showed into the 400 page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.test import RequestFactory

from engine.core.violations import RuleViolation, Violation
from pitside.errors import ErrorItem, Invalid, NotFound, NotPermitted
from pitside.page_errors import domain_errors, refusal_shown_by

TOO_MANY = Violation("lineup-size", "athletes", "Choose exactly 4 athletes.")
UNKNOWN = Violation("lineup-athlete-unknown", "athletes[5]", "This athlete is not on the roster.")


def refuse(error: Exception) -> Any:
    """A service call (or a view) that refuses with `error`."""

    def call(*_args: Any) -> None:
        raise error

    return call


class Page:
    """A stand-in page: what the refusal page was given, and a page rendered with the default status."""

    def __init__(self) -> None:
        self.shown: Invalid | None = None

    def refused(self, error: Invalid) -> HttpResponse:
        self.shown = error
        return HttpResponse("the form again")

    def view(self, service: Any) -> Any:
        """A page's view: the service in the block, a redirect after it."""

        @domain_errors
        def view(_request: HttpRequest) -> HttpResponse:
            with refusal_shown_by(self.refused):
                service()
            return HttpResponse(status=302)

        return view


def _request() -> HttpRequest:
    request = RequestFactory().post("/anywhere/")
    request.user = AnonymousUser()
    return request


def test_the_answer_on_success_is_the_views_own():
    page = Page()
    response = page.view(lambda: 7)(_request())
    assert response.status_code == 302
    assert page.shown is None


def test_a_rule_violation_shows_the_page_again_with_the_same_items_as_the_api():
    page = Page()
    response = page.view(refuse(RuleViolation([TOO_MANY, UNKNOWN])))(_request())
    assert response.status_code == 400  # the page rendered with the default status is answered 400
    assert response.content == b"the form again"
    assert page.shown is not None
    assert page.shown.items == (
        ErrorItem("lineup-size", "athletes", "Choose exactly 4 athletes."),
        ErrorItem("lineup-athlete-unknown", "athletes[5]", "This athlete is not on the roster."),
    )


def test_an_invalid_shows_the_page_again_with_its_items():
    page = Page()
    refused = Invalid.one("lot-open", "auction", "A maverick is already up for auction.")
    response = page.view(refuse(refused))(_request())
    assert response.status_code == 400
    assert response.content == b"the form again"
    assert page.shown is refused


@pytest.mark.parametrize("error", [NotPermitted.one("not-coach", "team", "No."), NotFound.one("team-unknown", "team", "No.")])
def test_not_permitted_and_not_found_are_not_refusals_of_the_input(error):
    page = Page()
    with pytest.raises(type(error)), refusal_shown_by(page.refused):
        refuse(error)()
    assert page.shown is None


def test_domain_errors_answers_a_refusal_no_form_showed_with_the_400_page():
    response = domain_errors(refuse(RuleViolation([TOO_MANY])))(_request())
    assert response.status_code == 400
    assert "Choose exactly 4 athletes." in response.content.decode()


@pytest.mark.parametrize(
    ("error", "raised"),
    [(NotPermitted.one("not-coach", "team", "No."), PermissionDenied), (NotFound.one("team-unknown", "team", "No."), Http404)],
)
def test_domain_errors_turns_not_permitted_and_not_found_into_djangos_own(error, raised):
    with pytest.raises(raised):
        domain_errors(refuse(error))(_request())


@pytest.mark.parametrize(
    ("error", "raised"),
    [(NotPermitted.one("not-coach", "team", "No."), PermissionDenied), (NotFound.one("team-unknown", "team", "No."), Http404)],
)
def test_a_page_forms_not_permitted_and_not_found_are_the_403_and_404_pages(error, raised):
    page = Page()
    with pytest.raises(raised):
        page.view(refuse(error))(_request())
    assert page.shown is None
