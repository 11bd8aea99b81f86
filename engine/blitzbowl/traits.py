"""Coach Traits: the table (data/coach_traits.toml), the 2d8 roll on it and the choice of a trait not held."""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from importlib import resources

from engine.core.violations import RuleViolation, Violation

DICE = 2  # "Each coach rolls 2 eight-sided dice"
SIDES = 8


@dataclass(frozen=True)
class Trait:
    roll: int  # its result on the Coach Traits table, 2 to 16
    slug: str
    name: str
    text: str


def _load() -> dict[str, Trait]:
    data = tomllib.loads(resources.files("engine.blitzbowl").joinpath("data", "coach_traits.toml").read_text("utf-8"))
    return {row["slug"]: Trait(row["roll"], row["slug"], row["name"], row["text"]) for row in data["traits"]}


TRAITS = _load()
_BY_ROLL = {trait.roll: trait for trait in TRAITS.values()}


def trait_for_roll(total: int) -> Trait:
    """Coach Traits Table: the trait a 2d8 total (2 to 16) gains."""
    return _BY_ROLL[total]


def choices(held: Collection[str]) -> list[Trait]:
    """Gaining Coach Traits: "If the coach already has that Coach Trait, they can choose one trait they do
    not have": the traits not held, in the table's order."""
    return [trait for trait in TRAITS.values() if trait.slug not in held]


def check_choice(held: Collection[str], slug: str) -> Trait:
    """The trait a coach chooses after rolling one he holds: one of the table's, not held."""
    trait = TRAITS.get(slug)
    if trait is None:
        raise RuleViolation([Violation("trait-unknown", "trait", f"{slug} is not a Coach Trait.")])
    if slug in held:
        raise RuleViolation(
            [Violation("trait-held", "trait", f"The coach already has {trait.name}: choose one he does not have.")]
        )
    return trait
