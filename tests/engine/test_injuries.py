"""Optional Rules, Lasting Injuries: the dice to roll, the table, skulls, killed athletes, value changes,
and Maverick Lasting Injuries, with the rulebook's own example."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.slaughterball import injuries
from engine.slaughterball.injuries import InjuryReport
from tests.engine.test_auctions import Scripted

# Razor of the rulebook's example: Toughness 3 (the Carnage razor row).
RAZOR_TRAITS = {"accuracy": 5, "agility": 5, "brawling": 3, "speed": 6, "toughness": 3}
SKILLS = ["leadership", "stand-up"]
COSTS: dict[str, int | None] = {"leadership": 150_000, "stand-up": 50_000}


def roll(script: list[Any], tokens: int = 5, killed: bool = False, **kwargs: Any) -> injuries.InjuryRoll:
    args: dict[str, Any] = {"toughness": 3, "traits": RAZOR_TRAITS, "skills": SKILLS, "skill_costs": COSTS}
    args.update(kwargs)
    return injuries.roll_lasting_injury(report=InjuryReport(tokens, killed), rng=Scripted(script), **args)


@pytest.mark.parametrize(
    ("tokens", "toughness", "dice"),
    [
        pytest.param(5, 3, 3, id="rulebook-example-razor-toughness-3-five-tokens-rolls-three"),
        (1, 3, 1),
        (3, 3, 1),
        (4, 3, 2),
        (10, 6, 5),
        (0, 3, 0),
    ],
)
def test_one_die_plus_one_per_token_in_excess_of_toughness(tokens: int, toughness: int, dice: int) -> None:
    assert injuries.injury_dice(tokens, toughness) == dice


def test_the_rulebook_example_rolls_three_dice_on_the_table() -> None:
    # Three faces (boot, star, knife), then the boot's random trait (speed) and the star's random skill (the second).
    result = roll(["boot", "star", "knife", "speed", 1])
    assert result.dice_count == 3
    assert result.dice == ("boot", "star", "knife")
    assert (result.games_missed, result.traits_lost, result.skills_lost) == (1, ("speed",), ("stand-up",))
    assert result.value_change == -100_000 - 50_000


@pytest.mark.parametrize(
    ("faces", "missed"),
    [(["knife"], 1), (["double-knife"], 2), (["knife", "knife"], 2), (["knife", "double-knife"], 3)],
)
def test_knives_miss_games_and_results_combine(faces: list[str], missed: int) -> None:
    """Knife: the next game; double knife: the next two; two knives: the next two (Results combine)."""
    result = roll(faces, tokens=2 + len(faces))  # Toughness 3: that many dice
    assert result.games_missed == missed
    assert result.value_change == 0
    assert result.has_effect


def test_boot_loses_a_random_trait_point_and_100000_value() -> None:
    result = roll(["boot", "speed"], tokens=1)
    assert result.traits_lost == ("speed",)
    assert result.value_change == -100_000


def test_star_loses_a_random_skill_and_its_cost() -> None:
    result = roll(["star", 0], tokens=1)  # randrange picks the first skill left: leadership
    assert result.skills_lost == ("leadership",)
    assert result.value_change == -150_000


def test_effects_are_cumulative() -> None:
    result = roll(["boot", "boot", "star", "agility", "agility", 1], tokens=5)
    assert result.traits_lost == ("agility", "agility")
    assert result.skills_lost == ("stand-up",)
    assert result.value_change == -250_000


def test_skull_rolls_two_more_times() -> None:
    result = roll(["skull", "knife", "boot", "brawling"], tokens=1)
    assert result.dice == ("skull", "knife", "boot")
    assert (result.games_missed, result.traits_lost, result.value_change) == (1, ("brawling",), -100_000)


def test_skulls_on_the_extra_rolls_are_rerolled() -> None:
    result = roll(["skull", "skull", "skull", "knife", "double-knife"], tokens=1)
    assert result.dice == ("skull", "skull", "skull", "knife", "double-knife")
    assert result.games_missed == 3  # the rerolled skulls add nothing: knife + double knife


def test_no_tokens_no_roll() -> None:
    result = roll([], tokens=0)
    assert (result.dice_count, result.dice, result.has_effect) == (0, (), False)


def test_a_killed_athlete_rolls_the_scatter_die_for_how_many_dice() -> None:
    result = roll([5, "knife", "boot", "star", "double-knife", "knife", "toughness", 0], tokens=0, killed=True)
    assert result.scatter == 5
    assert result.dice_count == 5
    assert result.dice == ("knife", "boot", "star", "double-knife", "knife")
    assert result.games_missed == 4


def test_scatter_die_has_eight_sides() -> None:
    rng = random.Random(8)
    scatters = {
        injuries.roll_lasting_injury(
            report=InjuryReport(0, True), toughness=3, traits=RAZOR_TRAITS, skills=[], skill_costs={}, rng=rng
        ).scatter
        for _ in range(400)
    }
    assert scatters == set(range(1, 9))


def test_a_trait_never_drops_below_one() -> None:
    ones = dict.fromkeys(RAZOR_TRAITS, 1) | {"speed": 2}
    result = roll(["boot", "boot", "speed"], tokens=4, traits=ones)
    assert result.traits_lost == ("speed",)  # the first boot: only speed can drop; the second: nothing can
    assert result.value_change == -100_000
    assert len(result.notes) == 1


def test_star_without_skills_or_without_a_cost() -> None:
    assert roll(["star"], tokens=1, skills=[]).skills_lost == ()
    result = roll(["star", 0], tokens=1, skills=["daunt"], skill_costs={"daunt": None})
    assert (result.skills_lost, result.value_change) == (("daunt",), 0)
    assert "house value" in result.notes[0]


def test_same_seed_same_injury() -> None:
    def once() -> injuries.InjuryRoll:
        return injuries.roll_lasting_injury(
            report=InjuryReport(9, False),
            toughness=3,
            traits=RAZOR_TRAITS,
            skills=SKILLS,
            skill_costs=COSTS,
            rng=random.Random("game-17"),
        )

    assert once() == once()


def test_table_names_every_face() -> None:
    assert set(injuries.TABLE) == {"knife", "double-knife", "boot", "star", "skull"}


@pytest.mark.parametrize(
    ("faces", "absence"),
    [(["knife"], (1, False)), (["double-knife"], (2, False)), (["boot", "speed"], (0, True)), (["star", 0], (0, True))],
)
def test_maverick_lasting_injuries(faces: list[Any], absence: tuple[int, bool]) -> None:
    """Knives keep a maverick out for that many weeks; a trait or skill loss for the rest of the season."""
    assert injuries.maverick_absence(roll(faces, tokens=1)) == absence


def test_check_injuries_names_each_bad_field() -> None:
    raw: list[Any] = [
        {"athlete": 1, "tokens": 2, "killed": False},
        {"athlete": 99, "tokens": 1},
        {"athlete": 1, "tokens": 1},
        {"athlete": 2, "tokens": -1, "killed": "yes"},
        {"maverick": 7, "tokens": 3},
        "nonsense",
    ]
    problems = injuries.check_injuries(raw, athletes={1, 2}, mavericks={7})
    assert [(v.code, v.path) for v in problems] == [
        ("injury-athlete", "injuries[1].athlete"),
        ("injury-duplicate", "injuries[2].athlete"),
        ("injury-tokens", "injuries[3].tokens"),
        ("injury-killed", "injuries[3].killed"),
        ("injury-invalid", "injuries[5]"),
    ]


# --- The athlete after his lasting injuries ----------------------------------------------------------------------------


def test_a_boot_takes_one_point_from_the_trait_it_hit() -> None:
    """Boot: the athlete loses one point from a random trait."""
    traits, skills = injuries.after_lasting_injuries(RAZOR_TRAITS, SKILLS, ["speed"], [])
    assert traits == {**RAZOR_TRAITS, "speed": 5}
    assert skills == SKILLS


def test_a_star_takes_the_skill_it_hit() -> None:
    """Star: the athlete loses one random skill."""
    traits, skills = injuries.after_lasting_injuries(RAZOR_TRAITS, SKILLS, [], ["leadership"])
    assert traits == RAZOR_TRAITS
    assert skills == ["stand-up"]


def test_effects_are_cumulative_over_rolls_and_games() -> None:
    """Effects are cumulative: two boots on Toughness from two injuries take two points."""
    traits, skills = injuries.after_lasting_injuries(
        RAZOR_TRAITS, SKILLS, ["toughness", "accuracy", "toughness"], ["stand-up", "leadership"]
    )
    assert traits == {**RAZOR_TRAITS, "toughness": 1, "accuracy": 4}
    assert skills == []


def test_a_skill_bought_back_after_the_next_game_is_held_again() -> None:
    """Star: he can't buy it back until after the next game; once bought back, he has it."""
    _, skills = injuries.after_lasting_injuries(RAZOR_TRAITS, [*SKILLS, "leadership"], [], ["leadership"])
    assert sorted(skills) == ["leadership", "stand-up"]


def test_no_lasting_injury_leaves_the_athlete_as_he_is() -> None:
    assert injuries.after_lasting_injuries(RAZOR_TRAITS, SKILLS, [], []) == (RAZOR_TRAITS, SKILLS)
