"""The immutable facts the Death Zone rules read: a team, its players and their characteristics."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Status = Literal["active", "dead", "retired"]


@dataclass(frozen=True)
class Characteristics:
    ma: int
    st: int
    ag: int
    av: int

    def get(self, name: str) -> int:
        return int(getattr(self, name))

    def plus(self, name: str, change: int) -> Characteristics:
        return replace(self, **{name: self.get(name) + change})


@dataclass(frozen=True)
class PlayerFacts:
    """One player: `base` are his position's characteristics when hired, `current` what he has now."""

    id: int
    position: str  # the position's slug in the team list
    name: str
    number: int
    base: Characteristics
    current: Characteristics
    skills: tuple[str, ...] = ()
    spp: int = 0
    value: int = 0  # the position's cost when he was hired (Team Ratings: what he is worth, not what was paid)
    big_guy: bool = False
    categories: frozenset[str] = frozenset()  # normal skill access (Position.access)
    physical_on_doubles: bool = False  # Rat Ogres and Minotaurs
    skill_rolls_made: int = 0
    peaked: bool = False
    niggling: int = 0  # niggling injuries suffered
    misses_next_match: bool = False  # the 'M' in the injuries box
    status: Status = "active"
    aging: tuple[str, ...] = ()  # permanent Aging Table effects: really-stupid, bonehead, bad-back, brittle

    @property
    def on_roster(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class TeamFacts:
    race: str
    players: tuple[PlayerFacts, ...]
    rerolls: int = 0
    fan_factor: int = 0
    apothecary: bool = False
    assistant_coaches: int = 0
    cheerleaders: int = 0
    treasury: int = 0
    reroll_cost: int = 0  # the team list's price of one Team Re-roll

    @property
    def roster(self) -> tuple[PlayerFacts, ...]:
        """The players on the roster: neither dead nor retired."""
        return tuple(p for p in self.players if p.on_roster)

    def player(self, player_id: int) -> PlayerFacts | None:
        return next((p for p in self.players if p.id == player_id), None)
