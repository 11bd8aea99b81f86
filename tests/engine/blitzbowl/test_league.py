"""League Rules, from the rulebook's words: Playing Matches, the result, The Finals, League Awards."""

from __future__ import annotations

import pytest

from engine.blitzbowl import league
from engine.blitzbowl.league import LeagueResult, SideResult, StandingRow
from engine.blitzbowl.match import MatchResult, check_result
from engine.blitzbowl.ruleset import RULESET
from engine.core.violations import RuleViolation

A, B, C, D = 1, 2, 3, 4
NAMES = {A: "Ann", B: "Bob", C: "Cid", D: "Dee"}


def codes(refused: pytest.ExceptionInfo[RuleViolation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in refused.value.violations]


def test_each_coach_plays_10_matches_win_3_draw_1_lose_0():
    assert RULESET.validate_options({}) == {"matches": 10, "quarter_finals": False}
    assert (league.league_points(2, 1), league.league_points(1, 1), league.league_points(0, 1)) == (3, 1, 0)


def test_another_match_count_is_the_leagues_house_choice():
    assert RULESET.validate_options({"matches": 2})["matches"] == 2
    for bad in (0, "3", True, 51):
        with pytest.raises(RuleViolation) as refused:
            RULESET.validate_options({"matches": bad})
        assert codes(refused) == [("option-invalid", "options.matches")]
    with pytest.raises(RuleViolation):
        RULESET.validate_options({"points_win": 2})


def test_they_must_play_each_coach_before_they_can_play_each_other_again():
    schedule = [(A, B)]
    with pytest.raises(RuleViolation) as refused:
        league.check_pairing(schedule, [A, B, C, D], NAMES, B, A, 10)
    assert codes(refused) == [("pairing-rule", "home"), ("pairing-rule", "away")]
    messages = [v.message for v in refused.value.violations]
    assert messages[0] == "Bob has met Ann and must first play Cid, Dee before they meet again."
    assert messages[1] == "Ann has met Bob and must first play Cid, Dee before they meet again."


def test_both_coaches_must_have_played_every_other_coach_since_they_met():
    schedule = [(A, B), (A, C), (A, D)]  # Ann has played everyone since; Bob has not
    with pytest.raises(RuleViolation) as refused:
        league.check_pairing(schedule, [A, B, C, D], NAMES, A, B, 10)
    assert codes(refused) == [("pairing-rule", "away")]
    assert "Bob has met Ann and must first play Cid, Dee" in refused.value.violations[0].message
    league.check_pairing([*schedule, (B, C), (B, D)], [A, B, C, D], NAMES, A, B, 10)


def test_three_coaches_meet_in_turn():
    schedule = [(A, B), (A, C), (B, C)]
    league.check_pairing(schedule, [A, B, C], NAMES, A, B, 10)
    assert league.legal_opponents(schedule, [A, B, C], A, 10) == [B]  # since meeting Cid, Ann has not played Bob
    assert league.legal_opponents([(A, B)], [A, B, C], A, 10) == [C]


def test_a_coach_who_has_played_his_matches_plays_no_more():
    with pytest.raises(RuleViolation) as refused:
        league.check_pairing([(A, B), (A, C)], [A, B, C], NAMES, A, B, 2)
    assert ("matches-played", "home") in codes(refused)
    assert league.legal_opponents([(A, B), (A, C)], [A, B, C], A, 2) == []


def test_a_coach_cannot_play_himself():
    with pytest.raises(RuleViolation) as refused:
        league.check_pairing([], [A, B, C], NAMES, A, A, 10)
    assert codes(refused) == [("same-coach", "away")]


def test_next_round_pairs_legal_matches_only():
    coaches = [A, B, C, D]
    schedule: list[tuple[int, int]] = []
    for _ in range(6):  # two full round robins of four coaches, each round legal as it is made
        round_ = league.next_round(schedule, coaches, 10)
        assert len(round_) == 2
        assert {c for pair in round_ for c in pair} == set(coaches)
        for home, away in round_:
            league.check_pairing(schedule, coaches, NAMES, home, away, 10)
            schedule.append((home, away))
    assert sorted(tuple(sorted(p)) for p in schedule) == sorted([(A, B), (A, C), (A, D), (B, C), (B, D), (C, D)] * 2)


def test_three_coaches_of_2_matches_each_play_a_round_robin_then_league_play_is_over():
    schedule: list[tuple[int, int]] = []
    while round_ := league.next_round(schedule, [A, B, C], 2):
        schedule += round_
    assert sorted(tuple(sorted(p)) for p in schedule) == [(A, B), (A, C), (B, C)]
    assert league.league_play_over(schedule, [A, B, C], 2)
    assert not league.league_play_over(schedule[:2], [A, B, C], 2)


def test_each_time_two_coaches_play_they_must_play_each_coach_in_the_league_before_they_meet_again():
    """Playing Matches over a whole league: seven coaches of 10 matches, round after round; between two meetings
    of the same coaches each of them has played every other coach."""
    coaches = [A, B, C, D, 5, 6, 7]
    schedule: list[tuple[int, int]] = []
    while round_ := league.next_round(schedule, coaches, 10):
        schedule += round_
    assert league.league_play_over(schedule, coaches, 10)
    assert all(league.played(schedule, coach) <= 10 for coach in coaches)
    for coach in coaches:
        opponents = [other for pair in schedule if coach in pair for other in pair if other != coach]
        for first, opponent in enumerate(opponents):
            again = opponents.index(opponent, first + 1) if opponent in opponents[first + 1 :] else None
            if again is not None:
                assert set(opponents[first + 1 : again]) == set(coaches) - {coach, opponent}


def test_one_pass_over_the_schedule_answers_every_question_of_the_pairing_rule():
    schedule = [(A, B), (A, C), (B, C), (A, D)]
    pairings = league.Pairings(schedule, [A, B, C, D])
    assert [pairings.played(c) for c in (A, B, C, D)] == [3, 2, 2, 1]
    assert pairings.not_yet_played(B, A) == [D]  # since meeting Ann, Bob has played Cid only
    assert pairings.not_yet_played(A, B) == []  # Ann has played Cid and Dee since
    assert pairings.legal_opponents(A, 10) == []
    assert pairings.legal_opponents(D, 10) == [B, C]
    assert pairings.legal_opponents(D, 1) == []  # Dee has played his one match
    assert not pairings.play_over(10)
    assert pairings.play_over(1)


def _side(score, cards=0, injuries=0):
    return SideResult(score, cards, injuries)


def test_a_draw_is_possible_in_league_play():
    check_result(MatchResult("league", A, B, _side(4), _side(4)))


@pytest.mark.parametrize("stage", ["quarter_final", "semi_final", "final"])
def test_a_knockout_match_cannot_end_drawn(stage):
    with pytest.raises(RuleViolation) as refused:
        check_result(MatchResult(stage, A, B, _side(4), _side(4)))
    assert codes(refused) == [("knockout-drawn", "away.score")]
    check_result(MatchResult(stage, A, B, _side(5), _side(4)))


def test_a_result_is_checked_all_at_once():
    with pytest.raises(RuleViolation) as refused:
        check_result(MatchResult("league", A, B, SideResult(-1, 20, 0), SideResult(0, 11, -2)))
    assert codes(refused) == [
        ("count-invalid", "home.score"),
        ("count-invalid", "away.injuries"),
        ("challenge-cards-too-many", "away.challenge_cards"),
    ]


def test_the_table_counts_the_coach_rosters():
    results = [
        LeagueResult(A, B, _side(7, 2, 1), _side(3, 1, 2)),
        LeagueResult(B, C, _side(5, 2, 0), _side(5, 1, 3)),
        LeagueResult(A, C, _side(2, 0, 0), _side(6, 3, 1)),
    ]
    rows = league.table({A: 30, B: 10, C: 20}, results)
    assert [(r.coach, r.position, r.played, r.won, r.drawn, r.lost, r.points) for r in rows] == [
        (C, 1, 2, 1, 1, 0, 4),
        (A, 2, 2, 1, 0, 1, 3),
        (B, 3, 2, 0, 1, 1, 1),
    ]
    assert [(r.challenge_cards, r.injuries) for r in rows] == [(4, 4), (2, 1), (3, 2)]


def test_ties_in_league_points_go_to_the_stored_draw():
    rows = league.table({A: 30, B: 10, C: 20}, [])
    assert [(r.coach, r.position) for r in rows] == [(B, 1), (C, 2), (A, 3)]
    assert RULESET.standings_order(rows[::-1], {}) == rows


def test_the_two_highest_play_the_final():
    assert league.first_knockout_round([C, A, B], quarter_finals=False) == ("final", [(C, A)])


def test_quarter_finals_1v8_2v7_3v6_4v5_then_semi_finals_highest_v_lowest_then_the_final():
    order = list(range(1, 11))
    stage, pairs = league.first_knockout_round(order, quarter_finals=True)
    assert (stage, pairs) == ("quarter_final", [(1, 8), (2, 7), (3, 6), (4, 5)])
    stage, pairs = league.next_knockout_round(order, "quarter_final", [8, 2, 6, 4])
    assert (stage, pairs) == ("semi_final", [(2, 8), (4, 6)])
    assert league.next_knockout_round(order, "semi_final", [6, 8]) == ("final", [(6, 8)])
    with pytest.raises(RuleViolation) as refused:
        league.next_knockout_round(order, "final", [6])
    assert codes(refused) == [("finals-over", "finals")]


def test_quarter_finals_need_eight_coaches():
    with pytest.raises(RuleViolation) as refused:
        league.first_knockout_round([A, B, C], quarter_finals=True)
    assert codes(refused) == [("finals-too-few", "finals")]


def test_awards_and_ties_share_them():
    rows = [
        StandingRow(A, 1, 1, 2, 2, 0, 0, 6, challenge_cards=3, injuries=5),
        StandingRow(B, 2, 2, 2, 1, 0, 1, 3, challenge_cards=3, injuries=1),
        StandingRow(C, 3, 3, 2, 0, 0, 2, 0, challenge_cards=1, injuries=5),
    ]
    found = {a.slug: (a.name, a.coaches, a.value) for a in league.awards(rows)}
    assert found == {
        "master-of-the-crush": ("The Cabalvision Master of the Crush Award", (A,), 6),
        "king-of-carnage": ("Legbreaker's King of Carnage Award", (A, C), 5),
        "challenger": ("The Bugman's XXXXXX Challenger Award", (A, B), 3),
        "lead-laurels": ("The Spike! Magazine Lead Laurels", (C,), 0),
    }
    assert league.awards([]) == []


def test_at_least_three_coaches():
    with pytest.raises(RuleViolation) as refused:
        league.check_pairing([], [A, B], NAMES, A, B, 10)
    assert codes(refused) == [("coaches-too-few", "league")]
    assert league.next_round([], [A, B], 10) == []
    with pytest.raises(RuleViolation) as refused:
        league.first_knockout_round([A, B], quarter_finals=False)
    assert codes(refused) == [("coaches-too-few", "league")]
