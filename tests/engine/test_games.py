"""One league game with the rulebook's own numbers (Choose Athletes, Mavericks Exit, Underdog Bonus, Edge Tokens, Scoring, Spike
Scoring, Play League Games: Award League Points, Award Prize Money, Award Examples, No-Shows)."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation
from engine.registry import get_ruleset
from engine.slaughterball.games import (
    GameResult,
    ScoringEntry,
    SideAward,
    SidePlayers,
    SideResult,
    award,
    check_result,
    check_scoring_entry,
    edge_tokens_received,
    pit_power,
    scoring_points,
    staff_edge_tokens,
    token_picking_order,
    took_part,
    underdog_edge_tokens,
    who_played,
)
from tests.engine.dice import NO_DICE

SWORDS, NEMESIS, CARNAGE, VALKYRIES = 1, 2, 3, 4
TEAMS = [SWORDS, NEMESIS, CARNAGE, VALKYRIES]


def codes(refused: pytest.ExceptionInfo[RuleViolation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in refused.value.violations]


def sides(*scores: int | None, unused: dict[int, int] | None = None) -> list[SideResult]:
    """Sides in order of play for teams 1..n; a score of None is a no-show."""
    unused = unused or {}
    return [
        SideResult(team=i, score=0 if s is None else s, unused_edge_tokens=unused.get(i, 0), no_show=s is None)
        for i, s in enumerate(scores, start=1)
    ]


def table(awards: list[SideAward]) -> list[tuple[int, int, int]]:
    return [(a.place, a.league_points, a.prize_money) for a in awards]


# --- Underdog Bonus ------------------------------------------------------------------------------


def test_exhibition_underdog_table():
    """The exhibition table: 18,600,000 / 16,700,000 / 16,400,000 / 16,300,000 -> 0, 3, 4, 4."""
    powers = {SWORDS: 18_600_000, NEMESIS: 16_700_000, CARNAGE: 16_400_000, VALKYRIES: 16_300_000}
    assert underdog_edge_tokens(powers) == {SWORDS: 0, NEMESIS: 3, CARNAGE: 4, VALKYRIES: 4}


def test_league_underdog_table():
    """The league table: Nemesis 20.2M 0; Swords 19.5M 1; Valkyries 19.1M 2; Carnage 18.6M 5
    (one for the Valkyries, one for the Swords, three for Nemesis)."""
    powers = {NEMESIS: 20_200_000, SWORDS: 19_500_000, VALKYRIES: 19_100_000, CARNAGE: 18_600_000}
    assert underdog_edge_tokens(powers) == {NEMESIS: 0, SWORDS: 1, VALKYRIES: 2, CARNAGE: 5}
    # The Valkyries get nothing for the Swords: 400,000 is less than 500,000.
    assert underdog_edge_tokens({VALKYRIES: 19_100_000, SWORDS: 19_500_000})[VALKYRIES] == 0


def test_equal_pit_power_earns_nothing():
    assert underdog_edge_tokens({1: 17_000_000, 2: 17_000_000}) == {1: 0, 2: 0}


def test_lowest_pit_power_picks_tokens_first():
    powers = {NEMESIS: 20_200_000, SWORDS: 19_500_000, VALKYRIES: 19_100_000, CARNAGE: 18_600_000}
    assert token_picking_order(powers) == [CARNAGE, VALKYRIES, SWORDS, NEMESIS]


def test_pit_power_adds_athletes_staff_and_mavericks():
    """Calculate Pit Power: chosen athletes + support staff + mavericks' adjustments; no treasury."""
    assert pit_power([2_700_000, 2_100_000], 300_000, [400_000]) == 5_500_000
    assert pit_power([], 0) == 0


def test_staff_tokens():
    """One Reroll token per cheerleader, one Cancel Card token for a mascot; other staff none."""
    assert staff_edge_tokens({"cheerleader": 3, "mascot": 1, "physician": 1}) == {"reroll": 3, "cancel-card": 1}
    assert staff_edge_tokens({"offensive-coach": 1}) == {}


def test_staff_tokens_are_edge_tokens():
    """Edge Tokens: "Coaches can get them from the Underdog Bonus or from support staff"."""
    assert edge_tokens_received(1, {"reroll": 3, "cancel-card": 1}) == 5
    assert edge_tokens_received(0, {}) == 0


# --- Award examples (prize tables) -----------------------------------------------------------------


def test_four_team_game_without_ties():
    """First 3 LP 400,000; Second 2 300,000; Third 1 200,000; Fourth 0 100,000."""
    assert table(award(sides(30, 20, 10, 5))) == [
        (1, 3, 400_000),
        (2, 2, 300_000),
        (3, 1, 200_000),
        (4, 0, 100_000),
    ]


def test_tie_for_second():
    """First 3 LP 400,000; Second (tie) 1 LP 200,000 each; Third 0 100,000."""
    assert table(award(sides(30, 20, 20, 5))) == [
        (1, 3, 400_000),
        (2, 1, 200_000),
        (2, 1, 200_000),
        (3, 0, 100_000),
    ]


def test_tie_for_third():
    """First 3 400,000; Second 2 300,000; Third (tie) 0 100,000 each."""
    assert table(award(sides(30, 20, 10, 10))) == [
        (1, 3, 400_000),
        (2, 2, 300_000),
        (3, 0, 100_000),
        (3, 0, 100_000),
    ]


def test_three_way_tie_for_second():
    """0 League Points for everyone except the winner, who earns 3."""
    assert table(award(sides(30, 12, 12, 12))) == [
        (1, 3, 400_000),
        (2, 0, 100_000),
        (2, 0, 100_000),
        (2, 0, 100_000),
    ]


def test_order_of_play_does_not_decide_places():
    assert table(award(sides(5, 10, 30, 20))) == [
        (4, 0, 100_000),
        (3, 1, 200_000),
        (1, 3, 400_000),
        (2, 2, 300_000),
    ]


def test_unused_edge_tokens_pay_50000_each():
    """For each Edge token not used during the game, 50,000 credits."""
    awards = award(sides(30, 20, 10, 5, unused={2: 1, 4: 5}))
    assert [a.prize_money for a in awards] == [400_000, 350_000, 200_000, 350_000]


def test_three_team_game():
    """Fewer teams, fewer League Points: a 3-team game pays 2, 1, 0."""
    assert table(award(sides(14, 9, 3))) == [(1, 2, 300_000), (2, 1, 200_000), (3, 0, 100_000)]


def test_two_team_game():
    assert table(award(sides(4, 11))) == [(2, 0, 100_000), (1, 1, 200_000)]


def test_three_team_game_tie_for_second():
    assert table(award(sides(14, 3, 3))) == [(1, 2, 300_000), (2, 0, 100_000), (2, 0, 100_000)]


# --- No-shows ---------------------------------------------------------------------------------------


def test_no_show_gets_nothing_and_counts_last():
    """The absent coach earns no money and no League Points; it counts as last place. The others
    are paid as if he came last."""
    awards = award(sides(30, None, 10, 5))
    assert table(awards) == [(1, 3, 400_000), (4, 0, 0), (2, 2, 300_000), (3, 1, 200_000)]


def test_others_paid_as_if_the_no_show_came_last_even_with_zero_points():
    """A present team on 0 points still beats the absent one."""
    assert table(award(sides(0, None, 7))) == [(2, 1, 200_000), (3, 0, 0), (1, 2, 300_000)]


def test_two_no_shows_share_last_place():
    assert table(award(sides(20, None, 10, None))) == [(1, 3, 400_000), (3, 0, 0), (2, 2, 300_000), (3, 0, 0)]


def test_no_show_result_is_legal():
    check_result(sides(20, None, 10, 5), {}, TEAMS)


def test_no_show_with_a_score_or_tokens_is_refused():
    result = [SideResult(1, 20), SideResult(2, 3, no_show=True), SideResult(3, 0, 1, no_show=True)]
    with pytest.raises(RuleViolation) as refused:
        check_result(result, {3: 2}, [1, 2, 3])
    assert codes(refused) == [("no-show-scored", "sides[1].no_show"), ("no-show-scored", "sides[2].no_show")]


def test_everyone_absent_is_not_a_result():
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(None, None), {}, [1, 2])
    assert codes(refused) == [("result-all-no-show", "sides")]


# --- Illegal results ------------------------------------------------------------------------------------


def test_legal_result_passes():
    check_result(sides(30, 20, 20, 5, unused={2: 3}), {2: 3}, TEAMS)


def test_tie_for_first_is_refused():
    """Ties prompt overtime: a result with two teams on the top score is not final."""
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(20, 20, 10, 5), {}, TEAMS)
    assert codes(refused) == [("tie-for-first", "sides")]


def test_tie_for_first_ignores_no_shows():
    check_result(sides(0, None, None), {}, [1, 2, 3])  # the only present team wins on 0


@pytest.mark.parametrize("score", [-1, 2.5, "12", None, True])
def test_negative_or_non_integer_score_is_refused(score):
    result = [SideResult(1, 20), SideResult(2, score)]  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as refused:
        check_result(result, {}, [1, 2])
    assert ("score-invalid", "sides[1].score") in codes(refused)


def test_more_unused_edge_tokens_than_received_is_refused():
    result = sides(30, 20, 10, 5, unused={1: 1, 3: 3, 4: -1})
    with pytest.raises(RuleViolation) as refused:
        check_result(result, {3: 2, 4: 5}, TEAMS)
    assert codes(refused) == [
        ("edge-tokens-unused", "sides[0].unused_edge_tokens"),  # received none
        ("edge-tokens-unused", "sides[2].unused_edge_tokens"),  # 3 of 2
        ("edge-tokens-unused", "sides[3].unused_edge_tokens"),  # negative
    ]
    assert "received 0 Edge tokens" in refused.value.violations[0].message


def test_edge_tokens_not_recorded_count_as_none_received():
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(30, 20, unused={2: 1}), {2: None}, [1, 2])  # type: ignore[dict-item]
    assert codes(refused) == [("edge-tokens-unused", "sides[1].unused_edge_tokens")]


def test_team_not_in_the_game_missing_or_repeated_is_refused():
    result = [SideResult(1, 20), SideResult(9, 10), SideResult(1, 5)]
    with pytest.raises(RuleViolation) as refused:
        check_result(result, {}, [1, 2, 3])
    assert codes(refused) == [
        ("result-team-unknown", "sides[1].team"),
        ("result-team-repeated", "sides[2].team"),
        ("result-team-missing", "sides"),
        ("result-team-missing", "sides"),
    ]


def test_every_problem_is_reported_at_once():
    result = [SideResult(1, 20), SideResult(2, 20, 4), SideResult(7, -3)]
    with pytest.raises(RuleViolation) as refused:
        check_result(result, {2: 1}, [1, 2, 3])
    assert codes(refused) == [
        ("edge-tokens-unused", "sides[1].unused_edge_tokens"),
        ("result-team-unknown", "sides[2].team"),
        ("score-invalid", "sides[2].score"),
        ("result-team-missing", "sides"),
        ("tie-for-first", "sides"),
    ]


# --- Scoring log ------------------------------------------------------------------------------------------


def entry(team: int, kind: str, **fields: object) -> ScoringEntry:
    return ScoringEntry(team=team, kind=kind, **fields)


def test_opening_the_goals_scores_two():
    assert scoring_points(entry(1, "goals-opened")) == 2


@pytest.mark.parametrize(("distance", "points"), [(0, 1), (1, 1), (2, 2), (5, 5)])
def test_a_goal_scores_the_shoot_distance_at_least_one(distance, points):
    """Goals are worth the shoot distance (minimum 1 if the shooter is next to the goal)."""
    assert scoring_points(entry(1, "goal", distance=distance)) == points


@pytest.mark.parametrize(
    ("target", "knock_down", "injure"),
    [("razor", 0, 0), ("cleaver", 1, 2), ("slasher", 1, 3), ("butcher", 1, 4)],
)
def test_slaughter_points_table(target, knock_down, injure):
    """Slaughtering Opponents: knock-down and injury points; they do not add up."""
    assert scoring_points(entry(1, "slaughter", target=target)) == knock_down
    assert scoring_points(entry(1, "slaughter", target=target, injured=True)) == injure


def test_points_for_a_penalized_foul_are_revoked():
    """Points for injuring a prone opponent are revoked if you are penalized for the foul."""
    assert scoring_points(entry(1, "slaughter", target="butcher", injured=True, penalized=True)) == 0


def test_spike_example():
    """Spike Example: a cleaver knocked down at spike distance two scores 1 + 2 = 3 points."""
    assert scoring_points(entry(1, "spike", target="cleaver", distance=2)) == 3


def test_spike_scoring_examples():
    """A slasher knocked down at spike distance 4 scores 5 points, or 7 with a Brutal Spike."""
    assert scoring_points(entry(1, "spike", target="slasher", distance=4)) == 5
    assert scoring_points(entry(1, "spike", target="slasher", distance=4, injured=True)) == 7


def test_spiking_a_razor_scores_nothing_not_even_the_bonus():
    assert scoring_points(entry(1, "spike", target="razor", distance=6, injured=True)) == 0


def test_a_log_that_adds_up_passes():
    log = [
        entry(1, "goals-opened"),
        entry(1, "goal", distance=4),
        entry(2, "slaughter", target="butcher", injured=True),
        entry(2, "spike", target="cleaver", distance=2),
        entry(2, "slaughter", target="slasher", injured=True, penalized=True),
        entry(3, "slaughter", target="razor", injured=True),
    ]
    check_result(sides(6, 7, 0), {}, [1, 2, 3], log)


def test_a_log_that_does_not_add_up_is_refused_per_side():
    log = [entry(1, "goal", distance=5), entry(2, "slaughter", target="cleaver")]
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(6, 1, 3), {}, [1, 2, 3], log)
    assert codes(refused) == [("log-total", "sides[0].score"), ("log-total", "sides[2].score")]
    assert "adds up to 5 points for this team, not 6" in refused.value.violations[0].message


def test_an_empty_log_means_nobody_scored():
    check_result(sides(1, 0), {}, [1, 2], [entry(1, "goal", distance=0)])
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(3, 0), {}, [1, 2], [])
    assert codes(refused) == [("log-total", "sides[0].score")]


def test_no_log_checks_nothing():
    check_result(sides(3, 0), {}, [1, 2], None)


def test_goals_open_once_per_game():
    log = [entry(1, "goals-opened"), entry(2, "goals-opened")]
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(2, 3), {}, [1, 2], [*log, entry(2, "slaughter", target="cleaver")])
    assert codes(refused) == [("log-goals-opened-twice", "scoring_log[1]")]


def test_bad_log_lines_are_each_named():
    log = [
        entry(9, "goal", distance=2),
        entry(1, "dunk"),
        entry(1, "goal"),
        entry(1, "spike", target="cleaver", distance=0),
        entry(1, "slaughter", target="ogre"),
        entry(1, "spike", target="slasher", distance=2, penalized=True),
        entry(2, "goal", distance=1),
        entry(1, "goal", distance=2, injured=True),
    ]
    with pytest.raises(RuleViolation) as refused:
        check_result(sides(10, None), {}, [1, 2], log)
    assert codes(refused) == [
        ("log-team", "scoring_log[0].team"),
        ("log-kind", "scoring_log[1].kind"),
        ("log-distance", "scoring_log[2].distance"),
        ("log-distance", "scoring_log[3].distance"),
        ("log-target", "scoring_log[4].target"),
        ("log-penalized", "scoring_log[5].penalized"),
        ("log-no-show", "scoring_log[6].team"),
        ("log-injured", "scoring_log[7].injured"),
    ]


def test_one_log_line_is_checked_on_its_own_before_the_scores_are_known():
    """Live entry adds a line at a time: the line is checked, the totals wait for the scores."""
    assert check_scoring_entry([1, 2], entry(2, "spike", target="cleaver", distance=2)) == []
    assert [(v.code, v.path) for v in check_scoring_entry([1, 2], entry(9, "goal"))] == [
        ("log-team", "scoring_log[0].team"),
        ("log-distance", "scoring_log[0].distance"),
    ]


# --- Through the registry ----------------------------------------------------------------------------------


def test_ruleset_exposes_the_result_rules():
    ruleset = get_ruleset("slaughterball")
    result = sides(30, 20, 20, 5)
    ruleset.check_result(GameResult(result, {}, TEAMS))
    assert table(ruleset.post_game(GameResult(result, {}, TEAMS), NO_DICE)) == table(award(result))
    assert ruleset.scoring_points(entry(1, "spike", target="cleaver", distance=2)) == 3
    assert ruleset.team_potential_of_values(16_000_000, 300_000) == 16_300_000


# --- Who played: Choose Athletes, Mavericks Exit ---------------------------------------------------------------------

ROSTERS = {SWORDS: range(101, 109), NEMESIS: range(201, 209), CARNAGE: range(301, 309)}


def side(team: int, lineup: list[int] | None) -> SidePlayers:
    return SidePlayers(team=team, roster=ROSTERS[team], lineup=lineup)


def test_the_six_athletes_each_coach_chose_and_revealed_played() -> None:
    played = who_played([side(SWORDS, [101, 102, 103, 104, 105, 106]), side(NEMESIS, [203, 204, 205, 206, 207, 208])])
    assert played.athletes == dict.fromkeys(range(101, 107), SWORDS) | dict.fromkeys(range(203, 209), NEMESIS)
    assert played.known == frozenset([*range(101, 107), *range(203, 209)])
    assert {107, 108, 201, 202}.isdisjoint(played.athletes)  # sat out


def test_a_side_without_a_recorded_lineup_may_have_fielded_anyone_of_its_roster() -> None:
    """Only some sides recorded a lineup: the others' whole rosters may have played, but none is known to."""
    played = who_played([side(SWORDS, [101, 102, 103, 104, 105, 106]), side(NEMESIS, None), side(CARNAGE, None)])
    assert played.athletes == (
        dict.fromkeys(range(101, 107), SWORDS) | dict.fromkeys(range(201, 209), NEMESIS) | dict.fromkeys(range(301, 309), CARNAGE)
    )
    assert played.known == frozenset(range(101, 107))


def test_no_lineup_at_all_means_every_athlete_of_the_game_may_have_played_and_none_is_known() -> None:
    played = who_played([side(SWORDS, None), side(NEMESIS, None)])
    assert set(played.athletes) == {*range(101, 109), *range(201, 209)}
    assert played.known == frozenset()


def test_every_maverick_hired_for_the_game_played_for_the_team_that_hired_him() -> None:
    """Mavericks Exit: all mavericks that were hired for this game depart (injured or killed, they played)."""
    played = who_played([side(SWORDS, [101, 102, 103, 104, 105]), side(NEMESIS, None)], hires={7: SWORDS, 8: NEMESIS})
    assert played.mavericks == {7: SWORDS, 8: NEMESIS}
    assert 7 not in played.athletes  # a hire id is not an athlete id


# --- Who played, for what he may learn after it: Spend Money, Skills in Leagues --------------------------------------


def test_with_a_recorded_lineup_its_athletes_and_only_they_took_part() -> None:
    lineup = frozenset(range(101, 107))
    assert all(took_part(athlete, lineup, shown=()) for athlete in lineup)
    assert not took_part(107, lineup, shown=())
    assert not took_part(108, lineup, shown=[101, 102])  # learning elsewhere changes nothing: the lineup says who


def test_without_a_recorded_lineup_any_athlete_is_taken_to_have_played_until_six_are() -> None:
    """Choose Athletes: six play. A side that recorded no lineup: the first six shown to have played (by learning, or
    reported injured) are the six; the others sat out."""
    assert took_part(107, None, shown=())
    assert took_part(107, None, shown=[101, 102, 103, 104, 105])  # the sixth
    assert took_part(101, None, shown=[101, 102, 103, 104, 105, 106])  # one of the six, again
    assert not took_part(107, None, shown=[101, 102, 103, 104, 105, 106])
    assert not took_part(107, None, shown=[101, 101, 102, 103, 104, 105, 106])  # each athlete counted once
