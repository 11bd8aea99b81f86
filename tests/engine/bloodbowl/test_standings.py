"""League standings in the league's own order: points, then its tie-breakers."""

from __future__ import annotations

import pytest

from engine.bloodbowl.standings import MatchResult, StandingsOptions, standings, validate_standings_options
from engine.core.violations import RuleViolation
from tests.engine.bloodbowl.builders import codes, refused

THREE_ONE = validate_standings_options({})  # 3 / 1 / 0, then TD, CAS, head-to-head, Team Rating


def result(home, away, home_td, away_td, home_cas=0, away_cas=0) -> MatchResult:
    """A match without field goals: its score is its touchdowns."""
    return MatchResult(home, away, home_td, away_td, home_td, away_td, home_cas, away_cas)


def order(table) -> list[tuple[object, int, int]]:
    return [(row.team, row.position, row.points) for row in table]


def test_options_defaults_and_validation():
    assert StandingsOptions(3, 1, 0, ("td_diff", "cas_diff", "head_to_head", "team_rating")) == THREE_ONE
    custom = validate_standings_options({"points_win": 2, "tie_breakers": ["head_to_head"]})
    assert (custom.points_win, custom.points_draw, custom.tie_breakers) == (2, 1, ("head_to_head",))
    assert codes(refused(validate_standings_options, {"points_draw": -1, "tie_breakers": ["coin_toss"]})) == [
        ("option-invalid", "options.points_draw"),
        ("option-invalid", "options.tie_breakers"),
    ]
    with pytest.raises(RuleViolation, match="once"):
        validate_standings_options({"tie_breakers": ["td_diff", "td_diff"]})
    with pytest.raises(RuleViolation):
        validate_standings_options({"points_win": True})


def test_rows_count_wins_draws_losses_touchdowns_and_casualties():
    results = [result("a", "b", 2, 1, 3, 0), result("b", "c", 1, 1, 1, 2), result("c", "a", 0, 0)]
    table = {row.team: row for row in standings(results, {"a": 110, "b": 105, "c": 100, "d": 99}, THREE_ONE)}
    a = table["a"]
    assert (a.played, a.won, a.drawn, a.lost, a.points) == (2, 1, 1, 0, 4)
    assert (a.td_for, a.td_against, a.cas_for, a.cas_against, a.td_diff, a.cas_diff) == (2, 1, 3, 0, 1, 3)
    b = table["b"]
    assert (b.won, b.drawn, b.lost, b.points, b.cas_for, b.cas_against) == (0, 1, 1, 1, 1, 5)
    assert (table["d"].played, table["d"].points, table["d"].position) == (0, 0, 4)  # no results yet


def test_the_score_decides_the_match_touchdowns_count_as_touchdowns():
    """A 1 TD + 1 field goal win (3 points a field goal: 4-1) over 1 TD: a win, and 1 touchdown each way."""
    table = {row.team: row for row in standings([MatchResult("a", "b", 4, 1, 1, 1)], {}, THREE_ONE)}
    assert (table["a"].won, table["a"].points, table["a"].td_for, table["a"].td_against, table["a"].td_diff) == (1, 3, 1, 1, 0)
    assert (table["b"].lost, table["b"].td_for, table["b"].td_against) == (1, 1, 1)


def test_tie_breakers_in_the_league_order():
    """a, b and c each win once and lose once (3 points): TD difference a +4, b 0, c -4; casualty
    difference b +4, c 0, a -4; head-to-head leaves all three tied."""
    results = [result("a", "c", 5, 0, 0, 0), result("b", "a", 1, 0, 4, 0), result("c", "b", 1, 0)]
    ratings = {"a": 100, "b": 110, "c": 105}
    assert order(standings(results, ratings, THREE_ONE)) == [("a", 1, 3), ("b", 2, 3), ("c", 3, 3)]
    by_cas = validate_standings_options({"tie_breakers": ["cas_diff", "td_diff"]})
    assert order(standings(results, ratings, by_cas)) == [("b", 1, 3), ("c", 2, 3), ("a", 3, 3)]
    by_h2h = validate_standings_options({"tie_breakers": ["head_to_head"]})
    assert order(standings(results, ratings, by_h2h)) == [("a", 1, 3), ("b", 1, 3), ("c", 1, 3)]
    then_rating = validate_standings_options({"tie_breakers": ["head_to_head", "team_rating"]})
    assert [row.team for row in standings(results, ratings, then_rating)] == ["b", "c", "a"]


def test_head_to_head_between_two_tied_teams():
    """a and b on 3 points with the same TD and casualty difference; b beat a, so b is above (d is
    above c on TD difference)."""
    results = [result("b", "a", 1, 0), result("a", "c", 2, 0), result("c", "d", 1, 1)]
    assert order(standings(results, {"a": 130, "b": 100}, THREE_ONE)) == [("b", 1, 3), ("a", 2, 3), ("d", 3, 1), ("c", 4, 1)]


def test_head_to_head_counts_only_the_tied_teams():
    """a, b and c all on 6 points; d on 0. Among a, b and c each won once: still tied; then Team Rating."""
    results = [
        result("a", "b", 1, 0),
        result("b", "c", 1, 0),
        result("c", "a", 1, 0),
        result("a", "d", 3, 0),
        result("b", "d", 1, 0),
        result("c", "d", 2, 0),
    ]
    options = validate_standings_options({"tie_breakers": ["head_to_head", "team_rating"]})
    table = standings(results, {"a": 120, "b": 140, "c": 130, "d": 150}, options)
    assert order(table) == [("b", 1, 6), ("c", 2, 6), ("a", 3, 6), ("d", 4, 0)]


def test_still_tied_teams_share_a_position():
    results = [result("a", "b", 1, 1), result("c", "d", 2, 0)]
    table = standings(results, {}, validate_standings_options({"tie_breakers": []}), teams=["a", "b", "c", "d"])
    assert order(table) == [("c", 1, 3), ("a", 2, 1), ("b", 2, 1), ("d", 4, 0)]


def test_team_rating_breaks_a_tie_higher_first():
    table = standings([result(1, 2, 1, 1)], {1: 100, 2: 120}, validate_standings_options({"tie_breakers": ["team_rating"]}))
    assert [row.team for row in table] == [2, 1]
