"""The stable of five (8.4) and its characteristics (2.3, 8.1): starting values are house values (GAPS.md)."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation
from engine.pitfighter.fighters import (
    HouseValues,
    Injuries,
    NewFighter,
    StableSignUp,
    check_stable,
    profile,
    validate_house_values,
)
from tests.engine.pitfighter.builders import HOUSE

BONUS = {"ws": 4, "s": 2, "t": 2, "i": 1, "w": 1}


def signup(*types, bonus=BONUS, house=HOUSE):
    return StableSignUp("Gore Hall", [NewFighter(f"F{i}", t, bonus) for i, t in enumerate(types)], house)


def codes(error):
    return [(v.code, v.path) for v in error.value.violations]


def test_two_classic_two_pursuit_and_an_ogre():
    fighters = check_stable(signup("orc", "chaos", "skink", "witch-elf", "ogre"))
    assert [f.type for f in fighters] == ["orc", "chaos", "skink", "witch-elf", "ogre"]
    # the type's starting values plus the 10 bonus points the owner spread
    assert fighters[0].characteristics == {"ws": 14, "s": 12, "t": 12, "i": 11, "w": 21}


@pytest.mark.parametrize(
    "types", [("troll-slayer", "chaos", "skink", "witch-elf", "ogre"), ("orc", "chaos", "skink", "troll-slayer", "ogre")]
)
def test_a_troll_slayer_replaces_any_one_classic_or_pursuit_fighter(types):
    assert len(check_stable(signup(*types))) == 5


@pytest.mark.parametrize(
    "types",
    [
        ("orc", "chaos", "undead", "witch-elf", "ogre"),
        ("orc", "chaos", "skink", "witch-elf"),
        ("troll-slayer", "troll-slayer", "skink", "witch-elf", "ogre"),
        ("orc", "chaos", "skink", "witch-elf", "troll-slayer"),
    ],
)
def test_any_other_stable_is_refused(types):
    with pytest.raises(RuleViolation) as refused:
        check_stable(signup(*types))
    assert codes(refused) == [("stable-invalid", "fighters")]


def test_exactly_ten_bonus_points():
    with pytest.raises(RuleViolation) as refused:
        check_stable(signup("orc", "chaos", "skink", "witch-elf", "ogre", bonus={"ws": 9, "x": 1}))
    assert ("characteristic-unknown", "fighters[0].bonus.x") in codes(refused)
    with pytest.raises(RuleViolation) as refused:
        check_stable(signup("orc", "chaos", "skink", "witch-elf", "ogre", bonus={"ws": 9}))
    assert codes(refused)[0] == ("points-total", "fighters[0].bonus")


def test_starting_characteristics_are_refused_until_the_commissioner_sets_them():
    with pytest.raises(RuleViolation) as refused:
        check_stable(signup("orc", "chaos", "skink", "witch-elf", "ogre", house=HouseValues({})))
    assert codes(refused)[0] == ("house-value-required", "fighters.orc.ws")
    assert len(refused.value.violations) == 25  # five types, five characteristics each
    assert "League settings, House values" in refused.value.violations[0].message


def test_house_values_are_checked():
    with pytest.raises(RuleViolation) as refused:
        validate_house_values({"fighters.orc.ws": -1, "skills.d66_order": ["bruiser"], "skills.shield_bash.types": ["elf"]})
    assert [v.path for v in refused.value.violations] == ["fighters.orc.ws", "skills.d66_order", "skills.shield_bash.types"]


def test_permanent_injuries():
    # Kneecap Damaged -1 I; a wooden leg -5 I and no fast moves; an ear -1 I; fingers -1 A/D, an arm -3, an eye -1
    injuries = Injuries(fingers=2, arms=1, kneecaps=1, wooden_legs=1, ears=1, eyes=1)
    assert profile({"ws": 10, "s": 10, "t": 10, "i": 10, "w": 20}, injuries)["i"] == 3
    assert injuries.attack_defence == -6
    assert not injuries.fast_moves
    assert not injuries.must_retire
    assert Injuries(wooden_legs=2).must_retire
    assert Injuries(eyes=2).must_retire
