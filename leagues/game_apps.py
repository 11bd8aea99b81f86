"""The Django side of the engine registry: for each game system, the app that serves its leagues.

The league pages are shared; what a game system adds to them (its teams table, its links, its
settings page) and its own URLs come from the app registered here with its ruleset, so shared code
never branches on a game's name. Each app registers itself once, in its AppConfig.ready().
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from engine import registry as engine_registry
from engine.core.ruleset import Ruleset
from leagues.forms import LeagueSettingsForm
from leagues.models import League
from pitside.ics import CalendarEvent


@dataclass(frozen=True)
class LeagueDataSource:
    """League data besides house values that a new league may start from (Blood Bowl's team lists): one of the
    sets the game system ships, or a copy of another league's (leagues.services.league_create checks both)."""

    field: str  # the create request's field: "team_lists_from"
    label: str  # "Team lists"
    shipped: Mapping[str, str]  # the shipped sets: name -> label ("sample": "the sample house team lists")
    default: str  # what a new league starts from when its creator names nothing: "empty" or a shipped set's name
    # (new league, a shipped set's name or the league to copy, user): stores the data in the new league.
    copy: Callable[[League, str | League, Any], None]


@dataclass(frozen=True)
class Waiting:
    """Something a user is to do, one click away (the dashboard's "what waits for me"), in one of his leagues (the
    dashboard shows its name: a coach of two leagues has a "week 1" in each)."""

    kind: str  # one of WAITING_KINDS
    text: str
    url: str
    league: str  # its league's name

    @property
    def label(self) -> str:
        return WAITING_KINDS[self.kind]


# What a waiting action is, as the dashboard labels it.
WAITING_KINDS = {
    "confirm": "Result to confirm",
    "turn": "Your turn",
    "bid": "Your bid",
    "choose": "To choose",
    "dispute": "Dispute to decide",
    "setup": "League setup",
    "pregame": "Pre-game",
}


@dataclass(frozen=True)
class SetupStep:
    """What a league lacks before it can take a team, and the commissioner's step that gives it (leagues.setup)."""

    missing: str  # what coaches read: "team lists"
    action: str  # what the commissioner does, one click away: "import its team lists"
    url: str


@dataclass(frozen=True)
class NextGame:
    """A team's next game (or match, combat, session): its name and page, its day and place when known, its opponents
    (the name does not name them: the dashboard shows them after it)."""

    label: str
    url: str
    day: datetime.date | None
    location: str
    opponents: tuple[str, ...]


@dataclass(frozen=True)
class GameApp:
    ruleset: Ruleset
    league_panel: str  # template included on the league page, below its header
    # (league, request) -> the panel's context; a list of the whole league shows a page of it (pitside.paging)
    league_context: Callable[[League, HttpRequest], dict[str, Any]]
    settings_url: str  # url name of the league settings page (takes the league id)
    # The settings page is shared (leagues.views.settings_page); a game system gives its general
    # settings form (its options), a template for its own sections and their context.
    settings_form: type[LeagueSettingsForm]
    settings_panel: str
    settings_context: Callable[[League], dict[str, Any]]
    # Makes its demo league for `manage.py seed_demo` (safe to run again), given the demo users by name;
    # returns what it did, in a sentence.
    seed_demo: Callable[[Mapping[str, Any]], str]
    # Builds a league of N teams with W weeks (rounds) of confirmed results in bulk, for `manage.py
    # seed_large` and bench/; None when the game system has no such builder yet.
    seed_large: Callable[[int, int], League] | None = None
    # Its URL modules, which pitside/urls.py includes: its pages as (prefix, module), its API's under api/.
    urls: Sequence[tuple[str, str]] = ()
    api_urls: Sequence[str] = ()
    # What else a new league may start from besides its house values (league_create's `data_from`).
    data_sources: Sequence[LeagueDataSource] = ()
    # The league's dated entries for its calendar feeds (deadlines, games with their day and place where
    # known), each naming the teams it concerns; None when the game system dates nothing yet.
    calendar_events: Callable[[League], list[CalendarEvent]] | None = None
    # The standings' top N lines ("1. Team: 12 pts"), which a confirmed result posts to the league's channels;
    # None when the game system keeps no standings.
    standings_top: Callable[[League, int], list[str]] | None = None
    # The dashboard: the url name of a team's page (takes the team id), the result lifecycle of its games (a coach's
    # next game, the results he is to confirm, the disputes his leagues' commissioner decides: games.selectors) and
    # what else waits for the coach of the given teams (his teams of this game system, with their league): turns,
    # bids, rolls to choose, each one click away, in a number of queries that does not grow with the league.
    # Typed Any: they are the games app's ResultLifecycle and the rosters app's Team rows, and those apps read the
    # leagues, never the reverse.
    team_url: str = ""
    results: Any = None
    waiting: Callable[[Sequence[Any]], list[Waiting]] | None = None
    # What a league of this game system needs besides its house values before a team can sign up (Blood Bowl: team
    # lists), read for many leagues at once (the dashboard's): the step for each league that lacks it, in one query.
    # leagues.setup decides with it whether a league can take a team; None when the house values are all it needs.
    signup_needs: Callable[[Sequence[League]], dict[int, SetupStep]] | None = None
    # What waits for the commissioner of the given leagues (of this game system) besides the disputes: the same
    # promise of a fixed number of queries.
    commissioner_waiting: Callable[[Sequence[League]], list[Waiting]] | None = None


_APPS: dict[str, GameApp] = {}


def register(app: GameApp) -> None:
    """A game system joins Pitside: its rules in the engine registry, its app here."""
    engine_registry.register(app.ruleset)
    _APPS[app.ruleset.slug] = app


def game_apps() -> list[GameApp]:
    return list(_APPS.values())


def game_app(league: League) -> GameApp:
    return _APPS[league.game_system]


def game_app_of(slug: str) -> GameApp | None:
    return _APPS.get(slug)


def data_sources() -> list[tuple[GameApp, LeagueDataSource]]:
    """Every game system's league data a new league may start from, with its game app."""
    return [(app, source) for app in _APPS.values() for source in app.data_sources]


# The sections of every league's settings page that a shared app adds (webhooks: the channels), each as a function
# (league, the page's bound forms) -> its context: registered in the app's AppConfig.ready(), so that the leagues
# app imports none of them.
_SETTINGS_SECTIONS: list[Callable[[League, Mapping[str, Any]], dict[str, Any]]] = []


def register_settings_section(context: Callable[[League, Mapping[str, Any]], dict[str, Any]]) -> None:
    _SETTINGS_SECTIONS.append(context)


def settings_sections_context(league: League, forms: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for section in _SETTINGS_SECTIONS for key, value in section(league, forms).items()}
