"""Team creation, team value and Team Rating (rulebook: Team Ratings, Purchases)."""

from __future__ import annotations

from dataclasses import replace

from engine.bloodbowl.team import NewPlayer, NewTeamRequest, check_new_team, rating, team_rating, team_value
from tests.engine.bloodbowl.builders import HOUSE, LISTS, NO_HOUSE, codes, make_player, make_team, refused

BUDGET = 1_000_000


def players(*positions: str) -> tuple[NewPlayer, ...]:
    return tuple(NewPlayer(position, f"Player {i}", i) for i, position in enumerate(positions, start=1))


ELEVEN = players(*["bog-lineman"] * 7, "reed-runner", "croak-thrower", "mud-bruiser", "swamp-hulk")
ELEVEN_COST = 7 * 50_000 + 70_000 + 70_000 + 90_000 + 110_000  # 690,000


def test_team_rating_examples():
    """A team worth 1,000,000 gold pieces rates 100; 63 SPP add 63 / 5 = 12.6, rounded down to 12."""
    assert rating(1_000_000, 0) == 100
    assert rating(1_000_000, 63) == 112
    assert rating(1_009_999, 4) == 100  # "knock off the last four zeros"; fractions of 5 SPP round down


def test_a_new_team_within_budget():
    request = NewTeamRequest("bogmire-croakers", ELEVEN, rerolls=3, fan_factor=5, apothecary=True, cheerleaders=2)
    cost = check_new_team(LISTS, HOUSE, BUDGET, request)
    lines = {line.item: (line.count, line.unit_cost) for line in cost.lines}
    assert lines == {
        "bog-lineman": (7, 50_000),
        "reed-runner": (1, 70_000),
        "croak-thrower": (1, 70_000),
        "mud-bruiser": (1, 90_000),
        "swamp-hulk": (1, 110_000),
        "rerolls": (3, 60_000),  # the list price, not doubled, before the league starts
        "fan_factor": (5, 10_000),
        "apothecary": (1, 50_000),
        "cheerleaders": (2, 10_000),
    }
    assert cost.total == ELEVEN_COST + 180_000 + 50_000 + 50_000 + 20_000 == 990_000
    assert cost.treasury == 10_000


def test_spending_the_whole_budget_is_allowed_one_more_is_not():
    exact = NewTeamRequest("bogmire-croakers", ELEVEN, rerolls=5, fan_factor=1)  # 690,000 + 300,000 + 10,000
    assert check_new_team(LISTS, HOUSE, BUDGET, exact).treasury == 0
    over = replace(exact, cheerleaders=1)
    assert codes(refused(check_new_team, LISTS, HOUSE, BUDGET, over)) == [("over-budget", "players")]


def test_new_team_problems_all_at_once():
    request = NewTeamRequest(
        "bogmire-croakers",
        (*players(*["bog-lineman"] * 8, "swamp-hulk", "swamp-hulk", "wizard"), NewPlayer("bog-lineman", "Player 1", 3)),
        rerolls=-1,
    )
    assert codes(refused(check_new_team, LISTS, HOUSE, BUDGET, request)) == [
        ("position-unknown", "players[10].position"),
        ("position-limit", "players"),  # two Swamp Hulks, at most one
        ("number-duplicate", "players[11].number"),
        ("name-duplicate", "players[11].name"),
        ("count-invalid", "rerolls"),
    ]


def test_a_new_teams_fan_factor_is_at_least_1():
    """Fan Factor "can never be reduced to less than 1": a team starts at 1 or more."""
    zero = NewTeamRequest("bogmire-croakers", ELEVEN, fan_factor=0)
    assert codes(refused(check_new_team, LISTS, HOUSE, BUDGET, zero)) == [("fan-factor-minimum", "fan_factor")]
    assert check_new_team(LISTS, HOUSE, BUDGET, replace(zero, fan_factor=1)).total == ELEVEN_COST + 10_000


def test_roster_size_is_a_house_value():
    ten = NewTeamRequest("bogmire-croakers", ELEVEN[:10])
    assert codes(refused(check_new_team, LISTS, HOUSE, BUDGET, ten)) == [("roster-size", "players")]
    seventeen = NewTeamRequest("bogmire-croakers", players(*["bog-lineman"] * 12, *["reed-runner"] * 4, "swamp-hulk"))
    assert codes(refused(check_new_team, LISTS, HOUSE, 10_000_000, seventeen)) == [("roster-size", "players")]
    unset = refused(check_new_team, LISTS, NO_HOUSE, BUDGET, NewTeamRequest("bogmire-croakers", ELEVEN))
    assert codes(unset) == [("house-value-required", "roster.minimum"), ("house-value-required", "roster.maximum")]
    assert "League settings, House values" in unset[0].message


def test_staff_need_their_house_costs_only_when_hired_fan_factor_always():
    house = replace(HOUSE, values={k: v for k, v in HOUSE.values.items() if k.startswith("roster.")})
    no_staff = NewTeamRequest("bogmire-croakers", ELEVEN)
    assert [p for _, p in codes(refused(check_new_team, LISTS, house, BUDGET, no_staff))] == ["costs.fan_factor"]
    request = NewTeamRequest("bogmire-croakers", ELEVEN, fan_factor=2, apothecary=True, assistant_coaches=1, cheerleaders=1)
    assert [p for _, p in codes(refused(check_new_team, LISTS, house, BUDGET, request))] == [
        "costs.fan_factor",
        "costs.apothecary",
        "costs.assistant_coach",
        "costs.cheerleader",
    ]


def test_unknown_race_and_apothecary_not_allowed():
    assert codes(refused(check_new_team, LISTS, HOUSE, BUDGET, NewTeamRequest("elves", ELEVEN))) == [("race-unknown", "race")]
    no_apothecary = replace(LISTS, races=(replace(LISTS.races[0], apothecary_allowed=False),))
    request = NewTeamRequest("bogmire-croakers", ELEVEN, apothecary=True)
    assert codes(refused(check_new_team, no_apothecary, HOUSE, BUDGET, request)) == [("apothecary-not-allowed", "apothecary")]


def test_team_value_counts_players_rerolls_staff_fan_factor_and_treasury():
    """Team Ratings: every player on the roster at his value (one missing the next match too, a dead or
    retired one not), re-rolls at the list price, staff and Fan Factor at their costs, plus the treasury."""
    squad = [make_player(i) for i in range(1, 11)] + [make_player(11, "swamp-hulk", spp=26, misses_next_match=True)]
    gone = [make_player(12, status="dead", spp=50), make_player(13, status="retired", spp=50)]
    team = make_team(
        [*squad, *gone], rerolls=2, fan_factor=4, apothecary=True, assistant_coaches=1, cheerleaders=3, treasury=35_000
    )
    expected = 10 * 50_000 + 110_000 + 2 * 60_000 + 4 * 10_000 + 50_000 + 10_000 + 3 * 10_000 + 35_000
    assert team_value(team, HOUSE) == expected == 895_000
    assert team_rating(team, HOUSE) == 89 + 26 // 5 == 94


def test_team_value_refuses_without_the_house_costs_it_needs():
    assert team_value(make_team(), NO_HOUSE) == 11 * 50_000
    assert codes(refused(team_value, make_team(cheerleaders=1), NO_HOUSE)) == [("house-value-required", "costs.cheerleader")]
