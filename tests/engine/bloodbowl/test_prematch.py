"""Pre-match sequence (rulebook: 3. Gate, 4. Handicaps, 5. Special Play Cards, 6. Niggling Injuries)."""

from __future__ import annotations

import random

import pytest

from engine.bloodbowl.prematch import (
    check_card_decks,
    check_gate_dice,
    check_niggling_dice,
    gate,
    handicap_bonus_cards,
    niggling_misses,
)
from engine.core.dice import check_dice, roll
from tests.engine.bloodbowl.builders import codes

EXAMPLE_DICE = (1, 2, 3, 4, 5, 6)  # two teams with a combined Fan Factor of 6


def test_gate_example():
    """Six dice come up 1, 2, 3, 4, 5 and 6: 21 x 1,000 = 21,000 fans."""
    assert gate(EXAMPLE_DICE) == 21_000


def test_gate_tournament_modifiers():
    """Tournament Semi-final +1 per die, Final +2 per die."""
    assert gate(EXAMPLE_DICE, "semi_final") == 27_000
    assert gate(EXAMPLE_DICE, "final") == 33_000
    assert gate((), "final") == 0


def test_gate_dice_one_per_fan_factor_point():
    assert check_gate_dice([1, 2, 3, 4, 5, 6], 6) == []
    assert codes(check_gate_dice([1, 2, 3], 6)) == [("dice-count", "gate_dice")]
    assert codes(check_gate_dice([1, 7, 0, 3, 4, True], 6)) == [
        ("dice-range", "gate_dice[1]"),
        ("dice-range", "gate_dice[2]"),
        ("dice-range", "gate_dice[5]"),
    ]
    assert codes(check_gate_dice("123456", 6)) == [("dice-invalid", "gate_dice")]


def test_server_dice_are_replayable():
    first = roll(random.Random(7), 6)
    assert first == roll(random.Random(7), 6)
    assert len(first) == 6
    assert all(1 <= d <= 6 for d in first)
    assert check_dice("dice", list(first), 6) == []


def test_handicap_only_the_lower_team_and_equal_teams():
    assert handicap_bonus_cards(147, 134) == {"home": 0, "away": 1}
    assert handicap_bonus_cards(120, 120) == {"home": 0, "away": 0}
    assert handicap_bonus_cards(100, 110) == {"home": 0, "away": 0}  # 0-10: no bonus


def test_card_decks_the_rulebook_examples():
    """Three cards: all from Dirty Tricks, or one each from Dirty Tricks, Magic Items and Pre-Match."""
    assert check_card_decks(3, {"dirty_tricks": 3}) == []
    assert check_card_decks(3, {"dirty_tricks": 1, "magic_items": 1, "pre_match": 1}) == []


def test_card_decks_at_most_one_magic_item_and_the_right_total():
    assert codes(check_card_decks(3, {"magic_items": 2, "random_events": 1})) == [("magic-item-limit", "decks.magic_items")]
    assert codes(check_card_decks(3, {"dirty_tricks": 2})) == [("deck-total", "decks")]
    assert codes(check_card_decks(1, {"tarot": 1, "random_events": -1})) == [
        ("deck-unknown", "decks.tarot"),
        ("deck-count", "decks.random_events"),
    ]


@pytest.mark.parametrize(
    ("dice", "apothecary", "misses"),
    [((2, 6, 3), False, False), ((4, 1), False, True), ((1, 1, 1), False, True), ((1,), True, False), ((), False, False)],
)
def test_niggling_injuries(dice, apothecary, misses):
    """Any 1 and he misses this match (once, however many 1s); an Apothecary may let him play."""
    assert niggling_misses(dice, apothecary) is misses


def test_niggling_dice_one_per_injury():
    assert check_niggling_dice([3, 4], 2) == []
    assert codes(check_niggling_dice([3], 2, "players[4].niggling_dice")) == [("dice-count", "players[4].niggling_dice")]
