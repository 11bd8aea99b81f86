"""The immutable facts the Slaughterball rules read: a team, its athletes and when it may spend."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class AthleteFacts:
    id: int
    type: str
    name: str
    number: int
    base_traits: Mapping[str, int]
    starting_skills: tuple[str, ...]
    base_value: int
    trait_increases: Mapping[str, int] = field(default_factory=dict)
    bought_skills: tuple[str, ...] = ()
    extra_value: int = 0  # total cost of the skills and trait increases bought

    @property
    def traits(self) -> dict[str, int]:
        return {t: v + self.trait_increases.get(t, 0) for t, v in self.base_traits.items()}

    @property
    def skills(self) -> tuple[str, ...]:
        return self.starting_skills + self.bought_skills

    @property
    def value(self) -> int:
        """Rulebook, Skills in Leagues: base value plus the cost of every skill and trait bought."""
        return self.base_value + self.extra_value


@dataclass(frozen=True)
class SpendingWindow:
    """When a team may spend, and what it has bought since the window opened.

    Pre-season (no game played yet) the optional Skill and Support Staff Budgets may pay;
    after a game only athletes who played may learn, one skill and one trait point each
    (who played: engine.slaughterball.games.took_part).
    """

    pre_season: bool
    played: frozenset[int] = frozenset()  # the athletes the game's recorded lineup names
    skill_bought: frozenset[int] = frozenset()
    trait_bought: frozenset[int] = frozenset()
    injured: frozenset[int] = frozenset()  # Lasting Injuries: ended the game with Injury tokens
    lineup_recorded: bool = True  # False: the game's result was reported without this side's lineup


@dataclass(frozen=True)
class TeamFacts:
    portfolio: str
    athletes: tuple[AthleteFacts, ...]
    staff: Mapping[str, int]  # staff slug -> how many are hired
    staff_value: int  # what the hired staff cost
    balances: Mapping[str, int]  # ledger account -> credits
    window: SpendingWindow

    def athlete(self, athlete_id: int) -> AthleteFacts:
        return next(a for a in self.athletes if a.id == athlete_id)
