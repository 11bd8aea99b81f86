"""House values: what a Death Zone league needs that the rulebook does not print (GAPS.md).

Each one is None until the league's commissioner sets it; an action that needs an unset value is
refused with a violation naming the value and where to set it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.money import MAX_CREDITS, format_credits
from engine.core.violations import Violation, raise_if_any

FieldKind = Literal["gold", "count", "points"]
GOLD_STEP = 10_000  # the rulebook counts money in 10,000s (Team Rating, match winnings)

FAN_FACTOR_COST = "costs.fan_factor"
APOTHECARY_COST = "costs.apothecary"
ASSISTANT_COACH_COST = "costs.assistant_coach"
CHEERLEADER_COST = "costs.cheerleader"
ROSTER_MINIMUM = "roster.minimum"
ROSTER_MAXIMUM = "roster.maximum"
TOURNAMENT_DRAW_POINTS = "tournament.draw_points"
FIELD_GOAL_POINTS = "points.field_goal"


@dataclass(frozen=True)
class HouseValueField:
    key: str
    label: str
    kind: FieldKind
    printed: Any  # always None here: these are the values the transcription does not print


FIELDS: dict[str, HouseValueField] = {
    f.key: f
    for f in (
        HouseValueField(FAN_FACTOR_COST, "Cost of one Fan Factor point for a new team", "gold", None),
        HouseValueField(APOTHECARY_COST, "Apothecary cost", "gold", None),
        HouseValueField(ASSISTANT_COACH_COST, "Assistant Coach cost", "gold", None),
        HouseValueField(CHEERLEADER_COST, "Cheerleader cost", "gold", None),
        HouseValueField(ROSTER_MINIMUM, "Fewest players on a new team's roster", "count", None),
        HouseValueField(ROSTER_MAXIMUM, "Most players on a roster", "count", None),
        HouseValueField(TOURNAMENT_DRAW_POINTS, "Tournament play-off points for a drawn match", "points", None),
        HouseValueField(FIELD_GOAL_POINTS, "Points a field goal scores", "points", None),
    )
}


@dataclass(frozen=True)
class HouseValues:
    """A league's (validated) house values; `get` is None for one the commissioner has not set."""

    values: Mapping[str, int]

    def get(self, key: str) -> int | None:
        return self.values.get(key)

    def missing(self, key: str) -> Violation:
        return Violation(
            "house-value-required",
            key,
            f"{FIELDS[key].label} is a house value this league has not set yet: the commissioner sets it "
            f"in League settings -> House values ({key}).",
        )


def _error(field: HouseValueField, value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return "must be a whole number."
    if field.kind == "gold":
        if value < 0 or value % GOLD_STEP:
            return f"must be at least 0 gold pieces, in steps of {GOLD_STEP:,}."
        return f"must be at most {format_credits(MAX_CREDITS, 'gold pieces')}." if value > MAX_CREDITS else None
    if field.kind == "count":
        return None if value >= 1 else "must be at least 1."
    return None if value >= 0 else "must be at least 0."


def validate_house_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check a league's house values; return them without the nulls (null unsets a value)."""
    problems: list[Violation] = []
    clean: dict[str, Any] = {}
    for key, value in raw.items():
        field = FIELDS.get(key)
        if field is None:
            problems.append(Violation("house-value-unknown", key, f"{key} is not a Blood Bowl house value."))
        elif value is not None:
            error = _error(field, value)
            if error:
                problems.append(Violation("house-value-invalid", key, f"{field.label} {error}"))
            else:
                clean[key] = value
    low, high = clean.get(ROSTER_MINIMUM), clean.get(ROSTER_MAXIMUM)
    if low is not None and high is not None and low > high:
        problems.append(Violation("house-value-invalid", ROSTER_MINIMUM, "The fewest players cannot be more than the most."))
    raise_if_any(problems)
    return clean


def house_values(raw: Mapping[str, Any]) -> HouseValues:
    """A league's stored house values as the object the rules read (validated again: cheap, and safe)."""
    return HouseValues(validate_house_values(raw))
