"""Slaughterball team pages: sign-up, the team page, spending (skills, trait points, staff hires), and the
Team Roster Sheet (page and PDF).

Each view validates the form, calls one service (or reads through the selectors) and renders;
the rules, costs and permissions are the engine's and the services'.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST, require_safe

from engine.core.money import format_credits
from engine.core.violations import RuleViolation
from engine.slaughterball.purchases import PurchaseKind, PurchaseRequest
from engine.slaughterball.ruleset import RULESET
from leagues.forms import apply_domain_errors, new_idempotency_key
from leagues.setup import league_house_values, league_setup_options
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.http import HtmxHttpRequest, require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by
from rosters.models import Team
from rosters.selectors import team_balances, team_ledger
from rosters.services import team_require_coach
from rosters.views import roster_filename, team_purchase_page, team_signup_page
from sheets.views import sheet_response
from slaughterball.forms import SpendForm, StaffHireForm, TeamSignupForms
from slaughterball.models import Athlete, Purchase
from slaughterball.selectors import league_get
from slaughterball.selectors_teams import team_facts, team_get
from slaughterball.services import teams as services
from slaughterball.sheets_teams import (
    SHEET_TEMPLATE,
    balances,
    portfolio_starts,
    roster_sheet_context,
    roster_sheet_data,
    team_context,
    trait_columns,
)


def _team(team_id: int) -> Team:
    team = team_get(team_id)
    if team is None:
        raise Http404("No such team.")
    return team


# --- Sign-up -----------------------------------------------------------------------------------


@login_required
@domain_errors
@require_form_page
def team_create(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    catalog = RULESET.catalog(league_house_values(league))
    forms = TeamSignupForms(
        request.POST if request.method == "POST" else None,
        portfolios=dict(catalog.portfolios),
        athlete_types=RULESET.athlete_types,
        rows=RULESET.roster_size,
    )
    context = {
        "league": league,
        "forms": forms,
        "portfolio_starts": portfolio_starts(catalog),
        "trait_columns": trait_columns(catalog),
        "athlete_types": RULESET.athlete_types,
        "roster_size": RULESET.roster_size,
        "type_minimum": RULESET.type_minimum,
        "type_maximum": RULESET.type_maximum,
    }
    return team_signup_page(
        request,
        league=league,
        forms=forms,
        template="slaughterball/teams/team_create.html",
        context=context,
        service=services.team_create,
        team_url="team-detail",
    )


# --- Team page and staff hires -------------------------------------------------------------------


def _staff_offers(context: dict[str, Any], team: Team, user: Any) -> list[tuple[Any, str]]:
    """The staff the team may hire now (as `user` reads them), each with the idempotency key of its Hire form."""
    options = league_setup_options(
        RULESET.staff_options(context["catalog"], context["summary"].facts), league=team.league, user=user
    )
    return [(option, new_idempotency_key()) for option in options]


def _team_page(request: HttpRequest, team: Team, status: int = 200, staff_form: StaffHireForm | None = None) -> HttpResponse:
    context = team_context(team)
    account_names = {b.account: b.name for b in context["balances"]}
    is_coach = request.user.is_authenticated and team.coach_id == request.user.pk  # what to show; services decide
    context.update(
        {
            "is_coach": is_coach,
            "ledger": [(entry, account_names.get(entry.account, entry.account)) for entry in team_ledger(team)],
            "staff_offers": _staff_offers(context, team, request.user) if is_coach else [],
            "staff_form": staff_form,
        }
    )
    return render(request, "slaughterball/teams/team_detail.html", context, status=status)


@require_safe
def team_detail(request: HttpRequest, team_id: int) -> HttpResponse:
    return _team_page(request, _team(team_id))


def _bought_message(purchase: Purchase, created: bool, team: Team) -> str:
    left = ", ".join(f"{b.name} {b.amount:,}" for b in balances(team.league.game_system, team_balances(team)))
    if not created:
        return f"{purchase.name} was already bought with this form; nothing more was spent. Balances: {left}."
    return f"Bought {purchase.name} for {format_credits(purchase.cost)}. Balances now: {left}."


def _purchase_asked(
    request: HttpRequest, *, team: Team, kind: PurchaseKind, item: str, athlete_id: int | None = None, back: str
) -> HttpResponse | None:
    """A purchase asks first (pitside.confirm): what it buys, its cost and the balances that pay it (the engine's
    quote, as the service will pay it) and what they keep; None once confirmed, or when the engine refuses it (the
    service then says why, as it would have)."""
    facts = team_facts(team)
    try:
        quote = RULESET.quote_purchase(
            RULESET.catalog(league_house_values(team.league)), facts, PurchaseRequest(kind, item, athlete_id)
        )
    except RuleViolation:
        return None
    athlete = facts.athlete(athlete_id).name if athlete_id is not None else ""
    what = {
        "skill": f"{athlete} learns {quote.name}",
        "trait": f"{athlete}'s {quote.name} goes up by 1",
        "staff": f"{team.name} hires {quote.name}",
    }[kind]
    name = RULESET.account_names
    paid = ", ".join(f"{format_credits(amount)} from the {name.get(account, account)}" for account, amount in quote.debits)
    kept = ", ".join(
        f"{name.get(account, account)} {format_credits(facts.balances.get(account, 0) - amount)}"
        for account, amount in quote.debits
    )
    return confirmation_asked(
        request,
        title=f"{what}?",
        consequences=[f"{what}, for {format_credits(quote.cost)}.", f"Paid {paid}; left: {kept}.", "A purchase is not refunded."],
        button=f"Buy {quote.name} for {format_credits(quote.cost)}",
        back=back,
    )


@login_required
@domain_errors
@require_POST
def team_staff_hire(request: HttpRequest, team_id: int) -> HttpResponse:
    team = _team(team_id)
    form = StaffHireForm(request.POST)
    return team_purchase_page(
        request,
        team=team,
        form=form,
        buy=lambda: services.purchase_make(
            team_id=team.pk,
            user=request.user,
            kind="staff",
            item=form.cleaned_data["item"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        ),
        bought=lambda purchase, created: _bought_message(purchase, created, _team(team.pk)),
        page=lambda: _team_page(request, _team(team.pk), staff_form=form),
        team_url="team-detail",
        ask=lambda: _purchase_asked(
            request, team=team, kind="staff", item=form.cleaned_data["item"], back=reverse("team-detail", args=[team.pk])
        ),
    )


# --- Spending on an athlete ------------------------------------------------------------------------


def _spend_context(user: Any, athlete: Athlete, form: SpendForm | None = None, success: str = "") -> dict[str, Any]:
    team = _team(athlete.team_id)
    context = team_context(team)
    facts = context["summary"].facts
    options = league_setup_options(
        RULESET.purchase_options(context["catalog"], facts, facts.athlete(athlete.pk)), league=team.league, user=user
    )
    context.update(
        {
            "athlete": athlete,
            "spend_lines": [line for line in context["athlete_lines"] if line.athlete.pk == athlete.pk],
            "offers": [(option, new_idempotency_key()) for option in options if option.allowed],
            "refused": [option for option in options if not option.allowed],
            "form": form,
            "success": success,
        }
    )
    return context


@login_required
@domain_errors
@require_form_page
def athlete_spend(request: HtmxHttpRequest, athlete_id: int) -> HttpResponse:
    athlete = get_object_or_404(Athlete.objects.select_related("team"), pk=athlete_id)
    team_require_coach(team=athlete.team, user=request.user)
    template = "slaughterball/teams/_spend_panel.html" if request.htmx else "slaughterball/teams/athlete_spend.html"
    if request.method != "POST":
        return render(request, template, _spend_context(request.user, athlete))
    form = SpendForm(request.POST)
    if not form.is_valid():
        return render(request, template, _spend_context(request.user, athlete, form=form), status=400)
    asked = _purchase_asked(
        request,
        team=athlete.team,
        kind=form.cleaned_data["kind"],
        item=form.cleaned_data["item"],
        athlete_id=athlete.pk,
        back=reverse("athlete-spend", args=[athlete.pk]),
    )
    if asked is not None:
        return asked

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return render(request, template, _spend_context(request.user, athlete, form=form))

    with refusal_shown_by(refused):
        purchase, created = services.purchase_make(
            team_id=athlete.team_id,
            user=request.user,
            athlete_id=athlete.pk,
            kind=form.cleaned_data["kind"],
            item=form.cleaned_data["item"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    message = _bought_message(purchase, created, _team(athlete.team_id))
    if request.htmx:
        return render(request, template, _spend_context(request.user, athlete, success=message))
    messages.success(request, message)
    return redirect("athlete-spend", athlete.pk)


# --- Team Roster Sheet ---------------------------------------------------------------------------


@require_safe
def team_roster_sheet(request: HttpRequest, team_id: int) -> HttpResponse:
    return render(request, "slaughterball/teams/roster_sheet.html", roster_sheet_context(_team(team_id)))


@require_safe
def team_roster_pdf(request: HttpRequest, team_id: int) -> HttpResponseBase:
    return sheet_response(
        request,
        kind="slaughterball-roster",
        object_id=team_id,
        template=SHEET_TEMPLATE,
        context=lambda: roster_sheet_context(_team(team_id)),  # a 404 when there is no such team
        filename=roster_filename,
        big=False,
        # Known by its rows (one query): a stored sheet is served without building the team's summary.
        data=lambda: roster_sheet_data(team_id),
    )


urlpatterns = [
    path("leagues/<id:league_id>/teams/new/", team_create, name="team-create"),
    path("teams/<id:team_id>/", team_detail, name="team-detail"),
    path("teams/<id:team_id>/staff/", team_staff_hire, name="team-staff-hire"),
    path("teams/<id:team_id>/roster/", team_roster_sheet, name="team-roster-sheet"),
    path("teams/<id:team_id>/roster.pdf", team_roster_pdf, name="team-roster-pdf"),
    path("athletes/<id:athlete_id>/spend/", athlete_spend, name="athlete-spend"),
]
