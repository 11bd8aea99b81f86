"""Every printed Death Zone table, row by row, through the engine's rules and its data files."""

from __future__ import annotations

import pytest

from engine.bloodbowl import postmatch, prematch
from engine.bloodbowl.tables import tables
from tests.engine.bloodbowl import rulebook


def test_spp_table():
    """Star Player Points: COMP 1, CAS 2, BK 2, INT 2, FG 2, TD 3, MVP 5."""
    assert tables().spp == rulebook.SPP


@pytest.mark.parametrize(
    ("text", "big_guy"), [(rulebook.PROGRESSION, False), (rulebook.BIG_GUY_PROGRESSION, True)], ids=["normal", "big-guy"]
)
def test_progression_tables_every_row_boundary(text: str, big_guy: bool):
    """Both Star Player Progression Tables: title and rolls at each row's first and last SPP."""
    for low, high, title, rolls in rulebook.progression(text):
        for spp in (low, high if high is not None else low + 1000):
            found = postmatch.level(spp, big_guy)
            assert (found.title, found.rolls) == (title, rolls), spp


@pytest.mark.parametrize("roll", range(2, 13))
def test_star_player_roll_table(roll: int):
    """Star Player Roll Table: 2-9 New Skill, 10 MA+1, 11 AG+1, 12 ST+1."""
    expected = next(result for (low, high), result in rulebook.SPR_TABLE.items() if low <= roll <= high)
    row = next(r for r in tables().star_player_roll if r.low <= roll <= r.high)
    assert row.result == expected


@pytest.mark.parametrize("roll", range(2, 13))
def test_aging_table(roll: int):
    expected = next(name for low, high, name in rulebook.AGING if low <= roll <= high)
    assert next(r.name for r in tables().aging if r.low <= roll <= r.high) == expected


@pytest.mark.parametrize(("low", "high", "cards"), rulebook.HANDICAP)
def test_handicap_table_every_boundary(low: int, high: int | None, cards: int):
    """Handicap Table: each row's first and last difference, for the lower-rated side only."""
    for difference in (low, high if high is not None else 250):
        assert prematch.handicap_bonus_cards(100, 100 + difference) == {"home": cards, "away": 0}
        assert prematch.handicap_bonus_cards(100 + difference, 100) == {"home": 0, "away": cards}


def test_handicap_example():
    """The Moot Mighties (TR 134) v the Erengrad Undertakers (TR 147): 13 points, one extra card."""
    assert prematch.handicap_bonus_cards(134, 147) == {"home": 1, "away": 0}


@pytest.mark.parametrize(("d6", "cards"), [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2)])
def test_special_play_cards_table(d6: int, cards: int):
    assert prematch.special_play_cards(d6) == cards


def test_special_play_decks():
    """108 cards in four decks: 36 Dirty Tricks, 36 Random Events, 18 Magic Items, 18 Pre-Match Preparations."""
    decks = {d.name: d.size for d in tables().decks.values()}
    assert decks == {"Dirty Tricks": 36, "Random Events": 36, "Magic Items": 18, "Pre-Match Preparations": 18}
    assert sum(decks.values()) == 108


def _cells():
    for row, (gate_low, gate_high) in enumerate(rulebook.GATE_BANDS):
        for column, (rating_low, rating_high) in enumerate(rulebook.RATING_BANDS):
            yield pytest.param(
                (gate_low, gate_high or gate_low + 100_000),
                (rating_low, rating_high or rating_low + 100),
                rulebook.WINNINGS_MODIFIERS[row][column],
                id=f"gate{gate_low}-tr{rating_low}",
            )


@pytest.mark.parametrize(("gates", "ratings", "modifier"), list(_cells()))
def test_match_winnings_table_every_cell_at_its_corners(gates, ratings, modifier):
    """Match Winnings Table: every cell at its band's first and last gate and Team Rating."""
    for gate in gates:
        for rating in ratings:
            assert postmatch.winnings_modifier(gate, rating) == modifier, (gate, rating)
            assert postmatch.winnings(gate, rating, 4) == (4 + modifier) * 10_000


def test_match_winnings_table_corners():
    assert postmatch.winnings(0, 0, 1) == 20_000  # 0-20,000 and 0-99: +1
    assert postmatch.winnings(0, 301, 6) == -20_000  # 6 - 8
    assert postmatch.winnings(160_001, 0, 6) == 150_000  # 6 + 9
    assert postmatch.winnings(1_000_000, 1_000, 1) == 10_000  # 160,001+ and 301+: +0


def test_match_winnings_example():
    """A modified roll of 5 adds 50,000 gold pieces to the treasury (a gate of 21,000 and TR 100: 4 + 1)."""
    assert postmatch.winnings(21_000, 100, 4) == 50_000


def test_fan_factor_modifiers_table():
    assert tables().fan_factor_modifiers == rulebook.FAN_FACTOR_MODIFIERS


def test_gate_modifiers():
    """League match: no modifier; Tournament Semi-final +1 per die; Tournament Final +2 per die."""
    assert tables().gate_per_die == {"league": 0, "semi_final": 1, "final": 2}
