"""Building a league roster (rulebook: Pro Teams; league teams hire eight athletes)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from engine.core.violations import RuleViolation, Violation
from engine.registry import get_ruleset
from engine.slaughterball.catalog import TRAITS, Catalog, build_catalog, validate_house_values
from engine.slaughterball.roster import AthleteRequest, SignUp, StartingAthlete, build_roster
from tests.engine.rulebook import PORTFOLIOS

UNPRINTED_SLASHER_VALUE = {"carnage", "valkyries"}
LINEUP = ("razor", "razor", "cleaver", "cleaver", "cleaver", "slasher", "slasher", "butcher")
HOUSE_BUTCHER = {
    "value": 3_500_000,
    "accuracy": 2,
    "agility": 2,
    "brawling": 6,
    "speed": 4,
    "toughness": 6,
    "skills": ["savagery"],
}
HOUSE_SLASHER_VALUE = 2_500_000


def requests(*types: str) -> list[AthleteRequest]:
    return [AthleteRequest(t, f"Athlete {i}", i) for i, t in enumerate(types, start=1)]


def butcher_keys(portfolio: str) -> list[str]:
    return [f"athletes.{portfolio}.butcher.{cell}" for cell in ("value", *TRAITS, "skills")]


def house_catalog(portfolio: str) -> Catalog:
    """The printed tables plus the house values a roster on this portfolio needs."""
    values = {f"athletes.{portfolio}.butcher.{cell}": value for cell, value in HOUSE_BUTCHER.items()}
    if portfolio in UNPRINTED_SLASHER_VALUE:
        values[f"athletes.{portfolio}.slasher.value"] = HOUSE_SLASHER_VALUE
    return build_catalog(validate_house_values(values))


def violations(catalog: Catalog, portfolio: str, athletes: Sequence[AthleteRequest]) -> tuple[Violation, ...]:
    with pytest.raises(RuleViolation) as refused:
        build_roster(catalog, portfolio, athletes)
    return refused.value.violations


def problems(catalog: Catalog, portfolio: str, athletes: Sequence[AthleteRequest]) -> set[tuple[str, str]]:
    return {(v.code, v.path) for v in violations(catalog, portfolio, athletes)}


# --- a valid roster -------------------------------------------------------------------------------------


def test_a_valid_nemesis_roster_starts_with_the_printed_rows() -> None:
    roster = build_roster(house_catalog("nemesis"), "nemesis", requests(*LINEUP))
    assert len(roster) == 8
    assert roster[2] == StartingAthlete(
        "cleaver",
        "Athlete 3",
        3,
        {"accuracy": 4, "agility": 4, "brawling": 3, "speed": 6, "toughness": 4},
        ("pit-strategy", "pit-tactics", "thwart"),
        3_000_000,
    )
    assert roster[0].value == 3_100_000
    assert roster[5].value == 2_300_000


def test_the_butcher_starts_with_the_house_row() -> None:
    roster = build_roster(house_catalog("nemesis"), "nemesis", requests(*LINEUP))
    assert roster[-1] == StartingAthlete(
        "butcher",
        "Athlete 8",
        8,
        {"accuracy": 2, "agility": 2, "brawling": 6, "speed": 4, "toughness": 6},
        ("savagery",),
        3_500_000,
    )


@pytest.mark.parametrize("portfolio", PORTFOLIOS)
def test_every_portfolio_builds_with_its_house_values(portfolio: str) -> None:
    roster = build_roster(house_catalog(portfolio), portfolio, requests(*LINEUP))
    assert [a.type for a in roster] == list(LINEUP)
    slasher = roster[5]
    expected = HOUSE_SLASHER_VALUE if portfolio in UNPRINTED_SLASHER_VALUE else 2_300_000
    assert slasher.value == expected


@pytest.mark.parametrize(
    "lineup",
    [
        ("razor", "cleaver", "slasher", "butcher", "razor", "cleaver", "slasher", "butcher"),
        ("razor", "razor", "razor", "cleaver", "cleaver", "cleaver", "slasher", "butcher"),
        ("razor", "cleaver", "butcher", "butcher", "butcher", "slasher", "slasher", "slasher"),
    ],
    ids=["2-2-2-2", "3-3-1-1", "1-1-3-3"],
)
def test_any_mix_of_one_to_three_per_type_is_allowed(lineup: tuple[str, ...]) -> None:
    assert len(build_roster(house_catalog("swords-of-damocles"), "swords-of-damocles", requests(*lineup))) == 8


def test_names_are_stored_without_surrounding_spaces() -> None:
    athletes = requests(*LINEUP)
    athletes[0] = AthleteRequest("razor", "  Sparks  ", 1)
    assert build_roster(house_catalog("nemesis"), "nemesis", athletes)[0].name == "Sparks"


def test_the_ruleset_builds_rosters_too() -> None:
    catalog = house_catalog("valkyries")
    ruleset = get_ruleset("slaughterball")
    assert ruleset.check_team(SignUp(catalog, "valkyries", requests(*LINEUP))) == build_roster(
        catalog, "valkyries", requests(*LINEUP)
    )


# --- house values a roster needs ----------------------------------------------------------------------------


@pytest.mark.parametrize("portfolio", PORTFOLIOS)
def test_a_butcher_needs_the_portfolios_house_row(portfolio: str) -> None:
    catalog = build_catalog({})
    if portfolio in UNPRINTED_SLASHER_VALUE:  # set the slasher value so only the butcher row is missing
        catalog = build_catalog({f"athletes.{portfolio}.slasher.value": HOUSE_SLASHER_VALUE})
    found = violations(catalog, portfolio, requests(*LINEUP))
    assert found == tuple(catalog.missing(key) for key in butcher_keys(portfolio))


def test_each_missing_house_value_is_reported_once_however_many_butchers() -> None:
    catalog = build_catalog({})
    lineup = ("razor", "cleaver", "slasher", "butcher", "razor", "cleaver", "butcher", "butcher")
    found = violations(catalog, "nemesis", requests(*lineup))
    assert [v.path for v in found] == butcher_keys("nemesis")
    assert {v.code for v in found} == {"house-value-required"}


@pytest.mark.parametrize("portfolio", sorted(UNPRINTED_SLASHER_VALUE))
def test_carnage_and_valkyries_slashers_need_a_house_value(portfolio: str) -> None:
    butcher_only = {f"athletes.{portfolio}.butcher.{cell}": value for cell, value in HOUSE_BUTCHER.items()}
    catalog = build_catalog(validate_house_values(butcher_only))
    (violation,) = violations(catalog, portfolio, requests(*LINEUP))
    assert violation == catalog.missing(f"athletes.{portfolio}.slasher.value")
    assert violation.message == (
        f"{catalog.portfolios[portfolio]} slasher value is a house value this league has not set yet: the commissioner "
        "sets it in League settings, House values."
    )


def test_a_partly_set_butcher_row_reports_only_the_missing_cells() -> None:
    catalog = build_catalog({"athletes.nemesis.butcher.value": 3_500_000, "athletes.nemesis.butcher.skills": ()})
    found = violations(catalog, "nemesis", requests(*LINEUP))
    assert [v.path for v in found] == [f"athletes.nemesis.butcher.{t}" for t in TRAITS]


# --- the roster rules ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lineup", [LINEUP[1:], (*LINEUP, "slasher")], ids=["7", "9"])
def test_a_league_team_has_exactly_eight_athletes(lineup: tuple[str, ...]) -> None:
    found = violations(house_catalog("nemesis"), "nemesis", requests(*lineup))
    assert found == (Violation("roster-size", "athletes", f"A league team has exactly 8 athletes, not {len(lineup)}."),)


@pytest.mark.parametrize("missing", ["razor", "cleaver", "slasher", "butcher"])
def test_a_team_needs_at_least_one_of_each_type(missing: str) -> None:
    lineup = [t for t in ("razor", "cleaver", "slasher", "butcher") if t != missing] * 2
    lineup += [lineup[0], lineup[1]]
    found = violations(house_catalog("nemesis"), "nemesis", requests(*lineup))
    assert found == (Violation("roster-type-minimum", "athletes", f"A team needs at least one {missing}."),)


@pytest.mark.parametrize("crowded", ["razor", "cleaver", "slasher", "butcher"])
def test_a_team_has_at_most_three_of_each_type(crowded: str) -> None:
    others = [t for t in ("razor", "cleaver", "slasher", "butcher") if t != crowded]
    found = violations(house_catalog("nemesis"), "nemesis", requests(*others, crowded, crowded, crowded, crowded, others[0]))
    assert found == (Violation("roster-type-maximum", "athletes", f"A team may have at most 3 {crowded}s, not 4."),)


def test_jersey_numbers_are_unique() -> None:
    athletes = requests(*LINEUP)
    athletes[3] = replace(athletes[3], number=1)
    found = violations(house_catalog("nemesis"), "nemesis", athletes)
    assert found == (Violation("number-duplicate", "athletes[3].number", "Jersey number 1 is already taken on this team."),)


@pytest.mark.parametrize("duplicate", ["Athlete 2", "athlete 2", "ATHLETE 2", "  Athlete 2 "])
def test_names_are_unique_ignoring_case_and_spaces(duplicate: str) -> None:
    athletes = requests(*LINEUP)
    athletes[5] = replace(athletes[5], name=duplicate)
    found = violations(house_catalog("nemesis"), "nemesis", athletes)
    assert found == (
        Violation("name-duplicate", "athletes[5].name", f"The name {duplicate.strip()} is already taken on this team."),
    )


def test_an_unknown_athlete_type_is_refused_with_its_path() -> None:
    athletes = requests(*LINEUP)
    athletes[4] = replace(athletes[4], type="goblin")
    found = violations(house_catalog("nemesis"), "nemesis", athletes)
    assert found == (
        Violation(
            "athlete-type-unknown", "athletes[4].type", "Unknown athlete type; choose one of razor, cleaver, slasher, butcher."
        ),
    )


def test_an_unknown_portfolio_is_refused() -> None:
    found = violations(build_catalog({}), "orks", requests(*LINEUP))
    assert found == (
        Violation(
            "portfolio-unknown",
            "portfolio",
            "Unknown Team Genetic Portfolio; choose one of carnage, nemesis, swords-of-damocles, valkyries.",
        ),
    )


def test_every_problem_is_reported_at_once_with_its_path() -> None:
    athletes = requests("cleaver", "cleaver", "cleaver", "cleaver", "slasher", "butcher", "goblin", "slasher", "slasher")
    athletes[4] = replace(athletes[4], number=2)
    athletes[7] = replace(athletes[7], name="athlete 1")
    assert problems(build_catalog({}), "nemesis", athletes) == {
        ("roster-size", "athletes"),
        ("roster-type-minimum", "athletes"),  # no razor
        ("roster-type-maximum", "athletes"),  # four cleavers
        ("number-duplicate", "athletes[4].number"),
        ("name-duplicate", "athletes[7].name"),
        ("athlete-type-unknown", "athletes[6].type"),
        *(("house-value-required", key) for key in butcher_keys("nemesis")),
    }


def test_an_athlete_of_unknown_type_is_still_checked_for_number_and_name() -> None:
    athletes = requests(*LINEUP)
    athletes[4] = AthleteRequest("goblin", "Athlete 1", 1)
    assert problems(house_catalog("nemesis"), "nemesis", athletes) == {
        ("athlete-type-unknown", "athletes[4].type"),
        ("number-duplicate", "athletes[4].number"),
        ("name-duplicate", "athletes[4].name"),
    }


def test_an_unknown_portfolio_does_not_hide_the_other_problems() -> None:
    athletes = requests(*LINEUP[1:])
    athletes[1] = replace(athletes[1], number=1)
    assert problems(build_catalog({}), "orks", athletes) == {
        ("portfolio-unknown", "portfolio"),
        ("roster-size", "athletes"),
        ("number-duplicate", "athletes[1].number"),
    }
