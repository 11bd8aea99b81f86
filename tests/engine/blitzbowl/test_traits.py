"""Coach Traits, from the rulebook's table and its words."""

from __future__ import annotations

import pytest

from engine.blitzbowl import traits
from engine.blitzbowl.league import SideResult
from engine.blitzbowl.match import MatchResult, gain_trait, post_game
from engine.core.violations import RuleViolation
from tests.engine.dice import FixedDice

# Coach Traits Table, transcribed by hand: result -> trait name, and the start of its text.
TABLE = {
    2: ("Magical 'Training'", "Before a player on your team that is on the pitch makes a Run, Block or Throw action"),
    3: ("Sponsored Kit", "After making an Armour check, you can re-roll the dice."),
    4: ("Threatening Looks", "Before an opponent makes a Block action, roll an eight-sided dice; on a 6 or better"),
    5: ("Bribe the Ref", "Start the game with 1 point, instead of 0."),
    6: ("Last Blast", "During your last turn, if your team has fewer points than the other team"),
    7: ("Incentiviser", "When your team takes a free action, roll an eight-sided dice; on an 8"),
    8: ("Loud Celebrator", "When your team scores a touchdown, it scores 4 points instead of 3."),
    9: ("Well Prepared", "You can choose which trapdoor the ball is placed on"),
    10: ("Glory Hound", "Your team scores 3 points for a Clean Sweep instead of 2."),
    11: ("Light Fingers", "This trait is used at the start of the game, and lasts throughout the game."),
    12: ("Terrifying Reputation", "A team must exceed your score by 11 instead of 10 to score a Sudden Death victory."),
    13: ("Blinding Smile", "When an opponent is chosen to make a free action, you can choose to roll a six-sided dice."),
    14: ("Early Starter", "When setting up your team at the beginning of a game, one player on your team"),
    15: ("Inspiring Presence", "After a player on your team makes a Block action, you can choose to re-roll the dice."),
    16: ("Outrageous Cheat", "When an opponent claims a Challenge card, you can choose to roll an eight-sided dice."),
}


@pytest.mark.parametrize(("roll", "name", "text"), [(r, n, t) for r, (n, t) in TABLE.items()])
def test_every_result_of_the_table(roll, name, text):
    trait = traits.trait_for_roll(roll)
    assert (trait.roll, trait.name) == (roll, name)
    assert trait.text.startswith(text)


def test_the_table_runs_from_2_to_16_one_trait_each():
    assert sorted(t.roll for t in traits.TRAITS.values()) == list(range(2, 17))


def test_each_coach_rolls_2_eight_sided_dice():
    dice = FixedDice({"trait.home": (3, 5)})
    gain = gain_trait(7, frozenset(), dice, "trait.home")
    assert (gain.dice, gain.rolled, gain.trait, gain.choose) == ((3, 5), "loud-celebrator", "loud-celebrator", False)


def test_a_trait_already_held_lets_the_coach_choose_one_he_does_not_have():
    gain = gain_trait(7, frozenset({"bribe-the-ref"}), FixedDice({"trait.home": (1, 4)}), "trait.home")
    assert (gain.rolled, gain.trait, gain.choose) == ("bribe-the-ref", None, True)
    assert "bribe-the-ref" not in [t.slug for t in traits.choices({"bribe-the-ref"})]
    assert traits.check_choice({"bribe-the-ref"}, "glory-hound").name == "Glory Hound"


def test_the_choice_is_a_trait_he_does_not_have():
    with pytest.raises(RuleViolation) as refused:
        traits.check_choice({"bribe-the-ref"}, "bribe-the-ref")
    assert [v.code for v in refused.value.violations] == ["trait-held"]
    with pytest.raises(RuleViolation) as refused:
        traits.check_choice(set(), "dirty-tricks")
    assert [v.code for v in refused.value.violations] == ["trait-unknown"]


def test_a_coach_holding_every_trait_has_nothing_to_choose():
    gain = gain_trait(7, frozenset(traits.TRAITS), FixedDice({"trait.home": (8, 8)}), "trait.home")
    assert (gain.trait, gain.choose) == (None, False)


def _result(stage, home=(3, 1, 2), away=(1, 0, 0)):
    return MatchResult(stage, 1, 2, SideResult(*home), SideResult(*away), {1: frozenset({"sponsored-kit"})})


def test_after_a_league_game_both_coaches_gain_one_trait():
    dice = FixedDice({"trait.home": (1, 2), "trait.away": (8, 8)})
    outcome = post_game(_result("league"), dice)
    assert (outcome.home_points, outcome.away_points) == (3, 0)
    assert dice.rolled == ["trait.home", "trait.away"]
    home, away = outcome.gains
    assert (home.coach, home.rolled, home.trait, home.choose) == (1, "sponsored-kit", None, True)
    assert (away.coach, away.trait) == (2, "outrageous-cheat")


@pytest.mark.parametrize("stage", ["quarter_final", "semi_final", "final"])
def test_not_after_a_finals_semi_finals_or_quarter_finals_match(stage):
    outcome = post_game(_result(stage), FixedDice({}))
    assert (outcome.home_points, outcome.away_points, outcome.gains) == (0, 0, ())
