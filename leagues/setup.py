"""A league its commissioner has not finished setting up: a coach the engine refuses because a house value is not
set sees one sentence instead of the house values' keys, and the league's commissioners are told once.

Every refusal reaches a person through one boundary (the API's exception handler, the pages' `refusal_shown_by`
and `domain_errors`), which calls `league_setup_refusal`. To know the league (the engine's violation names only
the house value), the code that hands a league's house values to the engine reads them with
`league_house_values`, which notes the league for the request under way (`LeagueSetupMiddleware` scopes it).
The boundary runs after the refused write's transaction has rolled back (there is no ATOMIC_REQUESTS), so the
notice is its own write and stays.

Before any refusal, `signup_steps` says whether a league can take a team at all, and what its commissioner does
first: his dashboard lists it, and its pages offer coaches no sign-up until then.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from engine.core.ruleset import HOUSE_VALUE_REQUIRED
from engine.registry import get_ruleset
from leagues.forms import house_value_anchor
from leagues.game_apps import SetupStep, game_app_of
from leagues.models import League
from leagues.selectors import league_is_commissioner
from notifications.services import notify
from pitside.errors import ErrorItem, Invalid

SETUP_UNFINISHED = "The commissioner has not finished setting up this league."


@dataclass
class _Request:
    """The request under way and the league whose house values it handed to the engine."""

    request: HttpRequest
    league: League | None = None


_under_way: ContextVar[_Request | None] = ContextVar("league_setup_request", default=None)


class LeagueSetupMiddleware:
    """Scopes what `league_house_values` notes to one request (a worker thread serves many)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _under_way.set(_Request(request))
        try:
            return self.get_response(request)
        finally:
            _under_way.reset(token)


def league_house_values(league: League) -> dict[str, Any]:
    """`league`'s house values, for the engine: a refusal for one it has not set is answered as `league`'s."""
    under_way = _under_way.get()
    if under_way is not None:
        under_way.league = league
    values: dict[str, Any] = league.house_values
    return values


def league_setup_refusal(refused: Invalid) -> Invalid:
    """A refusal naming house values the league has not set: a commissioner sees each one (and where to set it);
    anyone else sees one sentence instead of them, with the other errors as they are, and the league's
    commissioners are told once for this set of house values (not once a try)."""
    unset = [item for item in refused.items if item.code == HOUSE_VALUE_REQUIRED]
    under_way = _under_way.get()
    if not unset or under_way is None or under_way.league is None:
        return refused
    league, user = under_way.league, under_way.request.user  # the API's authentication sets request.user too
    if league_is_commissioner(league, user):
        return refused
    _notify_setup_unfinished(league, list(dict.fromkeys(item.field for item in unset)))
    others = [item for item in refused.items if item.code != HOUSE_VALUE_REQUIRED]
    return Invalid([ErrorItem("league-setup-unfinished", "league", SETUP_UNFINISHED), *others])


class RefusableOption(Protocol):
    """A dataclass of something a coach may choose, refused or not (a purchase option), or of a figure left open
    (a Blood Bowl team's Team Rating), with the engine's reason."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def unset(self) -> tuple[str, ...]: ...  # the house values its refusal names as not set


def league_setup_options[O: RefusableOption](options: Sequence[O], *, league: League, user: Any) -> list[O]:
    """Options as `user` reads them: anyone but a commissioner reads the one sentence as the reason of an option
    refused for house values the league has not set, not their keys. A list read is no refusal: nobody is told."""
    if not any(option.unset for option in options) or league_is_commissioner(league, user):
        return list(options)
    return [replace(option, reason=SETUP_UNFINISHED) if option.unset else option for option in options]


NAMED_AT_MOST = 5  # house values a notice names before "and N more" (the settings page lists them all)


def _notify_setup_unfinished(league: League, keys: list[str]) -> None:
    # Named by the league's house values as they are: setting any of them makes the next refusal a new event.
    # Two coaches refused at once both try; the notification's unique (user, event) keeps one.
    digest = hashlib.sha256(json.dumps(league.house_values, sort_keys=True).encode()).hexdigest()[:16]
    app = game_app_of(league.game_system)
    # A notice has one link: to the one value's input, else to the settings page's list of them (each a link).
    anchor = house_value_anchor(keys[0]) if len(keys) == 1 else "unset"
    url = f"{reverse(app.settings_url, args=[league.pk])}#{anchor}" if app else ""
    labels = {field.key: field.label for field in get_ruleset(league.game_system).house_value_fields()}
    names = [labels.get(key, key) for key in keys]  # the settings page's own names for them
    more = len(names) - NAMED_AT_MOST
    named = ", ".join(names[:NAMED_AT_MOST]) + (f" and {more} more" if more > 0 else "")
    notify(
        users=league.commissioners.all(),
        league=league,
        event=f"house-values-unset:{league.pk}:{digest}",
        text=f"A coach was refused: house values are not set yet ({named}).",
        url=url,
    )


def signup_steps(leagues: Sequence[League]) -> dict[int, list[SetupStep]]:
    """Whether a league can take a team yet, decided here alone (its league page, its sign-up page and its
    commissioner's dashboard ask): for each of `leagues` that cannot, the steps its commissioner takes first, each one
    click away: what its game system needs besides house values (GameApp.signup_needs: Blood Bowl's team lists), then
    the house values no sign-up can do without (the engine's `signup_unset`). A league that can is left out; one that
    is closed for sign-ups is the commissioner's choice, not a step. One query for each game system with a need of its
    own among `leagues`, none for the others."""
    by_system: dict[str, list[League]] = {}
    for league in leagues:
        by_system.setdefault(league.game_system, []).append(league)
    steps: dict[int, list[SetupStep]] = {}
    for slug, group in by_system.items():
        app = game_app_of(slug)
        if app is None:
            continue
        needs = app.signup_needs(group) if app.signup_needs is not None else {}
        for league in group:
            found = [needs[league.pk]] if league.pk in needs else []
            if unset := app.ruleset.signup_unset(league.house_values):
                count = f"{len(unset)} house value{'s' if len(unset) != 1 else ''} a team needs"
                url = reverse(app.settings_url, args=[league.pk]) + "#" + house_value_anchor(unset[0])
                found.append(SetupStep(missing=count, action=f"set the {count}", url=url))
            if found:
                steps[league.pk] = found
    return steps


def league_signup_steps(league: League) -> list[SetupStep]:
    """What `league` lacks before it can take a team (`signup_steps`): [] once it can."""
    return signup_steps([league]).get(league.pk, [])


def signup_context(league: League, user: Any) -> dict[str, Any]:
    """What the league page and a sign-up page show of `signup_steps` (leagues/_signup_steps.html): whether a coach is
    offered a sign-up, and else, to a commissioner, the steps as links; to anyone else, what is missing and who adds
    it."""
    steps = league_signup_steps(league)
    return {
        "signup_steps": steps,
        "signup_open": league.open_for_signups and not steps,
        "is_commissioner": league_is_commissioner(league, user),
        "setup_unfinished": SETUP_UNFINISHED,
    }
