"""The one place that maps a game system's slug to its ruleset object."""

from __future__ import annotations

from engine.bloodbowl.ruleset import BloodBowlRuleset
from engine.slaughterball.ruleset import SlaughterballRuleset

Ruleset = SlaughterballRuleset | BloodBowlRuleset

_RULESETS: dict[str, Ruleset] = {ruleset.slug: ruleset for ruleset in (SlaughterballRuleset(), BloodBowlRuleset())}


class UnknownGameSystem(LookupError):
    pass


def get_ruleset(slug: str) -> Ruleset:
    try:
        return _RULESETS[slug]
    except KeyError:
        raise UnknownGameSystem(slug) from None


def game_systems() -> list[tuple[str, str]]:
    """(slug, name) of every supported game system, for choices in forms and the API."""
    return [(slug, ruleset.name) for slug, ruleset in _RULESETS.items()]
