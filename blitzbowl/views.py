"""Blitz Bowl pages: the league (standings, schedule with legal opponents, finals bracket, awards), a coach's
sign-up, a match and its result, the coach roster and its PDF. Each POST calls one service and redirects;
a refusal shows the page again with the errors (pitside.page_errors)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from blitzbowl import services
from blitzbowl.forms import ReasonForm, SideForm, SignupForm
from blitzbowl.models import TraitGain
from blitzbowl.selectors import (
    coach_get,
    coach_roster,
    league_get,
    league_panel_context,
    match_get,
    match_rights,
    stage_of,
    trait_gain_get,
    traits_held,
)
from engine.blitzbowl.league import STAGE_NAMES
from engine.blitzbowl.traits import TRAITS, check_choice
from engine.core.violations import RuleViolation
from games.api import schedule_data
from games.pages import void_asked
from leagues.models import League
from leagues.selectors import league_is_commissioner
from leagues.services import league_require_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import ErrorItem, Invalid
from pitside.forms import Field, autofocus_first_field, errors_beside
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by, valid_data
from rosters.views import team_signup_page
from sheets.views import sheet_response

ROSTER_TEMPLATE = "blitzbowl/coach_roster.html"


# --- The league -----------------------------------------------------------------------------------------


def _league_page(request: HttpRequest, league_id: int, error: Invalid | None = None) -> HttpResponse:
    league = league_get(league_id)
    context = {
        "league": league,
        "is_commissioner": league_is_commissioner(league, request.user),
        "errors": [item.message for item in error.items] if error else [],
        **league_panel_context(league, request),
    }
    return render(request, "blitzbowl/league.html", context)


@require_safe
@domain_errors
def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    return _league_page(request, league_id)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


@login_required
@domain_errors
@require_POST
def league_arrange(request: HttpRequest, league_id: int) -> HttpResponse:
    with refusal_shown_by(lambda error: _league_page(request, league_id, error)):
        services.match_create(
            league_id=league_id,
            user=request.user,
            home_team=_int(request.POST.get("home_team")),
            away_team=_int(request.POST.get("away_team")),
        )
    messages.success(request, "The match is arranged.")
    return redirect("blitz-league", league_id)


@login_required
@domain_errors
@require_POST
def league_round(request: HttpRequest, league_id: int) -> HttpResponse:
    with refusal_shown_by(lambda error: _league_page(request, league_id, error)):
        arranged = services.round_generate(league_id=league_id, user=request.user)
    messages.success(request, f"The next round is arranged: {len(arranged)} match{'es' if len(arranged) != 1 else ''}.")
    return redirect("blitz-league", league_id)


@login_required
@domain_errors
@require_POST
def league_finals(request: HttpRequest, league_id: int) -> HttpResponse:
    if (asked := _finals_asked(request, league_get(league_id))) is not None:
        return asked
    with refusal_shown_by(lambda error: _league_page(request, league_id, error)):
        drawn = services.finals_next(league_id=league_id, user=request.user)
    messages.success(
        request, f"{STAGE_NAMES[stage_of(drawn[0])]}s drawn." if drawn[0].stage != "final" else "The final is drawn."
    )
    return redirect("blitz-league", league_id)


def _finals_asked(request: HttpRequest, league: League) -> HttpResponse | None:
    """Drawing the finals' next round asks first (pitside.confirm): its matches (finals_next_pairs, as finals_next
    draws them), and that the results they come from stand for good; None once confirmed, or when the draw is
    refused (the service then says why)."""
    league_require_commissioner(league=league, user=request.user)
    try:
        state, stage, pairs = services.finals_next_pairs(league)
    except Invalid:
        return None
    names = {team.pk: team.name for team in state.coaches}
    what = STAGE_NAMES[stage]
    return confirmation_asked(
        request,
        title=f"Draw the {what.lower()}?",
        consequences=[
            f"{what}: {'; '.join(f'{names[home]} v {names[away]}' for home, away in pairs)}.",
            "The results they are drawn from stand for good: none of them can be voided any more.",
        ],
        button=f"Draw the {what.lower()}",
        back=reverse("blitz-league", args=[league.pk]),
    )


@login_required
@domain_errors
@require_form_page
def coach_signup(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    form = SignupForm(request.POST or None)
    return team_signup_page(
        request,
        league=league,
        forms=form,
        template="blitzbowl/signup.html",
        context={"league": league, "form": form},
        service=services.coach_signup,
        team_url="blitz-coach",
    )


# --- A match ---------------------------------------------------------------------------------------------


# Each field of a side's report line: its value before any report, and its column's name (for a screen reader, and
# beside the input when the table turns into cards on a phone).
REPORT_FIELDS = {
    "score": ("", "score"),
    "challenge_cards": ("0", "challenge cards claimed"),
    "injuries": ("0", "opposing players injured"),
}
SIDES = ("home", "away")


def _report_rows(
    sides: list[Any], sent: Any, errors: dict[str, list[str]], focus: bool
) -> list[tuple[Any, list[tuple[Field, str]]]]:
    """The report form's rows: (side, its (field, label)s), each field as `sent` after a refusal (so the form comes back as
    typed), else as reported (a corrected result starts from it), with its `errors` (by field name); with `focus`
    (no error at the top of the page), the page opens at the first field in error."""
    rows = []
    for side in sides:
        name = "home" if side.home else "away"
        fields = []
        for part, (blank, label) in REPORT_FIELDS.items():
            reported = getattr(side, part)
            value = sent.get(f"{name}-{part}", "") if sent is not None else str(blank if reported is None else reported)
            fields.append((Field(f"{name}-{part}", value, errors.get(f"{name}-{part}", [])), label))
        rows.append((side, fields))
    if focus:
        autofocus_first_field((field.errors, field) for _side, fields in rows for field, _label in fields)
    return rows


def _match_page(request: HttpRequest, match_id: int, error: Invalid | None = None, report: bool = False) -> HttpResponse:
    """The match page; after a refusal, its `error`: a refused `report` comes back as typed, each error beside its
    field (the rest, and any other form's, at the top)."""
    match = match_get(match_id)
    sides = sorted(match.sides.all(), key=lambda s: not s.home)
    paths = [(item.field, item.message) for item in error.items] if error else []
    where = {f"{name}.{part}": f"{name}-{part}" for name in SIDES for part in REPORT_FIELDS} if report else {}
    beside, top = errors_beside(paths, where)
    context = {
        "match": match,
        "league": match.league,
        "sides": sides,
        "stage": STAGE_NAMES[stage_of(match)],
        "rights": match_rights(match, request.user),
        "gains": [(gain, TRAITS[gain.rolled], TRAITS.get(gain.trait)) for gain in match.trait_gains.all()],
        "errors": top,
        "report_rows": _report_rows(sides, request.POST if report else None, beside, focus=not top),
        "schedule_url": reverse("blitz-schedule", args=[match.pk])
        if services.RESULTS.schedule_refusal(match, request.user) is None
        else "",
    }
    return render(request, "blitzbowl/match.html", context)


@require_safe
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    return _match_page(request, match_id)


def _report_input(post: Any) -> dict[str, Any]:
    """Both sides' lines, or every error of both (named "home.score" as the engine names them)."""
    report: dict[str, Any] = {}
    problems: list[ErrorItem] = []
    for name in SIDES:
        try:
            report[name] = valid_data(SideForm(post, prefix=name), path=name)
        except Invalid as refused:
            problems += refused.items
    if problems:
        raise Invalid(problems)
    return {"report": report}


# Each match form: its service, how the form's fields become the service's input, and what to tell the user.
ACTIONS: dict[str, tuple[Callable[..., Any], Callable[[Any], dict[str, Any]], str]] = {
    "report": (
        services.result_submit,
        _report_input,
        "The result is in: the other coach confirms it.",
    ),
    "confirm": (services.result_confirm, lambda post: {}, "The result is confirmed."),
    "dispute": (services.result_dispute, lambda post: valid_data(ReasonForm(post)), "The result is disputed."),
    "void": (services.result_void, lambda post: valid_data(ReasonForm(post)), "The result is voided."),
    "schedule": (services.match_schedule, schedule_data, "The date and place are saved."),
}


@login_required
@domain_errors
@require_POST
def match_action(request: HttpRequest, match_id: int, action: str) -> HttpResponse:
    service, data, done = ACTIONS[action]
    with refusal_shown_by(lambda error: _match_page(request, match_id, error, report=action == "report")):
        arguments = data(request.POST)
        if action == "void":
            back = reverse("blitz-match", args=[match_id])
            if (asked := void_asked(request, results=services.RESULTS, game_id=match_id, back=back)) is not None:
                return asked
        service(match_id=match_id, user=request.user, **arguments)
    messages.success(request, done)
    return redirect("blitz-match", match_id)


# --- The coach roster ------------------------------------------------------------------------------------


def _roster_context(request: HttpRequest, team_id: int) -> dict[str, Any]:
    team = coach_get(team_id)
    return {"roster": coach_roster(team), "team": team, "league": team.league, "own": team.coach_id == request.user.pk}


def _roster_page(request: HttpRequest, team_id: int, error: Invalid | None = None) -> HttpResponse:
    context = _roster_context(request, team_id)
    context["errors"] = [item.message for item in error.items] if error else []
    return render(request, ROSTER_TEMPLATE, context)


@require_safe
def coach_page(request: HttpRequest, team_id: int) -> HttpResponse:
    return _roster_page(request, team_id)


@require_safe
def coach_pdf(request: HttpRequest, team_id: int) -> HttpResponseBase:
    return sheet_response(
        request,
        kind="blitzbowl-coach-roster",
        object_id=team_id,
        template=ROSTER_TEMPLATE,
        context=lambda: _roster_context(request, team_id),  # a 404 when there is no such coach
        filename=lambda context: f"{slugify(context['team'].name) or 'coach'}-roster",
        big=False,
    )


def _trait_asked(request: HttpRequest, gain: TraitGain) -> HttpResponse | None:
    """Choosing a Coach Trait asks first (pitside.confirm): it is held until the end of the league; None once
    confirmed, or when the choice is refused (the service then says why)."""
    if gain.trait or gain.team.coach_id != request.user.pk:
        return None
    try:
        trait = check_choice(traits_held([gain.team_id])[gain.team_id], request.POST.get("trait", ""))
    except RuleViolation:
        return None
    return confirmation_asked(
        request,
        title=f"Take {trait.name}?",
        consequences=[
            f"{gain.team.name} takes the Coach Trait {trait.name}: {trait.text}",
            "It is held until the end of the league: the choice is not changed.",
        ],
        button=f"Take {trait.name}",
        back=reverse("blitz-coach", args=[gain.team_id]),
    )


@login_required
@domain_errors
@require_POST
def trait_choose(request: HttpRequest, gain_id: int) -> HttpResponse:
    gain = trait_gain_get(gain_id)
    if (asked := _trait_asked(request, gain)) is not None:
        return asked
    with refusal_shown_by(lambda error: _roster_page(request, gain.team_id, error)):
        services.trait_choose(gain_id=gain_id, user=request.user, trait=request.POST.get("trait", ""))
    messages.success(request, "Coach Trait chosen.")
    return redirect("blitz-coach", gain.team_id)
