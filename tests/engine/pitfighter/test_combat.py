"""The styles of combat (8.3) and the result's check (7.1, the Critical Damage charts)."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation
from engine.pitfighter.combat import check_lineup, check_result, ends_after, winners
from tests.engine.pitfighter.builders import combat, crit, down, entry


def refused_codes(call, *args):
    with pytest.raises(RuleViolation) as refused:
        call(*args)
    return [(v.code, v.path) for v in refused.value.violations]


def test_classic_style_takes_classic_fighters_and_troll_slayers_only():
    lineup = check_lineup("classic", [entry(1, "orc"), entry(2, "troll-slayer"), entry(3, "undead")])
    assert [e.team for e in lineup] == [1, 2, 3]  # one against all
    assert refused_codes(check_lineup, "classic", [entry(1, "orc"), entry(2, "skink"), entry(3, "ogre")]) == [
        ("style-forbids", "fighters[1]"),
        ("style-forbids", "fighters[2]"),
    ]


def test_pursuit_and_free_styles():
    check_lineup("pursuit", [entry(1, "skink"), entry(2, "witch-elf"), entry(3, "troll-slayer")])
    assert refused_codes(check_lineup, "pursuit", [entry(1, "skink"), entry(2, "orc")]) == [("style-forbids", "fighters[1]")]
    assert refused_codes(check_lineup, "free", [entry(1, "skink"), entry(2, "ogre"), entry(3, "orc", pit_king=True)]) == [
        ("style-forbids", "fighters[1]"),
        ("style-forbids", "fighters[2]"),
    ]


def test_a_fighter_who_must_miss_this_combat_is_refused():
    codes = refused_codes(check_lineup, "free", [entry(1, misses=2), entry(2, status="slain"), entry(3, busy=True)])
    assert codes == [("fighter-must-miss", "fighters[0]"), ("fighter-gone", "fighters[1]"), ("fighter-busy", "fighters[2]")]


def test_one_fighter_a_stable_one_against_all():
    assert refused_codes(check_lineup, "free", [entry(1, stable=7), entry(2, stable=7)]) == [("one-fighter-a-stable", "fighters")]


def test_sigmar_is_one_against_three():
    check_lineup("sigmar", [entry(1, team=1), entry(2, "ogre", team=2), entry(3, team=2), entry(4, team=2)])
    assert refused_codes(check_lineup, "sigmar", [entry(1, team=1), entry(2, team=2), entry(3, team=2)]) == [
        ("sigmar-sides", "fighters")
    ]


def test_alliance_teams_are_equal_with_equal_ogres_and_pit_kings():
    check_lineup("alliance", [entry(1, "ogre", team=1), entry(2, team=1), entry(3, "ogre", team=2), entry(4, team=2)])
    assert refused_codes(
        check_lineup, "alliance", [entry(1, "ogre", team=1), entry(2, team=1), entry(3, team=2), entry(4, team=2)]
    ) == [("alliance-teams", "fighters")]
    assert refused_codes(check_lineup, "alliance", [entry(1, team=1, stable=9), entry(2, team=2, stable=9)]) == [
        ("stable-split", "fighters")
    ]


def test_the_combat_ends_when_over_half_are_taken_down():
    assert ends_after(5) == 3  # 7.1's example: five fighters, three taken out
    assert ends_after(4) == 3
    assert ends_after(2) == 1  # a duel: the winner is still standing
    five = [entry(i, "orc") for i in range(1, 6)]
    lines = [down(1, 2), down(2, 3), down(3, None), down(4, None), down(5, None)]
    codes = refused_codes(check_result, combat("classic", five, lines, winner=3).result)
    assert codes == [("combat-not-over", "fighters")]
    lines[3] = down(4, 3)
    check_result(combat("classic", five, lines, winner=3).result)
    assert refused_codes(check_result, combat("classic", five, lines, winner=1).result) == [("winner-invalid", "winner")]


def test_sigmar_ends_when_one_side_has_no_one_standing():
    entries = [entry(1, team=1), entry(2, team=2), entry(3, team=2), entry(4, team=2)]
    lines = [down(1, None), down(2, 1), down(3, 1), down(4, None)]
    assert refused_codes(check_result, combat("sigmar", entries, lines).result) == [("combat-not-over", "fighters")]
    lines[3] = down(4, 1)
    result = combat("sigmar", entries, lines).result
    check_result(result)
    assert winners(result) == (1,)


def test_critical_damage_is_checked_against_the_charts():
    entries = [entry(1), entry(2)]
    lines = [
        down(
            1,
            None,
            crit("arm", "arm-hurt", 1),
            crit("leg", "lose-finger", 2),
            crit("head", "kod", 2),
            crit("head", "stunned-scar", 2),
        ),
        down(2, 1, crit("body", "chest-ripped-open", 1)),
    ]
    codes = refused_codes(check_result, combat("free", entries, lines, winner=1).result)
    assert codes == [
        ("critical-by-invalid", "fighters[0].criticals[0].by"),  # inflicted by himself
        ("critical-unknown", "fighters[0].criticals[1].result"),  # not on the Leg chart
        ("critical-takes-out", "fighters[0].criticals[2].result"),  # KO'd: he is out
        ("scar-roll", "fighters[0].criticals[3].scar"),  # Stunned & Scar needs its D10
    ]


def test_a_slaying_blow_is_struck_by_the_one_who_took_him_down():
    entries = [entry(1), entry(2), entry(3)]
    lines = [down(1, None), down(2, 1, crit("groin", "hacked-in-half", 3)), down(3, 1)]
    assert refused_codes(check_result, combat("free", entries, lines, winner=1).result) == [
        ("slayer-mismatch", "fighters[1].criticals[0].by")
    ]
