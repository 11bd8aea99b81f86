"""The Slaughterball rule tables, loaded once from data/ and merged with a league's house values.

Every table cell is addressed by a flat key (``athletes.carnage.butcher.value``,
``skills.leadership.cost``, ``staff.physician.maximum``). A cell the rulebook does not print
is None until the league's commissioner sets it as a house value (GAPS.md).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from engine.core.money import MAX_CREDITS, format_credits
from engine.core.ruleset import HouseValueField, house_value_required
from engine.core.ruleset import validate_house_values as house_values_check
from engine.core.violations import Violation

ATHLETE_TYPES = ("razor", "cleaver", "slasher", "butcher")
TRAITS = ("accuracy", "agility", "brawling", "speed", "toughness")
MAVERICK_TRAIT_MAXIMUM = 11  # a maverick has no athlete type's maximum: the highest in the Trait Increase table

FieldKind = Literal["credits", "trait", "skills", "types", "maximum"]


@dataclass(frozen=True)
class AthleteProfile:
    """One row of a Pro Team table: what an athlete of this portfolio and type starts with."""

    portfolio: str
    type: str
    traits: Mapping[str, int | None]
    skills: tuple[str, ...] | None
    value: int | None


@dataclass(frozen=True)
class Skill:
    slug: str
    name: str
    types: tuple[str, ...] | None
    cost: int | None
    prerequisite: str | None
    text: str  # the List of Skills' text


@dataclass(frozen=True)
class Staff:
    slug: str
    name: str
    cost: int | None
    maximum: int | None  # None: no maximum


@dataclass(frozen=True)
class Trait:
    slug: str
    name: str
    maximum: Mapping[str, int]
    starred: frozenset[str]


@dataclass(frozen=True)
class Maverick:
    """A maverick's card (rulebook: Mavericks): its traits, skills and Pit Power adjustment are house values."""

    slug: str
    name: str
    type: str
    traits: Mapping[str, int | None]
    skills: tuple[str, ...] | None
    pit_power_adjustment: int | None


@dataclass(frozen=True)
class Catalog:
    portfolios: Mapping[str, str]  # slug -> printed name
    athletes: Mapping[tuple[str, str], AthleteProfile]
    skills: Mapping[str, Skill]
    staff: Mapping[str, Staff]
    traits: Mapping[str, Trait]
    fields: Mapping[str, HouseValueField]
    house_keys: frozenset[str]  # the keys this league has set
    mavericks: Mapping[str, Maverick]

    @functools.cached_property
    def names(self) -> dict[str, str]:
        """The printed name of each key of these tables: portfolios, skills, staff, traits and mavericks."""
        return {
            **self.portfolios,
            **{slug: s.name for slug, s in self.skills.items()},
            **{slug: s.name for slug, s in self.staff.items()},
            **{slug: t.name for slug, t in self.traits.items()},
            **{slug: m.name for slug, m in self.mavericks.items()},
        }

    def missing(self, key: str) -> Violation:
        """The violation for an action that needs a house value nobody has set."""
        return house_value_required(self.fields[key])


@functools.cache
def _load(name: str) -> dict[str, Any]:
    text = resources.files("engine.slaughterball").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


@functools.cache
def printed_fields() -> dict[str, HouseValueField]:
    """Every table cell, with the rulebook's value or None (rulebook: Pro Teams, Skills, Support Staff)."""
    fields: dict[str, HouseValueField] = {}
    choices = {
        "skills": tuple((slug, skill["name"]) for slug, skill in _load("skills.toml").items()),
        "types": tuple((slug, slug.capitalize()) for slug in ATHLETE_TYPES),
    }

    def add(key: str, label: str, kind: FieldKind, printed: Any) -> None:
        fields[key] = HouseValueField(key, label, kind, printed, choices.get(kind, ()))

    for portfolio, table in _load("portfolios.toml").items():
        for athlete_type in ATHLETE_TYPES:
            row = table.get(athlete_type, {})
            who = f"{table['name']} {athlete_type}"
            add(f"athletes.{portfolio}.{athlete_type}.value", f"{who} value", "credits", row.get("value"))
            for trait in TRAITS:
                add(f"athletes.{portfolio}.{athlete_type}.{trait}", f"{who} {trait.capitalize()}", "trait", row.get(trait))
            skills = row.get("skills")
            add(
                f"athletes.{portfolio}.{athlete_type}.skills",
                f"{who} starting skills",
                "skills",
                tuple(skills) if skills is not None else None,
            )
    for slug, skill in _load("skills.toml").items():
        types = skill.get("types")
        add(f"skills.{slug}.types", f"{skill['name']} athlete types", "types", tuple(types) if types else None)
        add(f"skills.{slug}.cost", f"{skill['name']} cost", "credits", skill.get("cost"))
    for slug, staff in _load("staff.toml").items():
        add(f"staff.{slug}.cost", f"{staff['name']} cost", "credits", staff["cost"])
        add(f"staff.{slug}.maximum", f"{staff['name']} maximum per team", "maximum", staff.get("maximum"))
    for slug, maverick in _load("mavericks.toml").items():  # none printed: the Maverick cards are not reproduced
        add(f"mavericks.{slug}.pit_power_adjustment", f"{maverick['name']} Pit Power adjustment", "credits", None)
        for trait in TRAITS:
            add(f"mavericks.{slug}.{trait}", f"{maverick['name']} {trait.capitalize()}", "trait", None)
        add(f"mavericks.{slug}.skills", f"{maverick['name']} skills", "skills", None)
    return fields


def validate_house_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check a league's house values against the table schema (a null unsets one)."""
    skills = _load("skills.toml")
    return house_values_check(
        raw,
        printed_fields(),
        lambda field, value: _field_value_problem(field, value, skills),
        unknown="Slaughterball table value",
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field_value_problem(field: HouseValueField, value: Any, skills: Mapping[str, Any]) -> str | None:
    """Why a house value does not fit its table cell, or None when it does."""
    error = _check_field_value(field, value, skills)
    return f"{field.label}: {error}" if error else None


def _check_field_value(field: HouseValueField, value: Any, skills: Mapping[str, Any]) -> str | None:
    if field.kind == "credits":
        if not _is_int(value) or value < 0 or value % 50_000:
            return "must be a whole number of credits, at least 0, in steps of 50,000."
        return f"must be at most {format_credits(MAX_CREDITS)}." if value > MAX_CREDITS else None
    if field.kind == "trait" and field.key.startswith("mavericks."):
        fits = _is_int(value) and 1 <= value <= MAVERICK_TRAIT_MAXIMUM
        return None if fits else f"must be a whole number from 1 to {MAVERICK_TRAIT_MAXIMUM}."
    if field.kind == "trait":
        _, _, athlete_type, trait = field.key.split(".")
        maximum = dict(zip(ATHLETE_TYPES, _load("traits.toml")[trait]["maximum"], strict=True))[athlete_type]
        fits = _is_int(value) and 1 <= value <= maximum
        return None if fits else f"must be a whole number from 1 to the {athlete_type}'s maximum of {maximum}."
    if field.kind == "maximum":
        return None if _is_int(value) and value >= 1 else "must be a whole number, at least 1."
    if field.kind == "types":
        fits = isinstance(value, list | tuple) and bool(value) and all(t in ATHLETE_TYPES for t in value)
        return None if fits else f"must be a non-empty list of athlete types ({', '.join(ATHLETE_TYPES)})."
    fits = isinstance(value, list | tuple) and all(s in skills for s in value)
    return None if fits else "must be a list of skill slugs from the List of Skills."


def build_catalog(house_values: Mapping[str, Any]) -> Catalog:
    """The league's tables: printed values, with its (already validated) house values on top."""
    fields = printed_fields()

    def cell(key: str) -> Any:
        value = house_values.get(key, fields[key].printed)
        return tuple(value) if isinstance(value, list) else value

    portfolios = {slug: table["name"] for slug, table in _load("portfolios.toml").items()}
    athletes = {
        (p, t): AthleteProfile(
            portfolio=p,
            type=t,
            traits={trait: cell(f"athletes.{p}.{t}.{trait}") for trait in TRAITS},
            skills=cell(f"athletes.{p}.{t}.skills"),
            value=cell(f"athletes.{p}.{t}.value"),
        )
        for p in portfolios
        for t in ATHLETE_TYPES
    }
    skills = {
        slug: Skill(slug, s["name"], cell(f"skills.{slug}.types"), cell(f"skills.{slug}.cost"), s.get("prerequisite"), s["text"])
        for slug, s in _load("skills.toml").items()
    }
    staff = {
        slug: Staff(slug, s["name"], cell(f"staff.{slug}.cost"), cell(f"staff.{slug}.maximum"))
        for slug, s in _load("staff.toml").items()
    }
    traits = {
        slug: Trait(slug, t["name"], dict(zip(ATHLETE_TYPES, t["maximum"], strict=True)), frozenset(t["starred"]))
        for slug, t in _load("traits.toml").items()
    }
    mavericks = {
        slug: Maverick(
            slug,
            m["name"],
            m["type"],
            {trait: cell(f"mavericks.{slug}.{trait}") for trait in TRAITS},
            cell(f"mavericks.{slug}.skills"),
            cell(f"mavericks.{slug}.pit_power_adjustment"),
        )
        for slug, m in _load("mavericks.toml").items()
    }
    return Catalog(portfolios, athletes, skills, staff, traits, fields, frozenset(house_values), mavericks)
