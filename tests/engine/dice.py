"""Dice for engine tests: a rule that rolls through a DiceSource gets the dice written in the test,
by label, and a roll the test did not expect fails it."""

from __future__ import annotations

from collections.abc import Mapping


class FixedDice:
    """An engine DiceSource with the test's dice; `rolled` lists the labels in the order rolled."""

    def __init__(self, dice: Mapping[str, tuple[int, ...]]) -> None:
        self.dice = dict(dice)
        self.rolled: list[str] = []

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
    ) -> tuple[int, ...]:
        assert label in self.dice, f"unexpected roll {label!r}"
        assert len(self.dice[label]) == count, f"{label!r} takes {count} dice"
        self.rolled.append(label)
        return self.dice[label]


NO_DICE = FixedDice({})
