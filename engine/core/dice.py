"""Dice of every game system: the server rolls them from an injected generator, or a coach enters the dice rolled at
the table (when the league's `table_dice` switch is on) and they are range-checked first.

Every rule takes its dice as plain integers, so a stored roll replays to the same outcome.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.core.violations import Violation


class DiceSource(Protocol):
    """Where a rule that rolls during play gets its dice: the app's dice store (each roll stored under
    its label before anything depends on it, or dice rolled at the table), or a test's fixed dice.
    `purpose`, `team` (its id), `subject` (a player's id) and `number` say what the roll is for."""

    def roll(
        self,
        label: str,
        purpose: str,
        count: int,
        *,
        team: int | None = None,
        subject: int | None = None,
        number: int = 1,
        sides: int = 6,
    ) -> tuple[int, ...]: ...


def roll(rng: random.Random, count: int = 1, sides: int = 6) -> tuple[int, ...]:
    """Roll `count` dice of `sides` sides (count 2 is a 2d6 pair, kept as two dice for doubles)."""
    return tuple(rng.randint(1, sides) for _ in range(count))


def check_dice(path: str, dice: Any, count: int, sides: int = 6) -> list[Violation]:
    """Entered dice: exactly `count` whole numbers from 1 to `sides` (one violation per bad die)."""
    if not isinstance(dice, Sequence) or isinstance(dice, str):
        return [Violation("dice-invalid", path, f"Enter {count} dice as a list of numbers.")]
    problems = []
    if len(dice) != count:
        problems.append(Violation("dice-count", path, f"This roll takes {count} dice, not {len(dice)}."))
    problems += [
        Violation("dice-range", f"{path}[{i}]", f"A die shows a whole number from 1 to {sides}.")
        for i, die in enumerate(dice)
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= sides
    ]
    return problems
