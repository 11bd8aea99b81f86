"""After a campaign combat (8.4): injuries, missed fights, training, skills by D66, the Pit King."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.violations import RuleViolation
from engine.pitfighter.campaign import StandingRow, post_combat, standings_order
from engine.pitfighter.fighters import HouseValues, Injuries
from tests.engine.dice import NO_DICE, FixedDice
from tests.engine.pitfighter.builders import combat, crit, down, entry, state


def duel(line_of_loser, *, loser=None, winner=None, fighters=None, faster=False):
    """Fighter 1 beats fighter 2 in a Free style duel."""
    entries = [entry(1, "empire"), entry(2, "orc")]
    return combat("free", entries, [down(1, None), line_of_loser], winner=1, fighters=fighters, faster=faster)


def changed(outcome):
    return {s.id: s for s in outcome.fighters}


def test_taken_out_with_a_damaged_kneecap_and_a_broken_arm_misses_two_fights():
    # Campaign Injuries' own example: taken out (one), kneecap (one), broken arm (two): "only the worst penalty"
    outcome = post_combat(duel(down(2, 1, crit("leg", "kneecap-damaged", 1), crit("arm", "arm-broken", 1))), NO_DICE)
    loser = changed(outcome)[2]
    assert loser.misses == 2
    assert loser.injuries == Injuries(kneecaps=1)  # -1 Initiative permanently


def test_taken_down_misses_the_next_combat_unless_kod_with_wounds_left():
    assert changed(post_combat(duel(down(2, 1)), NO_DICE))[2].misses == 1
    kod = post_combat(duel(down(2, 1, crit("head", "kod", 1), wounds_left=True)), NO_DICE)
    assert changed(kod)[2].misses == 0


def test_a_stablemate_who_sat_it_out_counts_the_fight_missed():
    fighters = {1: state(1), 2: state(2, "orc"), 3: state(3, "chaos", stable=2, misses=2)}
    outcome = post_combat(duel(down(2, 1), fighters=fighters), NO_DICE)
    assert changed(outcome)[3].misses == 1


def test_permanent_injuries_and_hatred():
    line = down(
        2,
        1,
        crit("arm", "lose-finger", 1),
        crit("arm", "arm-chopped-off", 1),
        crit("groin", "emasculated", 1),
        crit("head", "stunned-scar", 1, scar=9),
    )
    loser = changed(post_combat(duel(line), NO_DICE))[2]
    assert loser.injuries == Injuries(fingers=1, arms=1, ears=1)
    assert loser.hates == {1}
    assert loser.misses == 2


def test_two_wooden_legs_retire():
    fighters = {1: state(1), 2: state(2, "orc", injuries=Injuries(wooden_legs=1))}
    loser = changed(post_combat(duel(down(2, 1, crit("leg", "leg-chopped-off", 1)), fighters=fighters), NO_DICE))[2]
    assert loser.injuries.wooden_legs == 2
    assert loser.status == "retired"
    assert loser.points == 0  # no training for a retired fighter


def test_losing_both_eyes_retires_and_a_lost_eye_hit_again_is_ignored():
    fighters = {1: state(1), 2: state(2, "orc", injuries=Injuries(eyes=1))}
    assert (
        changed(post_combat(duel(down(2, 1, crit("head", "stunned-scar", 1, scar=10)), fighters=fighters), NO_DICE))[2].status
        == "retired"
    )
    fighters = {1: state(1), 2: state(2, "orc", injuries=Injuries(ears=2))}
    assert (
        changed(post_combat(duel(down(2, 1, crit("head", "stunned-scar", 1, scar=9)), fighters=fighters), NO_DICE))[
            2
        ].injuries.ears
        == 2
    )


def test_slain_fighters_are_replaced_by_a_new_one_of_the_same_type():
    outcome = post_combat(duel(down(2, 1, crit("groin", "hacked-in-half", 1))), NO_DICE)
    assert changed(outcome)[2].status == "slain"
    ((slain, recruit),) = outcome.replacements
    assert slain == 2
    assert (recruit.stable, recruit.type, recruit.points) == (2, "orc", 10)
    assert recruit.characteristics == {"ws": 10, "s": 10, "t": 10, "i": 10, "w": 20}


def test_survivors_train_and_the_winner_takes_a_win():
    outcome = post_combat(duel(down(2, 1)), NO_DICE)
    winner, loser = changed(outcome)[1], changed(outcome)[2]
    assert (winner.points, winner.wins, winner.takedowns, winner.combats) == (1, 1, 1, 1)
    assert (loser.points, loser.wins, loser.combats) == (1, 0, 1)
    assert [(s.stable, s.won, s.takedowns) for s in outcome.stables] == [(1, True, 1), (2, False, 0)]


def test_a_skill_after_five_takedowns_by_d66():
    fighters = {1: state(1, skill_points=4, takedowns=4), 2: state(2, "orc")}
    dice = FixedDice({"skill.1.1.1": (1, 3)})  # 13: the printed order's second skill (11-12, 13-14, ...)
    outcome = post_combat(duel(down(2, 1), fighters=fighters), dice)
    assert changed(outcome)[1].skills == ("attack-master",)
    assert [(r.dice, r.skill, r.learnt) for r in outcome.skill_rolls] == [((1, 3), "attack-master", True)]


def test_a_chest_ripped_open_counts_three_and_faster_progression_is_three():
    fighters = {1: state(1, skill_points=2), 2: state(2, "orc")}
    dice = FixedDice({"skill.1.1.1": (6, 6)})
    outcome = post_combat(duel(down(2, 1, crit("body", "chest-ripped-open", 1)), fighters=fighters), dice)
    assert changed(outcome)[1].skill_points == 5
    assert changed(outcome)[1].takedowns == 1
    assert changed(outcome)[1].skills == ("vital-strike",)
    faster = post_combat(duel(down(2, 1), fighters={1: state(1, skill_points=2), 2: state(2, "orc")}, faster=True), dice)
    assert changed(faster)[1].skills == ("vital-strike",)


def test_a_skill_held_or_unusable_is_rolled_again():
    # 1: an Empire fighter (shield, in these house values) who holds Vital Strike; 2: an Orc (no shield)
    entries = [entry(1, "empire"), entry(2, "orc"), entry(3, "chaos")]
    lines = [down(1, None), down(2, None), down(3, 2)]
    fighters = {1: state(1, skills=("vital-strike",), skill_points=10), 2: state(2, "orc", skill_points=4), 3: state(3, "chaos")}
    dice = FixedDice({"skill.1.2.1": (6, 5), "skill.1.2.2": (4, 5), "skill.2.1.1": (4, 6), "skill.2.1.2": (1, 1)})
    outcome = post_combat(combat("free", entries, lines, winner=1, fighters=fighters), dice)
    assert changed(outcome)[1].skills == ("vital-strike", "shield-bash")
    assert changed(outcome)[2].skills == ("adjust-facing",)  # 46 gave Shield Bash: no shield, rolled again
    assert [r.learnt for r in outcome.skill_rolls] == [False, True, False, True]


def test_a_skill_needs_the_d66_order_set():
    fighters = {1: state(1, skill_points=4), 2: state(2, "orc")}
    result = duel(down(2, 1), fighters=fighters)
    with pytest.raises(RuleViolation) as refused:
        post_combat(replace(result, house=HouseValues({})), NO_DICE)
    assert refused.value.violations[0].path == "skills.d66_order"


def sigmar(single_type="empire", single_down=False, pit_king=False):
    entries = [entry(1, single_type, team=1, pit_king=pit_king), entry(2, team=2), entry(3, team=2), entry(4, team=2)]
    if single_down:
        lines = [down(1, 2), down(2, None), down(3, None), down(4, None)]
    else:
        lines = [down(1, None), down(2, 1), down(3, 1), down(4, 1)]
    fighters = {e.fighter: state(e.fighter, e.type, pit_king=e.pit_king) for e in entries}
    return combat("sigmar", entries, lines, fighters=fighters)


def test_the_winner_of_a_sigmar_combat_becomes_pit_king():
    outcome = post_combat(sigmar(), NO_DICE)
    assert outcome.crowned == 1
    king = changed(outcome)[1]
    assert king.pit_king
    assert king.points == 1 + 20  # training, and a Pit King's 30 bonus points instead of 10


def test_an_ogre_who_wins_a_sigmar_combat_is_no_pit_king():
    assert post_combat(sigmar("ogre"), NO_DICE).crowned is None


def test_the_title_is_lost_when_the_pit_king_is_taken_down():
    outcome = post_combat(sigmar(single_down=True, pit_king=True), NO_DICE)
    assert outcome.crowned is None
    assert not changed(outcome)[1].pit_king


def test_standings_by_wins_then_takedowns():
    rows = [StandingRow(1, "b", 3, 1, 2), StandingRow(2, "a", 3, 1, 4), StandingRow(3, "c", 3, 2, 0)]
    assert [r.stable for r in standings_order(rows)] == [3, 2, 1]
