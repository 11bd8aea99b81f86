"""Pit Fighter pages: the campaign (stables, combats, standings, the Pit King), a stable's sign-up, a combat and
its result, a fighter's roster (his history, training) and its PDF. Each POST calls one service and redirects; a
refusal shows the page again with the errors (pitside.page_errors)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from engine.core.violations import RuleViolation
from engine.pitfighter.combat import ONE_AGAINST_ALL, STYLE_NAMES
from engine.pitfighter.critical import CHARTS
from engine.pitfighter.fighters import CHARACTERISTIC_NAMES, CHARACTERISTICS, train
from games.api import schedule_data
from games.pages import void_asked
from pitfighter import services
from pitfighter.forms import ReasonForm, StableForms, TrainForm
from pitfighter.models import Fighter
from pitfighter.selectors import (
    characteristics_of,
    combat_get,
    combat_rights,
    fighter_get,
    league_get,
    league_panel_context,
    roster,
    stable_get,
)
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.forms import Field, autofocus_first_field, errors_beside
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by, valid_data
from pitside.params import parse_int
from rosters.views import team_signup_page
from sheets.views import sheet_response

ROSTER_TEMPLATE = "pitfighter/fighter_roster.html"
CRITICAL_ROWS = 3  # critical results a fighter's line of the report form takes


def _errors(error: Invalid | None) -> list[str]:
    return [item.message for item in error.items] if error else []


def _optional_int(post: QueryDict, field: str) -> int | None:
    """A form's whole number, None when left blank."""
    value = post.get(field, "")
    return parse_int(value, field=field) if value else None


# --- The campaign ---------------------------------------------------------------------------------------------------


def _league_page(request: HttpRequest, league_id: int, error: Invalid | None = None) -> HttpResponse:
    league = league_get(league_id)
    context = {"league": league, "errors": _errors(error), **league_panel_context(league, request)}
    return render(request, "pitfighter/league.html", context)


@require_safe
@domain_errors
def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    return _league_page(request, league_id)


def _lineup(post: QueryDict) -> list[dict[str, Any]]:
    """The fighters ticked for the combat: `team-<fighter>` is his team (1, 2 ...), or "x" one against all."""
    teams = {key: post.get(key, "") for key in post if key.startswith("team-")}
    return [
        {"fighter": parse_int(key.removeprefix("team-"), field=key), "team": 0 if team == "x" else parse_int(team, field=key)}
        for key, team in teams.items()
        if team
    ]


@login_required
@domain_errors
@require_POST
def combat_arrange(request: HttpRequest, league_id: int) -> HttpResponse:
    with refusal_shown_by(lambda error: _league_page(request, league_id, error)):
        combat = services.combat_create(
            league_id=league_id, user=request.user, style=request.POST.get("style", ""), fighters=_lineup(request.POST)
        )
    messages.success(request, "The combat is arranged.")
    return redirect("pit-combat", combat.pk)


@login_required
@domain_errors
@require_form_page
def stable_signup(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    forms = StableForms(request.POST or None)
    return team_signup_page(
        request,
        league=league,
        forms=forms,
        template="pitfighter/signup.html",
        context={"league": league, "forms": forms},
        service=services.stable_create,
        team_url="pit-stable",
    )


@require_safe
def stable_page(request: HttpRequest, team_id: int) -> HttpResponse:
    stable = stable_get(team_id)
    return render(request, "pitfighter/stable.html", {"stable": stable, "league": stable.league})


# --- A combat -------------------------------------------------------------------------------------------------------


def _report_form(
    entries: list[Any], sent: QueryDict | None, errors: dict[str, list[str]], focus: bool
) -> tuple[list[tuple[Any, Field, Field, list[tuple[Field, Field, Field]]]], Field]:
    """The report form's fields by fighter (see report_input) as `sent`, so a refused report comes back as typed, each
    with its `errors` (by field name); with `focus` (no error at the top of the page), the page opens at the first
    field in error. Answers the rows, (entry, taken down by, wounds left, [(critical, by, scar)] for each critical
    row), and the winner."""
    typed = sent if sent is not None else QueryDict()

    def one(name: str) -> Field:
        return Field(name, typed.get(name, ""), errors.get(name, []))

    rows = [
        (
            e,
            one(f"down-{e.fighter_id}"),
            one(f"wounds-{e.fighter_id}"),
            [
                (one(f"crit-{e.fighter_id}-{n}"), one(f"by-{e.fighter_id}-{n}"), one(f"scar-{e.fighter_id}-{n}"))
                for n in range(CRITICAL_ROWS)
            ],
        )
        for e in entries
    ]
    winner = one("winner")
    if focus:
        fields = [field for _e, down, wounds, criticals in rows for field in (down, wounds, *(f for c in criticals for f in c))]
        autofocus_first_field((field.errors, field) for field in [*fields, winner])
    return rows, winner


def _combat_page(
    request: HttpRequest, combat_id: int, error: Invalid | None = None, sent: QueryDict | None = None
) -> HttpResponse:
    """The combat page; after a refusal, its `error`, and the report form as it was `sent`, each error beside its
    field (the rest, and any other form's, at the top)."""
    combat = combat_get(combat_id)
    entries = list(combat.entries.all())
    where: dict[str, str] = {}
    if sent is not None:
        with suppress(Invalid):  # a number that is none: its error names the field, and is shown at the top
            where = report_input(sent)[1]
    beside, top = errors_beside([(item.field, item.message) for item in error.items] if error else [], where)
    report_rows, winner = _report_form(entries, sent, beside, focus=not top)
    context = {
        "combat": combat,
        "league": combat.league,
        "entries": entries,
        "report_rows": report_rows,
        "winner": winner,
        "style": STYLE_NAMES[combat.style],
        "one_against_all": combat.style in ONE_AGAINST_ALL,
        "rights": combat_rights(combat, request.user),
        "charts": CHARTS.values(),
        "errors": top,
        "schedule_url": reverse("pit-schedule", args=[combat.pk])
        if services.RESULTS.schedule_refusal(combat, request.user) is None
        else "",
    }
    return render(request, "pitfighter/combat.html", context)


@require_safe
def combat_page(request: HttpRequest, combat_id: int) -> HttpResponse:
    return _combat_page(request, combat_id)


def report_input(post: QueryDict) -> tuple[dict[str, Any], dict[str, str]]:
    """The report form as the service's input, and where each path of it came from (path -> the form's field).

    The form: for each fighter `down-<id>` (who took him down), `wounds-<id>` and up to three critical results
    `crit-<id>-<n>` ("chart:result") with `by-<id>-<n>` and `scar-<id>-<n>`; `winner`."""
    fighters: list[dict[str, Any]] = []
    where = {"winner": "winner"}
    for key in post:
        if not key.startswith("down-"):
            continue
        fighter = key.removeprefix("down-")
        path = f"fighters[{len(fighters)}]"
        where |= {path: key, f"{path}.wounds_left": f"wounds-{fighter}", f"{path}.criticals": f"crit-{fighter}-0"}
        criticals: list[dict[str, Any]] = []
        for n in range(CRITICAL_ROWS):
            chart, _, result = post.get(f"crit-{fighter}-{n}", "").partition(":")
            if chart:
                at = f"{path}.criticals[{len(criticals)}]"
                where |= {at: f"crit-{fighter}-{n}", f"{at}.by": f"by-{fighter}-{n}", f"{at}.scar": f"scar-{fighter}-{n}"}
                by, scar = _optional_int(post, f"by-{fighter}-{n}"), _optional_int(post, f"scar-{fighter}-{n}")
                criticals.append({"chart": chart, "result": result, "by": by or 0, "scar": scar})
        fighters.append(
            {
                "fighter": parse_int(fighter, field=key),
                "taken_down_by": _optional_int(post, key),
                "wounds_left": bool(post.get(f"wounds-{fighter}")),
                "criticals": criticals,
            }
        )
    return {"report": {"fighters": fighters, "winner": _optional_int(post, "winner")}}, where


# Each combat form: its service, how the form's fields become the service's input, and what to tell the user.
ACTIONS: dict[str, tuple[Callable[..., Any], Callable[[Any], dict[str, Any]], str]] = {
    "report": (services.result_submit, lambda post: report_input(post)[0], "The result is in: the other owners confirm it."),
    "confirm": (services.result_confirm, lambda post: {}, "The result is confirmed."),
    "dispute": (services.result_dispute, lambda post: valid_data(ReasonForm(post)), "The result is disputed."),
    "void": (services.result_void, lambda post: valid_data(ReasonForm(post)), "The result is voided."),
    "schedule": (services.combat_schedule, schedule_data, "The date and place are saved."),
}


@login_required
@domain_errors
@require_POST
def combat_action(request: HttpRequest, combat_id: int, action: str) -> HttpResponse:
    service, data, done = ACTIONS[action]
    sent = request.POST if action == "report" else None
    with refusal_shown_by(lambda error: _combat_page(request, combat_id, error, sent)):
        arguments = data(request.POST)
        if action == "void":
            back = reverse("pit-combat", args=[combat_id])
            if (asked := void_asked(request, results=services.RESULTS, game_id=combat_id, back=back)) is not None:
                return asked
        service(combat_id=combat_id, user=request.user, **arguments)
    messages.success(request, done)
    return redirect("pit-combat", combat_id)


# --- A fighter ------------------------------------------------------------------------------------------------------


def _roster_context(request: HttpRequest, fighter_id: int) -> dict[str, Any]:
    fighter = fighter_get(fighter_id)
    sheet = roster(fighter)
    return {
        "roster": sheet,
        "fighter": fighter,
        "league": fighter.stable.league,
        "own": fighter.stable.coach_id == request.user.pk,
        "characteristics": [(CHARACTERISTIC_NAMES[key], value) for key, value in sheet.profile.items()],
    }


def _roster_page(request: HttpRequest, fighter_id: int, error: Invalid | None = None) -> HttpResponse:
    context = _roster_context(request, fighter_id)
    context["errors"] = _errors(error)
    context["train_form"] = TrainForm()
    return render(request, ROSTER_TEMPLATE, context)


@require_safe
def fighter_page(request: HttpRequest, fighter_id: int) -> HttpResponse:
    return _roster_page(request, fighter_id)


@require_safe
def fighter_pdf(request: HttpRequest, fighter_id: int) -> HttpResponseBase:
    return sheet_response(
        request,
        kind="pitfighter-fighter-roster",
        object_id=fighter_id,
        template=ROSTER_TEMPLATE,
        context=lambda: _roster_context(request, fighter_id),  # a 404 when there is no such fighter
        filename=lambda context: f"{slugify(context['fighter'].name) or 'fighter'}-roster",
        big=False,
    )


def _train_asked(request: HttpRequest, fighter: Fighter, points: dict[str, int]) -> HttpResponse | None:
    """Training asks first (pitside.confirm): each characteristic as it will be (the engine's train, as the service
    applies it); None once confirmed, or when training is refused (the service then says why)."""
    if fighter.stable.coach_id != request.user.pk:
        return None
    before = characteristics_of(fighter)
    try:
        after = train(before, fighter.points, points)
    except RuleViolation:
        return None
    changes = ", ".join(f"{CHARACTERISTIC_NAMES[c]} {before[c]} to {after[c]}" for c in CHARACTERISTICS if after[c] != before[c])
    return confirmation_asked(
        request,
        title=f"Train {fighter.name}?",
        consequences=[
            f"{fighter.name}: {changes}.",
            f"His {fighter.points} point{'s are' if fighter.points != 1 else ' is'} spent for good: training is not undone.",
        ],
        button=f"Train {fighter.name}",
        back=reverse("pit-fighter", args=[fighter.pk]),
    )


@login_required
@domain_errors
@require_POST
def fighter_train(request: HttpRequest, fighter_id: int) -> HttpResponse:
    with refusal_shown_by(lambda error: _roster_page(request, fighter_id, error)):
        points = {key: value for key, value in valid_data(TrainForm(request.POST)).items() if value}
        if (asked := _train_asked(request, fighter_get(fighter_id), points)) is not None:
            return asked
        services.fighter_train(fighter_id=fighter_id, user=request.user, points=points)
    messages.success(request, "Training done.")
    return redirect("pit-fighter", fighter_id)
