"""The setup rules the rulebook states (Game Overview, Setup), each refusal naming its field, and the random deal."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation
from engine.slaughterville.ruleset import RULESET, Join, SessionCheck
from engine.slaughterville.sessions import Seat, check_setup
from tests.engine.dice import FixedDice
from tests.engine.slaughterville.builders import CATALOGUE, MEMBERS, log


def refusals(**changes: object) -> list[tuple[str, str]]:
    with pytest.raises(RuleViolation) as refused:
        check_setup(CATALOGUE, log(**changes), MEMBERS)
    return [(v.code, v.path) for v in refused.value.violations]


def test_a_legal_log_passes() -> None:
    check_setup(CATALOGUE, log(), MEMBERS)


@pytest.mark.parametrize("count", [1, 6])
def test_one_to_six_players_may_play(count: int) -> None:
    """Game Overview: "1-6 PLAYERS"."""
    seats = tuple(Seat(member, c.slug) for member, c in zip(range(1, count + 1), CATALOGUE.characters, strict=False))
    check_setup(CATALOGUE, log(seats=seats, first_player=1, defeated=0), MEMBERS)


def test_no_player_or_seven_players_is_refused() -> None:
    assert ("players-count", "players") in refusals(seats=(), first_player=1, defeated=0)
    seven = tuple(Seat(member, c.slug) for member, c in zip(range(1, 8), CATALOGUE.characters, strict=True))
    assert refusals(seats=seven) == [("players-count", "players")]


def test_each_player_plays_one_character_and_no_character_twice() -> None:
    """Setup 2: a character for each player; "dealing a single CHARACTER to each PLAYER"."""
    assert refusals(seats=(Seat(1, "jock"), Seat(2, "jock"))) == [("character-twice", "players[1].character")]
    assert refusals(seats=(Seat(1, "jock"), Seat(1, "nerd"))) == [("player-twice", "players[1].member")]
    assert refusals(seats=(Seat(1, "jock"), Seat(2, "clown"))) == [("character-unknown", "players[1].character")]
    assert refusals(seats=(Seat(1, "jock"), Seat(99, "nerd"))) == [("player-not-member", "players[1].member")]


def test_six_locations_in_order_none_twice() -> None:
    """Setup 4: "six LOCATIONS will be chosen ... The maximum number of LOCATIONS is six"."""
    assert refusals(locations=("camp", "church", "diner", "farm", "motel")) == [("locations-count", "locations")]
    seven = ("camp", "church", "diner", "farm", "motel", "woods", "school")
    assert refusals(locations=seven) == [("locations-count", "locations")]
    assert refusals(locations=("camp", "church", "camp", "farm", "motel", "woods")) == [("location-twice", "locations[2]")]
    assert refusals(locations=("camp", "church", "mall", "farm", "motel", "woods")) == [("location-unknown", "locations[2]")]


def test_the_villains_mandatory_location_is_the_first() -> None:
    """Setup 4: "If there is a LOCATION listed on the VILLAIN STARTING AREA, place it on the table as the first LOCATION"."""
    check_setup(CATALOGUE, log(villain="butcher", locations=("farm", "camp", "church", "diner", "motel", "woods")), MEMBERS)
    assert refusals(villain="butcher") == [("location-mandatory-first", "locations[0]")]
    assert refusals(villain="butcher", locations=("camp", "church", "diner", "motel", "woods", "school")) == [
        ("location-mandatory-first", "locations[0]")
    ]


def test_the_villain_is_one_of_the_catalogue() -> None:
    """Setup 3: the players choose a villain to face."""
    assert refusals(villain="clown") == [("villain-unknown", "villain")]


def test_the_first_player_is_one_of_the_players() -> None:
    """Setup 8: "The PLAYER who has most recently seen a horror movie is the FIRST PLAYER"."""
    assert refusals(first_player=3) == [("first-player-not-playing", "first_player")]


def test_outcome_and_counts_are_whole_numbers_in_range() -> None:
    assert refusals(outcome="draw") == [("outcome-invalid", "outcome")]
    assert refusals(turns=0) == [("turns-invalid", "turns")]
    assert refusals(turns=True) == [("turns-invalid", "turns")]
    assert refusals(clues=-1) == [("clues-invalid", "clues")]
    assert refusals(clues=2.5) == [("clues-invalid", "clues")]
    assert refusals(defeated=3) == [("defeated-invalid", "defeated")]  # two players, at most two defeated


def test_every_problem_at_once() -> None:
    found = refusals(
        seats=(Seat(1, "jock"), Seat(2, "jock")),
        villain="butcher",
        locations=("camp", "camp"),
        first_player=5,
        outcome="nobody",
        turns="many",
        clues=None,
        defeated=-1,
    )
    assert [path for _, path in found] == [
        "players[1].character",
        "locations",
        "locations[1]",
        "locations[0]",
        "first_player",
        "outcome",
        "turns",
        "clues",
        "defeated",
    ]


def test_random_characters_are_dealt_from_those_nobody_chose() -> None:
    """Setup 2: "choose a RANDOM CHARACTER by shuffling and dealing a single CHARACTER to each PLAYER"."""
    seats = (Seat(1, None), Seat(2, "jock"), Seat(3, None))
    dice = FixedDice({"deal.0": (2,), "deal.2": (2,)})
    dealt = RULESET.deal_characters(SessionCheck(CATALOGUE, log(seats=seats), MEMBERS), dice)
    # left: final-girl, nerd, sheriff, priest, medium, drifter; a 2 deals nerd, then a 2 of the rest deals sheriff
    assert [s.character for s in dealt.seats] == ["nerd", "jock", "sheriff"]
    assert dice.rolled == ["deal.0", "deal.2"]


def test_more_random_characters_than_the_catalogue_has_left_is_refused() -> None:
    two = type(CATALOGUE)(CATALOGUE.characters[:2], CATALOGUE.locations, CATALOGUE.villains)
    with pytest.raises(RuleViolation) as refused:
        check_setup(two, log(seats=(Seat(1, "jock"), Seat(2, None), Seat(3, None))), MEMBERS)
    assert [(v.code, v.path) for v in refused.value.violations] == [("characters-short", "players")]


def test_the_ruleset_keeps_the_shared_contract() -> None:
    assert RULESET.check_team(Join(" Ash ", already_member=False)) == "Ash"
    with pytest.raises(RuleViolation) as refused:
        RULESET.check_team(Join(" ", already_member=True))
    assert [v.path for v in refused.value.violations] == ["league", "name"]
    assert RULESET.post_game(SessionCheck(CATALOGUE, log(), MEMBERS), FixedDice({})) is None
    assert RULESET.validate_options({}) == {}
