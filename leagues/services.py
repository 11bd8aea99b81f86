from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from engine.core.violations import paths_under
from engine.registry import UnknownGameSystem, game_systems, get_ruleset
from leagues.models import League
from leagues.selectors import league_is_commissioner
from pitside.errors import Invalid, NotPermitted


def league_require_commissioner(*, league: League, user: Any) -> None:
    if not league_is_commissioner(league, user):
        raise NotPermitted.one("not-commissioner", "league", "Only a commissioner of this league can do that.")


def league_create(*, user: Any, name: str, game_system: str, options: dict[str, Any]) -> League:
    """A new league; its creator is its first commissioner."""
    try:
        ruleset = get_ruleset(game_system)
    except UnknownGameSystem:
        choices = ", ".join(slug for slug, _ in game_systems())
        raise Invalid.one("game-system-unknown", "game_system", f"Unknown game system; choose one of {choices}.") from None
    clean_options = ruleset.validate_options(options)
    with transaction.atomic():
        league = League.objects.create(name=name, game_system=game_system, options=clean_options)
        league.commissioners.add(user)
    return league


def league_update(
    *,
    league: League,
    user: Any,
    name: str | None = None,
    options: dict[str, Any] | None = None,
    house_values: dict[str, Any] | None = None,
    open_for_signups: bool | None = None,
) -> League:
    """Change a league's settings. House values given are merged into the existing ones (null clears one)."""
    league_require_commissioner(league=league, user=user)
    ruleset = get_ruleset(league.game_system)
    if options is not None:
        league.options = ruleset.validate_options({**league.options, **options})
    if house_values is not None:
        with paths_under("house_values."):
            league.house_values = ruleset.validate_house_values({**league.house_values, **house_values})
    if name is not None:
        league.name = name
    if open_for_signups is not None:
        league.open_for_signups = open_for_signups
    league.save()
    return league


def league_commissioner_add(*, league: League, user: Any, username: str) -> None:
    league_require_commissioner(league=league, user=user)
    new = get_user_model().objects.filter(username=username).first()
    if new is None:
        raise Invalid.one("user-unknown", "username", f"No user is called {username}.")
    league.commissioners.add(new)
