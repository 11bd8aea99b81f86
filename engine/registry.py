"""The one place that maps a game system's slug to its ruleset. It is open: each game system's app
registers its ruleset once when Django starts (leagues.game_apps.register), and shared code asks
here, never branching on a game's name."""

from __future__ import annotations

from engine.core.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


class UnknownGameSystem(LookupError):
    pass


def register(ruleset: Ruleset) -> None:
    """Add a game system; registering the same slug again replaces it (a reloaded app)."""
    _RULESETS[ruleset.slug] = ruleset


def get_ruleset(slug: str) -> Ruleset:
    try:
        return _RULESETS[slug]
    except KeyError:
        raise UnknownGameSystem(slug) from None


def game_systems() -> list[tuple[str, str]]:
    """(slug, name) of every registered game system, for choices in forms and the API."""
    return [(slug, ruleset.name) for slug, ruleset in _RULESETS.items()]
