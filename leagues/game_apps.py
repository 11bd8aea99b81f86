"""The Django side of the engine registry: for each game system, the app that serves its leagues.

The league pages are shared; what a game system adds to them (its teams table, its links, its
settings page) comes from the app registered here with its ruleset, so shared code never
branches on a game's name. Each app registers itself once, in its AppConfig.ready().
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse

from engine import registry as engine_registry
from engine.core.ruleset import Ruleset
from leagues.models import League


@dataclass(frozen=True)
class GameApp:
    ruleset: Ruleset
    league_panel: str  # template included on the league page, below its header
    league_context: Callable[[League, Any], dict[str, Any]]  # (league, user) -> the panel's context
    settings_url: str  # url name of the league settings page (takes the league id)
    # (request, league, status=200, **bound forms) -> the settings page, for the shared settings forms
    # (commissioners, grants, house values) to show their errors on
    settings_page: Callable[..., HttpResponse]


_APPS: dict[str, GameApp] = {}


def register(app: GameApp) -> None:
    """A game system joins Pitside: its rules in the engine registry, its app here."""
    engine_registry.register(app.ruleset)
    _APPS[app.ruleset.slug] = app


def game_app(league: League) -> GameApp:
    return _APPS[league.game_system]
