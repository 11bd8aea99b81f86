"""Pit Fighters and their stables: the types (2.1, 8.1), the five characteristics (2.3), the house values the
transcription leaves out (GAPS.md: the Fighter Starting Characteristics Table, the D66 numbers of the skills, and
which types carry a shield) and the stable of five (8.4 Campaigns)."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.core.ruleset import HouseValueField, house_value_required
from engine.core.ruleset import validate_house_values as house_values_check
from engine.core.violations import RuleViolation, Violation, raise_if_any

CHARACTERISTICS = ("ws", "s", "t", "i", "w")
CHARACTERISTIC_NAMES = {"ws": "Weapon Skill", "s": "Strength", "t": "Toughness", "i": "Initiative", "w": "Wounds"}
BONUS = 10  # 2.3 Complete Roster: "each player has 10 bonus points"
PIT_KING_BONUS = 30  # 8.1 Pit Kings: "+30 extra characteristic points rather than +10"
MAX_CHARACTERISTIC = 100  # a bound of the house-values form, not of the rules

CLASSIC, PURSUER, TROLL_SLAYER, OGRE = "classic", "pursuer", "troll-slayer", "ogre"


@dataclass(frozen=True)
class FighterType:
    slug: str
    name: str
    kind: str  # classic, pursuer, troll-slayer or ogre


TYPES: dict[str, FighterType] = {
    t.slug: t
    for t in (
        FighterType("undead", "Undead", CLASSIC),
        FighterType("empire", "Empire", CLASSIC),
        FighterType("orc", "Orc", CLASSIC),
        FighterType("chaos", "Chaos", CLASSIC),
        FighterType("skink", "Skink", PURSUER),
        FighterType("witch-elf", "Witch Elf", PURSUER),
        FighterType("troll-slayer", "Troll Slayer", TROLL_SLAYER),
        FighterType("ogre", "Ogre", OGRE),
    )
}


@dataclass(frozen=True)
class Skill:
    slug: str
    name: str
    text: str
    shield: bool = False


def _skills() -> dict[str, Skill]:
    data = tomllib.loads(resources.files("engine.pitfighter").joinpath("data", "skills.toml").read_text("utf-8"))
    return {row["slug"]: Skill(**row) for row in data["skill"]}


SKILLS = _skills()
PRINTED_ORDER = tuple(SKILLS)  # the Pit Fighter Skill Table's order: the suggested D66 order

# --- House values (GAPS.md) ----------------------------------------------------------------------------------

D66_ORDER = "skills.d66_order"
SHIELD_TYPES = "skills.shield_bash.types"


def starting_key(fighter_type: str, characteristic: str) -> str:
    return f"fighters.{fighter_type}.{characteristic}"


FIELDS: dict[str, HouseValueField] = {
    f.key: f
    for f in (
        *(
            HouseValueField(starting_key(t.slug, c), f"{t.name}: starting {CHARACTERISTIC_NAMES[c]}", "characteristic")
            for t in TYPES.values()
            for c in CHARACTERISTICS
        ),
        HouseValueField(
            D66_ORDER,
            "The 18 skills in D66 order (two D66 numbers each, 11-12 first)",
            "skills",
            item_names=tuple((s.slug, s.name) for s in SKILLS.values()),
        ),
        HouseValueField(
            SHIELD_TYPES,
            "Fighter types that carry a shield (for Shield Bash)",
            "types",
            choices=tuple((t.slug, t.name) for t in TYPES.values()),
        ),
    )
}


def _error(field: HouseValueField, value: Any) -> str | None:
    """Why a value does not fit its field, or None when it does."""
    if field.kind == "characteristic":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CHARACTERISTIC:
            return f"{field.label} must be a whole number from 0 to {MAX_CHARACTERISTIC}."
        return None
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return f"{field.label} is a list of slugs."
    if field.kind == "skills":
        if sorted(value) != sorted(SKILLS):
            return f"{field.label}: give each of the 18 skills once ({', '.join(PRINTED_ORDER)})."
        return None
    unknown = [v for v in value if v not in TYPES]
    return f"{field.label}: {', '.join(unknown)} is not a fighter type ({', '.join(TYPES)})." if unknown else None


def validate_house_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    return house_values_check(raw, FIELDS, _error, unknown="Pit Fighter house value")


@dataclass(frozen=True)
class HouseValues:
    """A league's validated house values; an unset one is refused by the rule that needs it."""

    values: Mapping[str, Any]

    def starting(self, fighter_type: str) -> dict[str, int]:
        """The Fighter Starting Characteristics Table's row for the type (every cell a house value)."""
        keys = {c: starting_key(fighter_type, c) for c in CHARACTERISTICS}
        raise_if_any(house_value_required(FIELDS[key]) for key in keys.values() if key not in self.values)
        return {c: int(self.values[key]) for c, key in keys.items()}

    def d66_order(self) -> tuple[str, ...]:
        raise_if_any([house_value_required(FIELDS[D66_ORDER])] if D66_ORDER not in self.values else [])
        return tuple(self.values[D66_ORDER])

    def shield_types(self) -> frozenset[str]:
        raise_if_any([house_value_required(FIELDS[SHIELD_TYPES])] if SHIELD_TYPES not in self.values else [])
        return frozenset(self.values[SHIELD_TYPES])


def house_values(raw: Mapping[str, Any]) -> HouseValues:
    return HouseValues(validate_house_values(raw))


# --- Characteristics ---------------------------------------------------------------------------------------------


def spread_problems(points: Mapping[str, Any], total: int, path: str) -> list[Violation]:
    """2.3: bonus points are added "as they see fit" to the characteristics: whole numbers, at least 0, all of them."""
    problems = [
        Violation("characteristic-unknown", f"{path}.{key}", f"{key} is not a characteristic ({', '.join(CHARACTERISTICS)}).")
        for key in points
        if key not in CHARACTERISTICS
    ]
    problems += [
        Violation("points-invalid", f"{path}.{key}", "Points are whole numbers, at least 0.")
        for key, value in points.items()
        if isinstance(value, bool) or not isinstance(value, int) or value < 0
    ]
    if not problems and sum(points.values()) != total:
        problems.append(
            Violation(
                "points-total", path, f"Spread exactly {total} point{'s' if total != 1 else ''}, not {sum(points.values())}."
            )
        )
    return problems


def add_points(characteristics: Mapping[str, int], points: Mapping[str, int]) -> dict[str, int]:
    return {c: characteristics[c] + points.get(c, 0) for c in CHARACTERISTICS}


@dataclass(frozen=True)
class Injuries:
    """The permanent injuries of the Critical Damage charts a fighter carries."""

    fingers: int = 0  # Lose Finger: -1 A/D each
    arms: int = 0  # Arm Chopped Off: -3 A/D
    kneecaps: int = 0  # Kneecap Damaged: -1 Initiative
    wooden_legs: int = 0  # Leg Chopped Off: -5 Initiative, no fast moves; two: retire
    ears: int = 0  # Scar 9, ear hacked off: -1 Initiative
    eyes: int = 0  # Scar 10, blinded in one eye: -1 A and D; both: retire

    @property
    def attack_defence(self) -> int:
        """The permanent A/D modifier."""
        return -(self.fingers + 3 * self.arms + self.eyes)

    @property
    def initiative(self) -> int:
        return -(self.kneecaps + 5 * self.wooden_legs + self.ears)

    @property
    def fast_moves(self) -> bool:
        return self.wooden_legs == 0

    @property
    def must_retire(self) -> bool:
        return self.wooden_legs >= 2 or self.eyes >= 2


def profile(characteristics: Mapping[str, int], injuries: Injuries) -> dict[str, int]:
    """The characteristics he fights with: his own, less the Initiative his injuries took."""
    return {**characteristics, "i": characteristics["i"] + injuries.initiative}


# --- The stable (8.4 Campaigns) ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewFighter:
    name: str
    type: str
    bonus: Mapping[str, Any]  # the 10 bonus points, by characteristic


@dataclass(frozen=True)
class StableSignUp:
    name: str
    fighters: Sequence[NewFighter]
    house: HouseValues


@dataclass(frozen=True)
class FighterProfile:
    name: str
    type: str
    characteristics: Mapping[str, int]


# 8.4: the kinds of fighter a stable may have, by count.
STABLES = (
    {CLASSIC: 2, PURSUER: 2, OGRE: 1},
    {CLASSIC: 1, PURSUER: 2, TROLL_SLAYER: 1, OGRE: 1},
    {CLASSIC: 2, PURSUER: 1, TROLL_SLAYER: 1, OGRE: 1},
)


def signup_unset(house: HouseValues) -> tuple[str, ...]:
    """A stable can sign up once a type of each kind every stable has (Classic, Pursuit, Ogre) has its starting
    characteristics set: () then; else, for each such kind without one, the unset cells of its type nearest to it
    (the first of the nearest), which check_stable refuses by the same keys."""
    always = [kind for kind in STABLES[0] if all(kind in stable for stable in STABLES)]
    unset: list[str] = []
    for kind in always:
        rows = [
            [key for c in CHARACTERISTICS if (key := starting_key(t.slug, c)) not in house.values]
            for t in TYPES.values()
            if t.kind == kind
        ]
        nearest: list[str] = min(rows, key=len)
        unset += nearest
    return tuple(unset)


def stable_problems(types: Sequence[str]) -> list[Violation]:
    """8.4: "a stable of five Pit Fighters: two of the Classic style, two Pursuit style, plus one Ogre. A Troll
    Slayer may be substituted for any one of the Classic or Pursuit style Pit Fighters"."""
    unknown = [
        Violation("type-unknown", f"fighters[{i}].type", f"{t} is not a fighter type ({', '.join(TYPES)}).")
        for i, t in enumerate(types)
        if t not in TYPES
    ]
    if unknown:
        return unknown
    kinds = Counter(TYPES[t].kind for t in types)
    if dict(kinds) in STABLES:
        return []
    return [
        Violation(
            "stable-invalid",
            "fighters",
            "A stable is five fighters: two Classic (Undead, Empire, Orc, Chaos), two Pursuit (Skink, Witch Elf) and one "
            "Ogre; a Troll Slayer may replace any one Classic or Pursuit fighter.",
        )
    ]


def check_stable(signup: StableSignUp) -> list[FighterProfile]:
    """A new stable: its name, the five types, each fighter's name and his 10 bonus points spread (2.3); every
    problem at once. The starting characteristics are house values, refused while unset."""
    problems = [] if signup.name.strip() else [Violation("name-required", "name", "Give your stable a name.")]
    problems += stable_problems([f.type for f in signup.fighters])
    for index, fighter in enumerate(signup.fighters):
        if not fighter.name.strip():
            problems.append(Violation("name-required", f"fighters[{index}].name", "Give every fighter a name."))
        problems += spread_problems(fighter.bonus, BONUS, f"fighters[{index}].bonus")
    raise_if_any(problems)
    starting: dict[str, dict[str, int]] = {}
    missing: list[Violation] = []
    for fighter_type in dict.fromkeys(f.type for f in signup.fighters):
        try:
            starting[fighter_type] = signup.house.starting(fighter_type)
        except RuleViolation as refused:
            missing += refused.violations
    raise_if_any(missing)
    return [FighterProfile(f.name.strip(), f.type, add_points(starting[f.type], f.bonus)) for f in signup.fighters]


def train(characteristics: Mapping[str, int], pending: int, points: Mapping[str, Any]) -> dict[str, int]:
    """Campaign Training: the owner spreads the points his fighter has to spread (+1 for each combat survived, a new
    Pit King's 20 more, a recruit's 10 bonus points) over the characteristics of his choice, all at once."""
    if not pending:
        raise RuleViolation([Violation("no-points", "points", "This fighter has no characteristic points to spread.")])
    raise_if_any(spread_problems(points, pending, "points"))
    return add_points(characteristics, points)
