"""A Blitz Bowl match's result: its check, and what it changes once confirmed (league points, and after a
league match a Coach Trait for each coach, rolled through a DiceSource)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.blitzbowl import traits
from engine.blitzbowl.league import SideResult, Stage, league_points
from engine.core.dice import DiceSource
from engine.core.violations import Violation, raise_if_any

SIDES = ("home", "away")
# Challenge Cards: the deck holds 24 standard cards, and 30 with the Endgame (an Extra Time rule), so
# both coaches together claim at most 30 in a league match (a drawn knock-out match is played on with
# the 24 shuffled again: no bound there).
DECK_WITH_ENDGAME = 30


@dataclass(frozen=True)
class MatchResult:
    """A reported match: its stage, each coach (id) and his line, and the traits each coach holds."""

    stage: Stage
    home: int
    away: int
    home_side: SideResult
    away_side: SideResult
    held: Mapping[int, frozenset[str]] = field(default_factory=dict)

    def side(self, name: str) -> SideResult:
        return self.home_side if name == "home" else self.away_side


@dataclass(frozen=True)
class TraitGain:
    """Gaining Coach Traits: the 2d8 and the trait they rolled; `trait` is gained, or None when the coach
    holds the rolled one and chooses one he does not hold (`choose`), or holds them all (nothing to gain)."""

    coach: int
    dice: tuple[int, ...]
    rolled: str
    trait: str | None
    choose: bool


@dataclass(frozen=True)
class PostGame:
    home_points: int
    away_points: int
    gains: tuple[TraitGain, ...] = ()


def check_result(result: MatchResult) -> None:
    """The Coach Roster's lines, every problem at once: whole numbers, at least 0; a league match may end
    drawn ("If both teams have the same score, the game ends in a draw!"), a knock-out match may not
    (Drawing a Match: it is played on until a coach has more points)."""
    problems = [
        Violation("count-invalid", f"{name}.{column}", f"{column.replace('_', ' ').capitalize()} is a whole number, at least 0.")
        for name in SIDES
        for column in ("score", "challenge_cards", "injuries")
        if getattr(result.side(name), column) < 0
    ]
    cards = result.home_side.challenge_cards + result.away_side.challenge_cards
    if result.stage == "league" and cards > DECK_WITH_ENDGAME:
        problems.append(
            Violation(
                "challenge-cards-too-many",
                "away.challenge_cards",
                f"A match's Challenge deck holds at most {DECK_WITH_ENDGAME} cards (24, and 6 Endgame cards); "
                f"{cards} claimed in all.",
            )
        )
    if result.stage != "league" and result.home_side.score == result.away_side.score:
        problems.append(
            Violation(
                "knockout-drawn",
                "away.score",
                "A quarter-final, semi-final or final cannot end drawn: play on (Drawing a Match) and report the winner.",
            )
        )
    raise_if_any(problems)


def gain_trait(coach: int, held: frozenset[str], dice: DiceSource, label: str) -> TraitGain:
    """Gaining Coach Traits: 2d8 on the Coach Traits table; a trait already held lets the coach choose."""
    rolled = dice.roll(label, "coach_trait", traits.DICE, team=coach, sides=traits.SIDES)
    trait = traits.trait_for_roll(sum(rolled))
    if trait.slug not in held:
        return TraitGain(coach, rolled, trait.slug, trait.slug, choose=False)
    return TraitGain(coach, rolled, trait.slug, None, choose=bool(traits.choices(held)))


def post_game(result: MatchResult, dice: DiceSource) -> PostGame:
    """A confirmed match: league points by the result (the finals score none: The Finals), and after a league
    match (not a final, semi-final or quarter-final) each coach gains one Coach Trait, rolled under the label
    `trait.home` / `trait.away`."""
    if result.stage != "league":
        return PostGame(0, 0)
    home, away = result.home_side, result.away_side
    gains = tuple(
        gain_trait(coach, result.held.get(coach, frozenset()), dice, f"trait.{name}")
        for name, coach in (("home", result.home), ("away", result.away))
    )
    return PostGame(league_points(home.score, away.score), league_points(away.score, home.score), gains)
