"""The Slaughterville pages: the catalogue, joining, a member, the session log form, a session (confirm, dispute,
approve, void) and its printable sheet. Each view checks the form, calls one service and redirects, or shows the
page again with the errors (400); the rules and permissions are the engine's and the services'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from engine.slaughterville.catalogue import catalogue_to_data
from games.pages import void_asked
from leagues import services as league_services
from leagues.forms import apply_domain_errors
from leagues.models import League
from pitside.errors import ErrorItem, Invalid
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by, valid_data
from rosters.models import Team
from rosters.views import team_signup_page
from sheets.views import sheet_response
from slaughterville import services
from slaughterville.forms import CatalogueForm, JoinForm, ReasonForm, SessionLogForm
from slaughterville.pages import session_context
from slaughterville.selectors import catalogue_of, league_get, members, session_get, sessions

SHEET_TEMPLATE = "slaughterville/session_sheet.html"


# --- The catalogue ------------------------------------------------------------------------------------


@login_required
@domain_errors
@require_form_page
def catalogue(request: HttpRequest, league_id: int) -> HttpResponse:
    """Type, paste or upload the catalogue (YAML or JSON): all or nothing, every error with its field."""
    league = league_get(league_id)
    league_services.league_require_commissioner(league=league, user=request.user)
    current = catalogue_of(league)
    text = yaml.safe_dump(catalogue_to_data(current), sort_keys=False, allow_unicode=True) if current.characters else ""
    form = CatalogueForm(request.POST or None, request.FILES or None, initial={"format": "yaml", "text": text})

    def page(errors: tuple[ErrorItem, ...] = ()) -> HttpResponse:
        context = {"league": league, "form": form, "errors": list(errors), "catalogue": current}
        return render(request, "slaughterville/catalogue.html", context, status=400 if request.method == "POST" else 200)

    if request.method != "POST" or not form.is_valid():
        return page()
    with refusal_shown_by(lambda error: page(error.items)):
        saved = services.catalogue_import(
            league=league, user=request.user, fmt=form.cleaned_data["format"], text=form.cleaned_data["text"]
        )
    messages.success(
        request,
        f"Catalogue saved: {len(saved.characters)} characters, {len(saved.villains)} villains, {len(saved.locations)} locations.",
    )
    return redirect("sv-catalogue", league.pk)


# --- Members ------------------------------------------------------------------------------------------


@login_required
@domain_errors
@require_form_page
def member_join(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    form = JoinForm(request.POST if request.method == "POST" else None)
    return team_signup_page(
        request,
        league=league,
        forms=form,
        template="slaughterville/join.html",
        context={"league": league, "form": form},
        service=services.member_join,
        team_url="sv-member-detail",
    )


@require_safe
def member_detail(request: HttpRequest, team_id: int) -> HttpResponse:
    """A member: his sessions, with the character he played and how each ended."""
    member = get_object_or_404(Team.objects.select_related("league", "coach"), pk=team_id, league__game_system="slaughterville")
    names = catalogue_of(member.league).names()
    rows = [
        (session, next(names.get(side.character, side.character) for side in session.sides.all() if side.team_id == member.pk))
        for session in sessions(member.league).filter(sides__team=member)
    ]
    return render(request, "slaughterville/member_detail.html", {"member": member, "league": member.league, "rows": rows})


# --- Sessions -----------------------------------------------------------------------------------------


def _log_form(league: League, data: Any = None) -> SessionLogForm:
    current = catalogue_of(league)
    return SessionLogForm(
        data,
        members=[(m.pk, m.name) for m in members(league)],
        characters=[(c.slug, c.name) for c in current.characters],
        villains=[
            (v.slug, f"{v.name} (first location: {current.names().get(v.location, v.location)})" if v.location else v.name)
            for v in current.villains
        ],
        locations=[(loc.slug, loc.name) for loc in current.locations],
    )


@login_required
@domain_errors
@require_form_page
def session_create(request: HttpRequest, league_id: int) -> HttpResponse:
    """Log a session: the form keeps what was typed when the engine refuses it, each error at its field."""
    league = league_get(league_id)
    form = _log_form(league, request.POST if request.method == "POST" else None)

    def page(error: Invalid | None = None) -> HttpResponse:
        if error is not None and form.is_valid():  # a form refused by its own fields shows them already
            apply_domain_errors(form, _form_fields(error))
        return render(request, "slaughterville/session_form.html", {"league": league, "form": form})

    if request.method != "POST":
        return page()
    with refusal_shown_by(page):
        session, _ = services.session_log_create(league=league, user=request.user, **_valid_log(form))
    messages.success(request, "Session logged: the other players confirm it.")
    return redirect("sv-session-detail", session.pk)


def _valid_log(form: SessionLogForm) -> dict[str, Any]:
    valid_data(form)
    return form.log()


def _form_fields(error: Invalid) -> Invalid:
    """The service's fields as the form names them: players[1].character is character_2, locations[0] location_1."""

    def field(name: str) -> str:
        if name.startswith("players[") and "]." in name:
            index, attribute = name.removeprefix("players[").split("].")
            return f"{'player' if attribute == 'member' else 'character'}_{int(index) + 1}"
        if name.startswith("locations["):
            return f"location_{int(name.removeprefix('locations[').rstrip(']')) + 1}"
        return name

    return Invalid(ErrorItem(item.code, field(item.field), item.message) for item in error.items)


@require_safe
def session_detail(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_get(session_id)
    context = {**session_context(session, request.user), "reason_form": ReasonForm()}
    return render(request, "slaughterville/session_detail.html", context)


def _session_write(
    request: HttpRequest,
    session_id: int,
    write: Callable[..., tuple[Any, bool]],
    done: str,
    reason: bool = False,
    ask: Callable[[], HttpResponse | None] | None = None,
) -> HttpResponse:
    """A lifecycle write from the session page; a refused reason shows the page again with the error. With `ask`,
    asked first once the form is valid (pitside.confirm): `ask()` answers the question, or None once confirmed."""
    session = session_get(session_id)
    form = ReasonForm(request.POST)

    def page(error: Invalid) -> HttpResponse:
        if form.is_valid():  # a form refused by its own fields shows them already
            apply_domain_errors(form, error)
        return render(
            request, "slaughterville/session_detail.html", {**session_context(session, request.user), "reason_form": form}
        )

    with refusal_shown_by(page):
        arguments = {"reason": valid_data(form)["reason"]} if reason else {}
        if ask is not None and (asked := ask()) is not None:
            return asked
        write(session_id=session.pk, user=request.user, **arguments)
    messages.success(request, done)
    return redirect("sv-session-detail", session.pk)


@login_required
@domain_errors
@require_POST
def session_confirm(request: HttpRequest, session_id: int) -> HttpResponse:
    return _session_write(request, session_id, services.session_confirm, "You confirmed the session.")


@login_required
@domain_errors
@require_POST
def session_dispute(request: HttpRequest, session_id: int) -> HttpResponse:
    return _session_write(request, session_id, services.session_dispute, "You disputed the session.", reason=True)


@login_required
@domain_errors
@require_POST
def session_approve(request: HttpRequest, session_id: int) -> HttpResponse:
    return _session_write(request, session_id, services.session_approve, "The session is approved.")


@login_required
@domain_errors
@require_POST
def session_void(request: HttpRequest, session_id: int) -> HttpResponse:
    back = reverse("sv-session-detail", args=[session_id])
    return _session_write(
        request,
        session_id,
        services.session_void,
        "The session is voided.",
        reason=True,
        ask=lambda: void_asked(request, results=services.RESULTS, game_id=session_id, back=back),
    )


@require_safe
def session_sheet(request: HttpRequest, session_id: int) -> HttpResponse:
    return render(request, SHEET_TEMPLATE, session_context(session_get(session_id), request.user))


@require_safe
def session_pdf(request: HttpRequest, session_id: int) -> HttpResponseBase:
    return sheet_response(
        request,
        kind="slaughterville-session",
        object_id=session_id,
        template=SHEET_TEMPLATE,
        context=lambda: session_context(session_get(session_id), request.user),  # a 404 when there is no such session
        filename=lambda _: f"session-{session_id}",
        big=False,
    )
