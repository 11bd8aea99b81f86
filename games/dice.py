"""The dice store of a game: each roll is stored under its label before anything depends on it, so a
retry or a reload finds the same dice."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import dice as dice_rules
from engine.core.violations import Violation, raise_if_any
from games.models import Game, Roll
from pitside.errors import Invalid

_rng = random.SystemRandom()


class Dice:
    """The rolls of one request (an engine DiceSource): stored ones are found again; new ones come from
    the table (when the league allows and the coach sent them, keyed by label) or from the server."""

    def __init__(self, game: Game, user: Any, entered: Mapping[str, Any] | None = None, *, table_dice: bool = False) -> None:
        if entered and not table_dice:
            raise Invalid.one("table-dice-off", "dice", "This league does not take dice rolled at the table.")
        self.game, self.user, self.entered = game, user, dict(entered or {})
        self.used: set[str] = set()

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
        found = Roll.objects.filter(game=self.game, label=label).first()
        if found is not None:
            return tuple(found.dice)
        at_table = label in self.entered
        if at_table:
            raise_if_any(dice_rules.check_dice(f"dice.{label}", self.entered[label], count, sides))
            dice = tuple(self.entered[label])
            self.used.add(label)
        else:
            dice = dice_rules.roll(_rng, count, sides)
        Roll.objects.create(
            game=self.game,
            label=label,
            team_id=team,
            subject=subject,
            purpose=purpose,
            number=number,
            dice=list(dice),
            at_table=at_table,
            created_by=self.user,
        )
        return dice

    def refuse_unused(self) -> None:
        """At the end of the request: refuse the dice entered for no roll it made, an unknown label or a roll
        made before (whose dice stand), so a mistyped label is never quietly replaced by the server's dice."""
        unused = sorted(set(self.entered) - self.used)
        made = set(Roll.objects.filter(game=self.game, label__in=unused).values_list("label", flat=True))
        raise_if_any(
            Violation("dice-rolled", f"dice.{label}", "This roll was made already: its dice stand.")
            if label in made
            else Violation("dice-unknown", f"dice.{label}", "No roll of this request has this label.")
            for label in unused
        )


class SeededDice:
    """The dice of a seeded league (`manage.py seed_large`): drawn from its generator, each roll kept to be stored in
    bulk as the game's Roll row, as Dice stores it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.rolled: list[dict[str, Any]] = []

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
        dice = dice_rules.roll(self.rng, count, sides)
        self.rolled.append(
            {"label": label, "team_id": team, "subject": subject, "purpose": purpose, "number": number, "dice": list(dice)}
        )
        return dice

    def rows(self, game: Game, created_by: Any) -> list[Roll]:
        return [Roll(game=game, created_by=created_by, **rolled) for rolled in self.rolled]
