"""Team pages every game system shares: the sign-up page around a game system's own forms and
service, the purchase form on a team page, and the commissioner's grants and fines on any league's settings page.

Each view validates the form, calls one service and renders; the rules, costs and permissions are the
engine's and the services'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from engine.registry import get_ruleset
from leagues.forms import apply_domain_errors
from leagues.game_apps import game_app
from leagues.models import League
from leagues.selectors import league_list
from leagues.setup import signup_context
from leagues.views import grant_form, settings_page
from pitside.errors import Invalid
from pitside.page_errors import domain_errors, refusal_shown_by
from rosters import services
from rosters.models import Team


def roster_filename(context: dict[str, Any]) -> str:
    """The name of a team's roster sheet's file (sheets.views.sheet_response), from the sheet's context."""
    return f"{slugify(context['team'].name) or 'team'}-roster"


# --- Sign-up -----------------------------------------------------------------------------------


class SignupForms(Protocol):
    """A game system's sign-up forms: the team and its members, as one."""

    def is_valid(self) -> bool: ...
    def apply_errors(self, error: Invalid) -> None: ...
    def focus_first_error(self) -> None:
        """The page shown again opens at the first error (pitside.forms.autofocus_first_error_of)."""
        ...

    def team_data(self) -> dict[str, Any]: ...


def team_signup_page(
    request: HttpRequest,
    *,
    league: League,
    forms: SignupForms,
    template: str,
    context: dict[str, Any],
    service: Callable[..., Team],
    team_url: str,
) -> HttpResponse:
    """Any game system's sign-up page: the forms, then its sign-up service (league=, coach=, the forms'
    team_data()), then the new team's page; a refusal shows the forms again with the errors. A league that cannot
    take a team yet shows what it lacks instead of the forms (leagues/_signup_steps.html); a form sent all the same
    meets the service's refusal."""
    context = {**context, **signup_context(league, request.user)}
    if request.method != "POST":
        return render(request, template, context)
    if not forms.is_valid():
        forms.focus_first_error()
        return render(request, template, context, status=400)

    def refused(error: Invalid) -> HttpResponse:
        forms.apply_errors(error)
        forms.focus_first_error()
        return render(request, template, context)

    with refusal_shown_by(refused):
        team = service(league=league, coach=request.user, **forms.team_data())
    messages.success(request, f"{team.name} is signed up in {league.name}.")
    return redirect(team_url, team.pk)


# --- Purchases ------------------------------------------------------------------------------------


def team_purchase_page(
    request: HttpRequest,
    *,
    team: Team,
    form: Form,
    buy: Callable[[], tuple[Any, bool]],
    bought: Callable[[Any, bool], str],
    page: Callable[[], HttpResponse],
    team_url: str,
    ask: Callable[[], HttpResponse | None] | None = None,
) -> HttpResponse:
    """Any game system's purchase form on its team page: the form checked, then `buy()` (the game
    system's purchase service with the form's data: (purchase, created)), then the team page with
    `bought(purchase, created)`; a refusal shows the team `page()` again with the errors on the form,
    to the team's coach only. With `ask`, the coach is asked first (pitside.confirm): `ask()` answers
    the question, or None once confirmed."""

    def refused(error: Invalid | None = None) -> HttpResponse:
        if error is not None:
            apply_domain_errors(form, error)
        services.team_require_coach(team=team, user=request.user)
        response = page()
        response.status_code = 400
        return response

    if not form.is_valid():
        return refused()
    if ask is not None:
        services.team_require_coach(team=team, user=request.user)  # what a purchase would do is the coach's to see
        if (asked := ask()) is not None:
            return asked
    with refusal_shown_by(refused):
        purchase, created = buy()
    messages.success(request, bought(purchase, created))
    return redirect(team_url, team.pk)


# --- Grants and fines, on any league's settings page -----------------------------------------------


@login_required
@domain_errors
@require_POST
def league_grant(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(league_list(), pk=league_id)
    form = grant_form(league, request.POST)
    if not form.is_valid():
        return settings_page(request, league, status=400, grant_form=form)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return settings_page(request, league, grant_form=form)

    with refusal_shown_by(refused):
        entry, created = services.grant_create(
            league=league,
            user=request.user,
            team_id=form.cleaned_data["team"],
            amount=form.cleaned_data["amount"],
            reason=form.cleaned_data["reason"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    what = "Granted" if entry.amount > 0 else "Fined"
    again = "" if created else " (this form was already sent; it was applied once)"
    unit = get_ruleset(league.game_system).money_unit
    messages.success(request, f"{what} {entry.team.name} {abs(entry.amount):,} {unit}: {entry.reason}{again}.")
    return redirect(game_app(league).settings_url, league.pk)
