"""House values: what a Death Zone league needs that the rulebook does not print (GAPS.md).

Each one is None until the league's commissioner sets it; an action that needs an unset value is
refused with a violation naming the value and where to set it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.money import MAX_CREDITS, format_credits
from engine.core.ruleset import HouseValueField, house_value_required
from engine.core.ruleset import validate_house_values as house_values_check
from engine.core.violations import Violation, raise_if_any

GOLD_STEP = 10_000  # the rulebook counts money in 10,000s (Team Rating, match winnings)

FAN_FACTOR_COST = "costs.fan_factor"
APOTHECARY_COST = "costs.apothecary"
ASSISTANT_COACH_COST = "costs.assistant_coach"
CHEERLEADER_COST = "costs.cheerleader"
ROSTER_MINIMUM = "roster.minimum"
ROSTER_MAXIMUM = "roster.maximum"
TOURNAMENT_DRAW_POINTS = "tournament.draw_points"
FIELD_GOAL_POINTS = "points.field_goal"


FIELDS: dict[str, HouseValueField] = {
    f.key: f
    for f in (
        HouseValueField(FAN_FACTOR_COST, "Cost of one Fan Factor point for a new team", "gold"),
        HouseValueField(APOTHECARY_COST, "Apothecary cost", "gold"),
        HouseValueField(ASSISTANT_COACH_COST, "Assistant Coach cost", "gold"),
        HouseValueField(CHEERLEADER_COST, "Cheerleader cost", "gold"),
        HouseValueField(ROSTER_MINIMUM, "Fewest players on a new team's roster", "count"),
        HouseValueField(ROSTER_MAXIMUM, "Most players on a roster", "count"),
        HouseValueField(TOURNAMENT_DRAW_POINTS, "Tournament play-off points for a drawn match", "points"),
        HouseValueField(FIELD_GOAL_POINTS, "Points a field goal scores", "points"),
    )
}


@dataclass(frozen=True)
class HouseValues:
    """A league's (validated) house values; `get` is None for one the commissioner has not set."""

    values: Mapping[str, int]

    def get(self, key: str) -> int | None:
        return self.values.get(key)

    def missing(self, key: str) -> Violation:
        return house_value_required(FIELDS[key])


def _error(field: HouseValueField, value: Any) -> str | None:
    """Why a value does not fit its field (the message), or None when it does."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{field.label} must be a whole number."
    if field.kind == "gold":
        if value < 0 or value % GOLD_STEP:
            return f"{field.label} must be at least 0 gold pieces, in steps of {GOLD_STEP:,}."
        return f"{field.label} must be at most {format_credits(MAX_CREDITS, 'gold pieces')}." if value > MAX_CREDITS else None
    if field.kind == "count":
        return None if value >= 1 else f"{field.label} must be at least 1."
    return None if value >= 0 else f"{field.label} must be at least 0."


def validate_house_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check a league's house values; return them without the nulls (null unsets a value)."""
    clean = house_values_check(raw, FIELDS, _error, unknown="Blood Bowl house value")
    low, high = clean.get(ROSTER_MINIMUM), clean.get(ROSTER_MAXIMUM)
    if low is not None and high is not None and low > high:
        raise_if_any([Violation("house-value-invalid", ROSTER_MINIMUM, "The fewest players cannot be more than the most.")])
    return clean


def house_values(raw: Mapping[str, Any]) -> HouseValues:
    """A league's stored house values as the object the rules read (validated again: cheap, and safe)."""
    return HouseValues(validate_house_values(raw))
