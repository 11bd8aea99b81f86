"""Star Player Points, Star Player Rolls, doubles, big guys, characteristic caps and peaking
(rulebook: Star Player Points, Star Player Rolls, New Skills, Characteristic Increases, Rolling
Doubles, Big Guys & Big Guy Skills, Physical Abilities, Peaking)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bloodbowl.facts import Characteristics
from engine.bloodbowl.postmatch import (
    SprChoice,
    apply_spr_choice,
    peak_roll_due,
    peaks,
    progress,
    report_spp,
    rolls_for,
    spp_earned,
    spr_choice,
    spr_options,
    star_player_rolls_due,
)
from engine.bloodbowl.report import PlayerEvents, SideReport
from tests.engine.bloodbowl.builders import LISTS, RACE, codes, make_player, refused

LINEMAN = make_player(1, spp=6)  # General access only: like the Human Lineman
BRUISER = make_player(2, "mud-bruiser", spp=6)  # General and Strength: like the Human Blitzer
HULK = make_player(3, "swamp-hulk", spp=11)  # a big guy who may take a Physical Ability on doubles
MUTANTS = replace(RACE, mutations=True)  # like Chaos and Skaven


def skills(choices: list[SprChoice]) -> set[str]:
    return {str(c.target) for c in choices if c.kind == "skill"}


def others(choices: list[SprChoice]) -> list[SprChoice]:
    return [c for c in choices if c.kind != "skill"]


def test_spp_earned_per_event():
    events = PlayerEvents(1, touchdowns=2, completions=3, casualties=1, interceptions=1, blocked_kicks=1, field_goals=1)
    assert spp_earned(events) == 2 * 3 + 3 * 1 + 2 + 2 + 2 + 2 == 17
    assert spp_earned(events, mvp=True) == 22


def test_report_spp_includes_the_mvp():
    side = SideReport(score=1, players=(PlayerEvents(1, touchdowns=1), PlayerEvents(2)), mvp=4)
    assert report_spp(side) == {1: 3, 4: 5}


@pytest.mark.parametrize(
    ("before", "after", "big_guy", "rolls"),
    [
        (5, 6, False, 1),  # Rookie -> Experienced at 6 SPP
        (0, 5, False, 0),
        (10, 11, False, 1),
        (25, 26, False, 1),
        (0, 63, False, 4),
        (250, 251, False, 1),
        (5, 6, True, 0),  # a big guy is still a Rookie at 6
        (10, 11, True, 1),
        (20, 21, True, 1),
        (0, 501, True, 7),
        (500, 501, True, 1),
    ],
)
def test_star_player_rolls_due(before, after, big_guy, rolls):
    assert star_player_rolls_due(before, after, big_guy) == rolls


@pytest.mark.parametrize(
    ("spp", "big_guy", "title", "earned"),
    [
        (0, False, "Rookie", 0),
        (5, False, "Rookie", 0),
        (6, False, "Experienced", 1),  # "Once a player has earned 6 SPP's, he becomes 'Experienced'"
        (11, False, "Veteran", 2),
        (26, False, "Star Player", 3),
        (251, False, "Star Player", 7),
        (10, True, "Rookie", 0),  # Big Guy Star Player Progression Table
        (11, True, "Experienced", 1),
        (21, True, "Veteran", 2),
        (51, True, "Star Player", 3),
    ],
)
def test_the_title_and_star_player_rolls_by_spp(spp, big_guy, title, earned):
    reached = progress(spp, big_guy, rolls_made=0)
    assert (reached.title, reached.rolls_earned, reached.rolls_pending) == (title, earned, earned)


def test_rolls_pending_are_the_earned_ones_not_made():
    assert progress(30, False, rolls_made=1).rolls_pending == 2
    assert progress(30, False, rolls_made=3).rolls_pending == 0


def test_rolls_still_to_make():
    assert rolls_for([LINEMAN, replace(BRUISER, spp=30, skill_rolls_made=1), make_player(9, spp=5)]) == {1: 1, 2: 2}


def test_new_skill_on_2_to_9_from_normal_categories_without_traits():
    assert spr_options(LINEMAN, (3, 4), LISTS, RACE) == [
        SprChoice("skill", "block"),
        SprChoice("skill", "dirty-player"),
        SprChoice("skill", "sure-hands"),
    ]
    assert skills(spr_options(BRUISER, (6, 3), LISTS, RACE)) == {"dirty-player", "sure-hands", "mighty-blow"}  # has block


@pytest.mark.parametrize(("dice", "characteristic"), [((4, 6), "ma"), ((5, 6), "ag"), ((6, 4), "ma")])
def test_characteristic_increase_on_10_to_12(dice, characteristic):
    assert spr_options(LINEMAN, dice, LISTS, RACE) == [SprChoice("characteristic", characteristic)]


def test_characteristic_never_more_than_two_over_its_start():
    """Any additional increases are lost, and the Star Player Roll is wasted."""
    plus_two = replace(LINEMAN, current=Characteristics(8, 3, 5, 8))
    assert spr_options(plus_two, (4, 6), LISTS, RACE) == [SprChoice("wasted")]
    assert spr_options(plus_two, (5, 6), LISTS, RACE) == [SprChoice("wasted")]
    plus_one = replace(LINEMAN, current=Characteristics(7, 3, 3, 8))
    assert spr_options(plus_one, (4, 6), LISTS, RACE) == [SprChoice("characteristic", "ma")]


def test_doubles_any_skill_but_big_guy_and_traits_only_from_normal_categories():
    """A Human Lineman who rolls doubles may take Mighty Blow but not Stand Firm; a Blitzer may take Stand Firm."""
    lineman = skills(spr_options(LINEMAN, (2, 2), LISTS, RACE))
    assert lineman == {"block", "dirty-player", "sure-hands", "dodge", "mighty-blow", "pass", "kick", "frenzy"}
    assert {"stand-firm", "throw-team-mate", "thick-skull", "extra-arms", "leap"}.isdisjoint(lineman)
    assert "stand-firm" in skills(spr_options(BRUISER, (1, 1), LISTS, RACE))


def test_doubles_may_ignore_a_characteristic_result():
    """Even a characteristic increase may be ignored on doubles (5-5: MA+1 or a doubles choice)."""
    choices = spr_options(LINEMAN, (5, 5), LISTS, RACE)
    assert SprChoice("characteristic", "ma") in choices
    assert "mighty-blow" in skills(choices)
    assert SprChoice("characteristic", "st") in spr_options(LINEMAN, (6, 6), LISTS, RACE)


def test_physical_abilities_only_for_mutants_and_only_on_doubles():
    assert {"thick-skull", "extra-arms"} <= skills(spr_options(LINEMAN, (4, 4), LISTS, MUTANTS))
    assert {"thick-skull", "extra-arms"}.isdisjoint(skills(spr_options(LINEMAN, (3, 4), LISTS, MUTANTS)))
    assert {"thick-skull", "extra-arms"}.isdisjoint(skills(spr_options(LINEMAN, (4, 4), LISTS, RACE)))


def test_big_guy_new_skill_from_general_strength_and_big_guy():
    assert skills(spr_options(HULK, (2, 5), LISTS, RACE)) == {"block", "dirty-player", "sure-hands", "throw-team-mate"}
    assert spr_options(HULK, (6, 5), LISTS, RACE) == [SprChoice("characteristic", "ag")]


def test_big_guy_doubles():
    """+1 ST, +1 AV, a General or Strength trait, remove one Big Guy trait, or ignore the double;
    Rat Ogres and Minotaurs may also take a Physical Ability. Never any-category skills."""
    choices = spr_options(HULK, (3, 3), LISTS, RACE)
    assert others(choices) == [
        SprChoice("characteristic", "st"),
        SprChoice("characteristic", "av"),
        SprChoice("remove_trait", "really-stupid"),
    ]
    assert skills(choices) == {"frenzy", "stand-firm", "thick-skull", "extra-arms"} | {
        "block",
        "dirty-player",
        "sure-hands",
        "throw-team-mate",
    }
    assert {"dodge", "pass", "kick", "leap"}.isdisjoint(skills(choices))
    plain = replace(HULK, physical_on_doubles=False)
    assert {"thick-skull", "extra-arms"}.isdisjoint(skills(spr_options(plain, (3, 3), LISTS, MUTANTS)))
    maxed = replace(HULK, current=replace(HULK.current, st=HULK.base.st + 2))
    assert SprChoice("characteristic", "st") not in spr_options(maxed, (3, 3), LISTS, RACE)


def test_big_guy_double_six_is_strength_once():
    choices = spr_options(HULK, (6, 6), LISTS, RACE)
    assert choices.count(SprChoice("characteristic", "st")) == 1


def test_applying_a_choice():
    with_skill = apply_spr_choice(LINEMAN, (2, 2), SprChoice("skill", "mighty-blow"), LISTS, RACE)
    assert (with_skill.skills, with_skill.skill_rolls_made) == (("mighty-blow",), 1)
    faster = apply_spr_choice(LINEMAN, (4, 6), SprChoice("characteristic", "ma"), LISTS, RACE)
    assert (faster.current.ma, faster.base.ma) == (7, 6)
    calmer = apply_spr_choice(HULK, (1, 1), SprChoice("remove_trait", "really-stupid"), LISTS, RACE)
    assert calmer.skills == ("mighty-blow",)
    plus_two = replace(LINEMAN, current=Characteristics(8, 3, 3, 8))
    wasted = apply_spr_choice(plus_two, (4, 6), SprChoice("wasted"), LISTS, RACE)
    assert (wasted.current, wasted.skill_rolls_made) == (plus_two.current, 1)


def test_an_illegal_choice_or_no_roll_due_is_refused():
    assert codes(refused(apply_spr_choice, LINEMAN, (3, 4), SprChoice("skill", "stand-firm"), LISTS, RACE)) == [
        ("spr-choice", "choice")
    ]
    assert codes(refused(apply_spr_choice, LINEMAN, (3, 4), SprChoice("characteristic", "st"), LISTS, RACE)) == [
        ("spr-choice", "choice")
    ]
    rookie = replace(LINEMAN, spp=5)
    assert codes(refused(apply_spr_choice, rookie, (3, 4), SprChoice("skill", "block"), LISTS, RACE)) == [
        ("spr-not-due", "player")
    ]
    done = replace(LINEMAN, skill_rolls_made=1)
    assert codes(refused(apply_spr_choice, done, (3, 4), SprChoice("skill", "block"), LISTS, RACE)) == [("spr-not-due", "player")]


def test_a_choice_as_sent_names_a_kind_there_is():
    assert spr_choice(LINEMAN, (3, 4), "skill", "block") == SprChoice("skill", "block")
    assert spr_choice(LINEMAN, (4, 6), "wasted") == SprChoice("wasted")
    refusal = refused(spr_choice, LINEMAN, (3, 4), "teleport", "block")
    assert codes(refusal) == [("spr-choice", "choice")]
    assert refusal[0].message.endswith("may not take that on a roll of 3-4.")


@pytest.mark.parametrize(
    ("two_d6", "rolls_made", "peaked"),
    [
        (2, 1, True),  # a natural 2
        (3, 1, True),  # an Experienced player's first roll: 3 - 1 = 2
        (4, 1, False),
        (5, 3, True),  # a new Star Player's third roll: 5 - 3 = 2
        (4, 3, True),  # 4 - 3 = 1: below 2 peaks too (Pitside's reading)
        (12, 7, False),
        (9, 7, True),
    ],
)
def test_peaking(two_d6, rolls_made, peaked):
    assert peaks(two_d6, rolls_made) is peaked


def test_a_peaked_player_makes_no_more_peak_rolls():
    assert peak_roll_due(LINEMAN)
    assert not peak_roll_due(replace(LINEMAN, peaked=True))
