"""Optional Rules: Lasting Injuries (and Maverick Lasting Injuries)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.violations import Violation
from engine.slaughterball.auctions import roll_die

SCATTER_DIE_SIDES = 8
TRAIT_LOSS_VALUE = 100_000
EXTRA_ROLLS_FOR_SKULL = 2
TRAIT_MINIMUM = 1  # a trait never drops below 1 (house values run from 1 too): the rulebook does not say

# The Lasting Injury table: what each face does.
TABLE = {
    "knife": "Can't participate in the team's next game.",
    "double-knife": "Can't participate in the team's next two games.",
    "boot": "Loses one point from a random trait; can't increase it until after the next game. Value -100,000.",
    "star": "Loses one random skill; can't buy it back until after the next game. Value - the skill's cost.",
    "skull": "Roll two more times on this table; reroll additional skulls.",
}
GAMES_MISSED = {"knife": 1, "double-knife": 2}


@dataclass(frozen=True)
class InjuryReport:
    """One line of a submitted result's injuries: an athlete (or hired maverick) with Injury tokens, or killed."""

    tokens: int
    killed: bool = False


@dataclass(frozen=True)
class InjuryRoll:
    dice_count: int
    scatter: int | None  # the eight-sided scatter die, rolled for a killed athlete
    dice: tuple[str, ...]  # every face rolled on the table, in order; skull rerolls included
    games_missed: int
    traits_lost: tuple[str, ...]
    skills_lost: tuple[str, ...]
    value_change: int  # never positive
    notes: tuple[str, ...] = ()

    @property
    def has_effect(self) -> bool:
        return bool(self.games_missed or self.traits_lost or self.skills_lost)


def injury_dice(tokens: int, toughness: int) -> int:
    """Lasting Injuries: one die, plus one for each Injury token in excess of the athlete's Toughness
    (Toughness 3 with five tokens rolls three dice). No tokens, no roll."""
    if tokens <= 0:
        return 0
    return 1 + max(0, tokens - toughness)


def roll_table(count: int, rng: random.Random) -> list[str]:
    """Roll `count` dice on the Lasting Injury table. A skull rolls two more times; a skull on those
    extra rolls is rerolled. Returns every face rolled; every face but a skull has its effect."""
    faces: list[str] = []
    for _ in range(count):
        face = roll_die(rng)
        faces.append(face)
        if face != "skull":
            continue
        for _ in range(EXTRA_ROLLS_FOR_SKULL):
            extra = roll_die(rng)
            faces.append(extra)
            while extra == "skull":  # reroll additional skulls
                extra = roll_die(rng)
                faces.append(extra)
    return faces


def roll_lasting_injury(
    *,
    report: InjuryReport,
    toughness: int,
    traits: Mapping[str, int],
    skills: Sequence[str],
    skill_costs: Mapping[str, int | None],
    rng: random.Random,
) -> InjuryRoll:
    """Lasting Injuries: roll for one athlete after a game. A killed athlete rolls the eight-sided scatter
    die and rolls that many dice instead. Effects are cumulative: knives add games missed (two knives: the
    next two games), each boot takes a point from a random trait (-100,000), each star a random skill
    (- its cost). Athlete Value Adjustment: the value drops by those amounts."""
    scatter = rng.randint(1, SCATTER_DIE_SIDES) if report.killed else None
    count = scatter if scatter is not None else injury_dice(report.tokens, toughness)
    faces = roll_table(count, rng)
    current = dict(traits)
    left = list(skills)
    traits_lost: list[str] = []
    skills_lost: list[str] = []
    notes: list[str] = []
    value_change = 0
    for face in faces:
        if face == "boot":
            candidates = [t for t, v in current.items() if v > TRAIT_MINIMUM]
            if not candidates:
                notes.append("Boot: every trait is already at 1, so none is lost.")
                continue
            trait = rng.choice(candidates)
            current[trait] -= 1
            traits_lost.append(trait)
            value_change -= TRAIT_LOSS_VALUE
        elif face == "star":
            if not left:
                notes.append("Star: no skill left to lose.")
                continue
            skill = left.pop(rng.randrange(len(left)))
            skills_lost.append(skill)
            cost = skill_costs.get(skill)
            if cost is None:
                notes.append(f"Star: {skill} has no cost set (a house value), so the value is not reduced for it.")
            else:
                value_change -= cost
    return InjuryRoll(
        dice_count=count,
        scatter=scatter,
        dice=tuple(faces),
        games_missed=sum(GAMES_MISSED.get(face, 0) for face in faces),
        traits_lost=tuple(traits_lost),
        skills_lost=tuple(skills_lost),
        value_change=value_change,
        notes=tuple(notes),
    )


def after_lasting_injuries(
    traits: Mapping[str, int], skills: Sequence[str], traits_lost: Iterable[str], skills_lost: Iterable[str]
) -> tuple[dict[str, int], list[str]]:
    """Lasting Injury table, effects cumulative: each boot took one point from a trait, each star a skill.
    The athlete's traits and skills now, from those he was given or bought and every point and skill lost to
    lasting injuries since (a skill bought back after the next game is held again)."""
    lost = Counter(traits_lost)
    current = {trait: value - lost[trait] for trait, value in traits.items()}
    gone = Counter(skills_lost)
    held: list[str] = []
    for skill in skills:
        if gone[skill]:
            gone[skill] -= 1
        else:
            held.append(skill)
    return current, held


def maverick_absence(roll: InjuryRoll) -> tuple[int, bool]:
    """Maverick Lasting Injuries: knives keep the maverick out of every team's games for that many weeks;
    a trait or skill loss keeps him out for the rest of the season. Returns (weeks out, out for the season)."""
    return roll.games_missed, bool(roll.traits_lost or roll.skills_lost)


def check_injuries(raw: Sequence[Mapping[str, Any]], athletes: Collection[int], mavericks: Collection[int]) -> list[Violation]:
    """A submitted result's injuries: [{"athlete": id, "tokens": n, "killed": bool}] (or "maverick": hire id
    for a hired maverick), each one an athlete who played in this game, named once."""
    problems: list[Violation] = []
    seen: set[tuple[str, int]] = set()
    for index, item in enumerate(raw):
        path = f"injuries[{index}]"
        if not isinstance(item, Mapping):
            problems.append(Violation("injury-invalid", path, "Each injury is an object with athlete, tokens and killed."))
            continue
        kind = "maverick" if "maverick" in item and "athlete" not in item else "athlete"
        who = item.get(kind)
        known = mavericks if kind == "maverick" else athletes
        if isinstance(who, bool) or not isinstance(who, int) or who not in known:
            problems.append(Violation("injury-athlete", f"{path}.{kind}", f"Name an {kind} who played in this game."))
        elif (kind, who) in seen:
            problems.append(Violation("injury-duplicate", f"{path}.{kind}", f"Name each {kind} once."))
        else:
            seen.add((kind, who))
        tokens = item.get("tokens", 0)
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
            problems.append(Violation("injury-tokens", f"{path}.tokens", "Injury tokens are a whole number, at least 0."))
        if not isinstance(item.get("killed", False), bool):
            problems.append(Violation("injury-killed", f"{path}.killed", "killed is true or false."))
    return problems
