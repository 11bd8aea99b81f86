"""What every page's frame shows of the leagues: the footer names the game systems registered (leagues.game_apps)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from engine.registry import game_systems


def registered_game_systems(request: HttpRequest) -> dict[str, Any]:
    """The name of every registered game system, in the registry's order: a new game system is named once it joins."""
    return {"game_system_names": [name for _, name in game_systems()]}
