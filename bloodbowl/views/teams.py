"""Blood Bowl team pages: sign-up, the team page with its purchases and retirements, the roster sheet
(page and PDF). Each view validates the form, calls one service (or reads) and renders."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from bloodbowl.forms import PurchaseForm, RetireForm, TeamSignupForms
from bloodbowl.models import Player
from bloodbowl.selectors import TeamWithTreasury, league_get, league_house, team_facts, team_get, team_lists_of
from bloodbowl.selectors_tournaments import team_honours
from bloodbowl.services import teams as services
from bloodbowl.sheets import purchase_offers, roster_sheet_data, team_context
from engine.bloodbowl import house as hv
from engine.bloodbowl import postmatch
from engine.bloodbowl.postmatch import PurchaseRequest
from engine.bloodbowl.ruleset import RULESET
from engine.core.money import format_credits
from engine.core.violations import RuleViolation
from leagues.forms import apply_domain_errors, new_idempotency_key
from leagues.setup import league_setup_options
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by
from rosters.services import team_require_coach
from rosters.views import roster_filename, team_purchase_page, team_signup_page
from sheets.views import sheet_response

ROSTER_TEMPLATE = "bloodbowl/roster_sheet.html"
SIGNUP_ROWS_WITHOUT_MAXIMUM = 16  # rows on the sign-up form while the roster maximum house value is unset


# --- Sign-up -----------------------------------------------------------------------------------


@login_required
@domain_errors
@require_form_page
def team_create(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    team_lists = team_lists_of(league)
    races = team_lists.races if team_lists else ()
    positions = [(r.name, [(p.slug, f"{p.name} ({p.cost:,})") for p in r.positions]) for r in races]
    rows = league_house(league).get(hv.ROSTER_MAXIMUM) or SIGNUP_ROWS_WITHOUT_MAXIMUM
    forms = TeamSignupForms(
        request.POST if request.method == "POST" else None, races={r.slug: r.name for r in races}, positions=positions, rows=rows
    )
    context = {
        "league": league,
        "forms": forms,
        "races": races,
        "skill_names": team_lists.skill_names if team_lists else {},
        "house": league_house(league),
        "budget": RULESET.option_value(league.options, "starting_budget"),
    }
    return team_signup_page(
        request,
        league=league,
        forms=forms,
        template="bloodbowl/team_create.html",
        context=context,
        service=services.team_create,
        team_url="bb-team-detail",
    )


# --- The team page, purchases and retirements -------------------------------------------------------


def _team_page(request: HttpRequest, team: TeamWithTreasury, status: int = 200, **forms: Any) -> HttpResponse:
    context = team_context(team)
    is_coach = request.user.is_authenticated and team.coach_id == request.user.pk  # what to show; services decide
    offers = purchase_offers(team, context["line"].facts, context["team_lists"]) if is_coach else []
    offers = league_setup_options(offers, league=team.league, user=request.user)
    [context["line"]] = league_setup_options([context["line"]], league=team.league, user=request.user)
    context.update(
        {
            "is_coach": is_coach,
            "offers": [(offer, new_idempotency_key()) for offer in offers],
            "purchase_form": forms.get("purchase_form"),
            "retire_form": forms.get("retire_form"),
            "honours": team_honours(team),
        }
    )
    return render(request, "bloodbowl/team_detail.html", context, status=status)


@require_safe
def team_detail(request: HttpRequest, team_id: int) -> HttpResponse:
    return _team_page(request, team_get(team_id))


@login_required
@domain_errors
@require_POST
def team_purchase(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get(team_id)
    form = PurchaseForm(request.POST)
    return team_purchase_page(
        request,
        team=team,
        form=form,
        buy=lambda: services.purchase_make(
            team_id=team.pk,
            user=request.user,
            kind=form.cleaned_data["kind"],
            position=form.cleaned_data["position"] or None,
            name=form.cleaned_data["name"],
            number=form.cleaned_data["number"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        ),
        bought=_bought_message,
        page=lambda: _team_page(request, team_get(team.pk), purchase_form=form),
        team_url="bb-team-detail",
        ask=lambda: _purchase_asked(request, team, form.cleaned_data),
    )


def _purchase_asked(request: HttpRequest, team: TeamWithTreasury, data: dict[str, Any]) -> HttpResponse | None:
    """A purchase asks first (pitside.confirm): what it buys, its cost (the engine's quote, as the service pays it)
    and the treasury left; None once confirmed, or when the engine refuses it (the service then says why)."""
    team_lists = team_lists_of(team.league)
    kind, slug = data["kind"], data["position"] or None
    if team_lists is None:
        return None
    try:
        quote = postmatch.quote_purchase(team_facts(team), team_lists, league_house(team.league), PurchaseRequest(kind, slug))
    except RuleViolation:
        return None
    race = team_lists.race(team.faction)
    position = race.position(slug or "") if race is not None and kind == "player" else None
    what = (
        f"{team.name} hires #{data['number']} {data['name']}, {position.name}"
        if position is not None
        else f"{team.name} buys {services.PURCHASE_NAMES.get(kind, kind)}"
    )
    cost = format_credits(quote.cost, "gold pieces")
    return confirmation_asked(
        request,
        title=f"{what}?",
        consequences=[
            f"{what}, for {cost} from the treasury; it keeps {format_credits(team.treasury - quote.cost, 'gold pieces')}.",
            "A purchase is not refunded"
            + (": a player hired may be retired, but his price is not paid back." if position is not None else "."),
        ],
        button=f"{'Hire' if position is not None else 'Buy'} for {cost}",
        back=reverse("bb-team-detail", args=[team.pk]),
    )


def _bought_message(purchase: Any, created: bool) -> str:
    left = format_credits(purchase.treasury, "gold pieces")
    if not created:
        return f"This form was already sent; nothing more was spent. Treasury: {left}."
    return f"{purchase.entry.reason} for {format_credits(purchase.cost, 'gold pieces')}. Treasury now: {left}."


@login_required
@domain_errors
@require_POST
def player_retire(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.filter(team__league__game_system=RULESET.slug).select_related("team"), pk=player_id)
    form = RetireForm(request.POST)
    if not form.is_valid():
        return _team_page(request, team_get(player.team_id), status=400, retire_form=form)
    team_require_coach(team=player.team, user=request.user)
    staying = form.cleaned_data["as_assistant_coach"]
    asked = confirmation_asked(
        request,
        title=f"Retire #{player.number} {player.name}?",
        consequences=[
            f"#{player.number} {player.name} leaves {player.team.name}'s roster for good, with his {player.spp} Star "
            "Player Points and his skills: a retired player never comes back.",
            "He stays on as an Assistant Coach, for free." if staying else "He does not stay on as an Assistant Coach.",
        ],
        button=f"Retire #{player.number} {player.name}",
        back=reverse("bb-team-detail", args=[player.team_id]),
    )
    if asked is not None:
        return asked

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return _team_page(request, team_get(player.team_id), retire_form=form)

    with refusal_shown_by(refused):
        services.player_retire(player_id=player.pk, user=request.user, as_assistant_coach=form.cleaned_data["as_assistant_coach"])
    messages.success(
        request, f"#{player.number} {player.name} is retired.{' He stays on as an Assistant Coach.' if staying else ''}"
    )
    return redirect("bb-team-detail", player.team_id)


# --- Roster sheet ----------------------------------------------------------------------------------


@require_safe
def team_roster_sheet(request: HttpRequest, team_id: int) -> HttpResponse:
    return render(request, ROSTER_TEMPLATE, team_context(team_get(team_id)))


@require_safe
def team_roster_pdf(request: HttpRequest, team_id: int) -> HttpResponseBase:
    return sheet_response(
        request,
        kind="bloodbowl-roster",
        object_id=team_id,
        template=ROSTER_TEMPLATE,
        context=lambda: team_context(team_get(team_id)),  # a 404 when there is no such team
        filename=roster_filename,
        big=False,
        # Known by its rows (one query): a stored sheet is served without building the team's line.
        data=lambda: roster_sheet_data(team_id),
    )
