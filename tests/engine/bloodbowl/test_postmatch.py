"""Post-match: winnings and negative winnings, aging, Fan Factor, injuries and purchases
(rulebook: Post-Match Sequence of Play, Aging)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bloodbowl.facts import Characteristics
from engine.bloodbowl.postmatch import (
    PurchaseRequest,
    aging_check,
    aging_effect,
    apply_injury,
    clear_missed_match,
    fan_factor_change,
    negative_winnings_effects,
    new_fan_factor,
    pay_negative,
    quote_purchase,
    reroll_purchase_cost,
    retire_player,
    winnings,
)
from engine.bloodbowl.report import Injury
from tests.engine.bloodbowl.builders import HOUSE, LISTS, NO_HOUSE, codes, make_player, make_team, refused

# --- 1. Treasury Phase ---------------------------------------------------------------------------


def test_negative_winnings_paid_from_the_treasury_first():
    """A negative cash flow is paid from the treasury; if that is not enough, roll on the Negative Winnings Table."""
    owed = winnings(10_000, 301, 3)  # 3 - 8 = -5
    assert owed == -50_000
    paid = pay_negative(80_000, owed)
    assert (paid.paid, paid.unpaid, paid.roll_due) == (50_000, 0, False)
    short = pay_negative(20_000, owed)
    assert (short.paid, short.unpaid, short.roll_due) == (20_000, 30_000, True)
    assert pay_negative(0, 40_000).roll_due is False  # positive winnings owe nothing


STAFFED = make_team(rerolls=3, apothecary=True, cheerleaders=5, assistant_coaches=3)


@pytest.mark.parametrize("roll", range(2, 8))
def test_negative_winnings_2_to_7_no_effect(roll: int):
    result = negative_winnings_effects(roll, STAFFED)
    assert result.effects == ()
    assert result.team == STAFFED


def test_negative_winnings_cumulative_example():
    """An 11 loses one Team Re-roll, the Apothecary and half the Cheerleaders and Assistant Coaches (rounding down)."""
    result = negative_winnings_effects(11, STAFFED)
    assert result.effects == ("reroll", "apothecary", "walkout")
    assert (result.rerolls_lost, result.apothecary_lost, result.cheerleaders_lost, result.assistant_coaches_lost) == (
        1,
        True,
        2,
        1,
    )
    assert (result.team.rerolls, result.team.apothecary, result.team.cheerleaders, result.team.assistant_coaches) == (
        2,
        False,
        3,
        2,
    )
    assert not result.head_coach_fired


@pytest.mark.parametrize(
    ("roll", "effects"),
    [
        (8, ("reroll",)),
        (9, ("reroll",)),
        (10, ("reroll", "apothecary")),
        (12, ("reroll", "apothecary", "walkout", "fired")),
    ],
)
def test_negative_winnings_rows(roll, effects):
    result = negative_winnings_effects(roll, STAFFED)
    assert result.effects == effects
    assert result.head_coach_fired is (roll == 12)


def test_negative_winnings_with_nothing_to_lose():
    result = negative_winnings_effects(12, make_team(cheerleaders=1))
    assert (result.rerolls_lost, result.apothecary_lost, result.cheerleaders_lost) == (0, False, 0)


# --- 2. Aging --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("d6", "table"), [(1, True), (2, False), (6, False)])
def test_aging_check(d6, table):
    """On a 2 or more the player makes it through; on a 1 he rolls on the Aging Table."""
    assert aging_check(d6) is table


OLD = make_player(7, peaked=True)


@pytest.mark.parametrize(("roll", "effect"), [(2, "really-stupid"), (3, "bonehead"), (4, "bad-back"), (5, "brittle")])
def test_aging_conditions_are_permanent(roll, effect):
    result = aging_effect(roll, OLD)
    assert result.player.aging == (effect,)
    assert result.applied
    again = aging_effect(roll, result.player)
    assert again.player.aging == (effect,)
    assert not again.applied


@pytest.mark.parametrize("roll", [6, 7, 8])
def test_aging_too_old_misses_the_next_game(roll):
    assert aging_effect(roll, OLD).player.misses_next_match


@pytest.mark.parametrize(("roll", "characteristic"), [(9, "av"), (10, "ma"), (11, "ag"), (12, "st")])
def test_aging_characteristic_loss_at_most_two(roll, characteristic):
    """AV-1, MA-1, AG-1, ST-1; no characteristic is reduced by more than 2 points."""
    start = OLD.base.get(characteristic)
    once = aging_effect(roll, OLD).player
    twice = aging_effect(roll, once).player
    third = aging_effect(roll, twice)
    assert (once.current.get(characteristic), twice.current.get(characteristic)) == (start - 1, start - 2)
    assert third.player.current.get(characteristic) == start - 2
    assert not third.applied


def test_aging_loss_counts_from_the_starting_value():
    """ST 3 raised to 5 ages down to 1 (2 below the starting 3), not to 3."""
    player = replace(OLD, current=Characteristics(6, 5, 3, 8))
    values = []
    for _ in range(5):
        player = aging_effect(12, player).player
        values.append(player.current.st)
    assert values == [4, 3, 2, 1, 1]


# --- 4. Fan Factor ---------------------------------------------------------------------------------


def change(d6: int, **facts: object) -> int:
    base = {"won": False, "lost": False, "score": 0, "casualties_inflicted": 0, "fan_factor": 5}
    return fan_factor_change(d6, **{**base, **facts})  # type: ignore[arg-type]


@pytest.mark.parametrize(("d6", "result"), [(1, -1), (2, 0), (5, 0), (6, 1)])
def test_fan_factor_table(d6, result):
    """1 or less: down 1; 2-5: the same; 6 or more: up 1."""
    assert change(d6) == result


def test_fan_factor_modifiers():
    assert change(5, won=True) == 1  # won +1
    assert change(2, lost=True) == -1  # lost -1
    assert change(5, score=6) == 1
    assert change(5, score=5) == 0
    assert change(5, casualties_inflicted=2) == 1
    assert change(5, casualties_inflicted=1) == 0
    assert change(2, fan_factor=10) == -1
    assert change(2, fan_factor=9) == 0
    assert change(3, fan_factor=29) == -1  # two full tens: 3 - 2
    assert change(5, stage="semi_final") == 1  # Tournament Semi-final +1
    assert change(4, stage="final") == 1
    assert change(3, stage="final") == 0
    assert change(1, won=True, score=6, casualties_inflicted=3, stage="final") == 1  # 1 + 1 + 1 + 1 + 2


def test_fan_factor_never_below_one_and_no_upper_limit():
    assert new_fan_factor(1, -1) == 1
    assert new_fan_factor(2, -1) == 1
    assert new_fan_factor(40, 1) == 41


def test_the_fan_factor_floor_stops_a_reduction_and_never_raises():
    """ "It can never be reduced to less than 1": a Fan Factor below 1 "goes down" to no more than it was."""
    assert new_fan_factor(0, -1) == 0
    assert new_fan_factor(0, 0) == 0
    assert new_fan_factor(0, 1) == 1


# --- injuries from the report ------------------------------------------------------------------------


def test_injuries_apply_their_effects():
    player = make_player(3)
    hurt = apply_injury(player, Injury(3, niggling=1, characteristics_lost=("ma", "ma", "ma"), miss_next_match=True))
    assert (hurt.niggling, hurt.current.ma, hurt.misses_next_match) == (1, player.base.ma - 2, True)
    assert apply_injury(player, Injury(3, dead=True)).status == "dead"
    assert clear_missed_match(hurt).misses_next_match is False


# --- 5. Purchases ------------------------------------------------------------------------------------


def test_rerolls_cost_double_after_the_league_starts():
    """A Skaven team (60,000 on its list) pays 120,000; a Human team (50,000) pays 100,000."""
    assert reroll_purchase_cost(60_000) == 120_000
    assert reroll_purchase_cost(50_000) == 100_000
    quote = quote_purchase(make_team(treasury=120_000), LISTS, HOUSE, PurchaseRequest("reroll"))
    assert (quote.kind, quote.cost) == ("reroll", 120_000)
    short = refused(quote_purchase, make_team(treasury=119_999), LISTS, HOUSE, PurchaseRequest("reroll"))
    assert codes(short) == [("treasury-short", "kind")]


def test_buying_a_player():
    quote = quote_purchase(make_team(treasury=100_000), LISTS, HOUSE, PurchaseRequest("player", "reed-runner"))
    assert (quote.item, quote.cost) == ("reed-runner", 70_000)
    hulk = make_team([*make_team().players, make_player(20, "swamp-hulk")], treasury=500_000)
    assert codes(refused(quote_purchase, hulk, LISTS, HOUSE, PurchaseRequest("player", "swamp-hulk"))) == [
        ("position-limit", "position")
    ]
    assert codes(refused(quote_purchase, hulk, LISTS, HOUSE, PurchaseRequest("player", "wizard"))) == [
        ("position-unknown", "position")
    ]


def test_a_full_roster_must_retire_a_player_first():
    full = make_team(make_team(first_id=1).players + make_team(first_id=20).players[:5], treasury=500_000)  # 16
    request = PurchaseRequest("player", "mud-bruiser")
    assert codes(refused(quote_purchase, full, LISTS, HOUSE, request)) == [("roster-full", "position")]
    retired = retire_player(full, 1, as_assistant_coach=True)
    assert retired.player(1).status == "retired"
    assert retired.assistant_coaches == 1
    assert quote_purchase(retired, LISTS, HOUSE, request).cost == 90_000
    assert retire_player(full, 2).assistant_coaches == 0
    assert codes(refused(retire_player, retired, 1)) == [("player-not-on-roster", "player")]
    assert codes(refused(quote_purchase, full, LISTS, NO_HOUSE, request)) == [("house-value-required", "roster.maximum")]


def test_buying_coaching_staff():
    rich = make_team(treasury=500_000)
    assert quote_purchase(rich, LISTS, HOUSE, PurchaseRequest("apothecary")).cost == 50_000
    assert quote_purchase(rich, LISTS, HOUSE, PurchaseRequest("cheerleader")).cost == 10_000
    assert quote_purchase(rich, LISTS, HOUSE, PurchaseRequest("assistant_coach")).cost == 10_000
    held = replace(rich, apothecary=True)
    assert codes(refused(quote_purchase, held, LISTS, HOUSE, PurchaseRequest("apothecary"))) == [("apothecary-held", "kind")]
    assert codes(refused(quote_purchase, rich, LISTS, NO_HOUSE, PurchaseRequest("cheerleader"))) == [
        ("house-value-required", "costs.cheerleader")
    ]


def test_fan_factor_cannot_be_bought_once_the_league_has_started():
    request = PurchaseRequest("fan_factor")  # type: ignore[arg-type]
    assert codes(refused(quote_purchase, make_team(treasury=500_000), LISTS, HOUSE, request)) == [("fan-factor-fixed", "kind")]
    wizard = PurchaseRequest("wizard")  # type: ignore[arg-type]
    assert codes(refused(quote_purchase, make_team(treasury=500_000), LISTS, HOUSE, wizard)) == [("purchase-unknown", "kind")]
