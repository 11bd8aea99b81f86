"""What the Slaughterville pages show, arranged for the templates: every figure comes from the selectors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.http import HttpRequest

from games.models import Game
from leagues.models import League
from leagues.selectors import league_is_commissioner
from pitside.paging import coached_by, page_rows
from slaughterville.models import Character, Location, Session, SessionSide, Villain
from slaughterville.selectors import catalogue_of, group_statistics, member_of, members, sessions
from slaughterville.services import RESULTS

CATALOGUE = (Character, Location, Villain)  # the kinds of entries whose names the sessions' list prints


def league_panel_context(league: League, request: HttpRequest) -> dict[str, Any]:
    """The group page's panel: its members and its sessions (a page each, the viewer's own first) and its statistics."""
    catalogue = catalogue_of(league)
    names = catalogue.names()
    own = coached_by(request)
    statistics = group_statistics(league)
    sessions_page = page_rows(
        request,
        sessions(league),
        own=Q(pk__in=SessionSide.objects.filter(team__coach_id=request.user.pk).values("session_id")) if own else None,
        param="sessions",
    )
    return {
        "member": member_of(league, request.user),
        "members": page_rows(request, members(league), own=own, param="members"),
        "sessions": sessions_page.map(
            lambda page: [(s, names.get(s.villain, s.villain)) for s in page],
            reads=[
                kind.objects.filter(league=league).order_by("pk").values_list("slug", "name")
                for kind in (Character, Location, Villain)
            ],
        ),
        "catalogue_ready": bool(catalogue.characters and catalogue.villains and len(catalogue.locations) >= 6),
        "statistics": statistics,
        "member_rates": page_rows(request, statistics.members, param="member_rates"),
    }


def settings_panel_context(league: League) -> dict[str, Any]:
    """The settings page's Slaughterville section: the catalogue."""
    return {"game_sections": [("catalogue", "Catalogue")], "catalogue": catalogue_of(league)}


@dataclass(frozen=True)
class Rights:
    """What the user may do to a session now (the lifecycle decides; the page only offers it)."""

    confirm: bool
    dispute: bool
    approve: bool
    void: bool


def session_rights(session: Session, user: Any) -> Rights:
    pending = {side.team_id for side in RESULTS.pending_sides(session)}
    mine = {side.team_id for side in RESULTS.user_sides(session, user)}
    commissioner = league_is_commissioner(session.league, user)
    state = session.state
    return Rights(
        confirm=bool(pending & mine),
        dispute=state == Game.State.SUBMITTED and bool(mine) and session.submitted_by_id != user.pk,
        approve=commissioner and state in (Game.State.SUBMITTED, Game.State.DISPUTED),
        void=commissioner and state in (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED),
    )


def session_context(session: Session, user: Any) -> dict[str, Any]:
    """The session page and its printable sheet."""
    names = catalogue_of(session.league).names()
    return {
        "session": session,
        "league": session.league,
        "names": names,
        "players": [(side, names.get(side.character, side.character)) for side in session.sides.all()],
        "villain_name": names.get(session.villain, session.villain),
        "locations": [names.get(slug, slug) for slug in session.locations],
        "pending": RESULTS.pending_sides(session),
        "history": list(session.events.all()),
        "rights": session_rights(session, user),
    }
