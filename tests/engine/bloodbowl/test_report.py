"""The match report the coaches enter, checked against both rosters (rulebook: Star Player Points,
MVP Awards, Match Records, Challenges)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.bloodbowl.report import (
    Injury,
    MatchReport,
    PlayerEvents,
    SideReport,
    check_report,
    draw_mvp,
    mvp_candidates,
    refused_challenge,
    result_for,
)
from tests.engine.bloodbowl.builders import HOUSE, NO_HOUSE, codes, make_player, make_team, refused

HOME = make_team(
    [
        *(make_player(i) for i in range(1, 10)),
        make_player(10, misses_next_match=True),  # misses this match
        make_player(11, status="dead"),
    ]
)
AWAY = make_team(first_id=101)


def good_report() -> MatchReport:
    home = SideReport(
        score=2,
        casualties=3,
        players=(
            PlayerEvents(1, touchdowns=2, casualties=1),
            PlayerEvents(2, completions=2, interceptions=1, blocked_kicks=1),
        ),
        mvp=3,
        injuries=(Injury(4, niggling=1), Injury(5, characteristics_lost=("ma",), miss_next_match=True)),
    )
    away = SideReport(
        score=1, casualties=0, players=(PlayerEvents(101, touchdowns=1),), mvp=101, injuries=(Injury(102, dead=True),)
    )
    return MatchReport(home, away)


def problems(report: MatchReport, house=NO_HOUSE) -> list[tuple[str, str]]:
    return codes(refused(check_report, HOME, AWAY, report, house))


def test_a_good_report_passes():
    check_report(HOME, AWAY, good_report())
    assert result_for(good_report(), "home") == "won"
    assert result_for(good_report(), "away") == "lost"


def test_touchdowns_must_add_up_to_the_score():
    report = good_report()
    assert problems(replace(report, home=replace(report.home, score=3))) == [("score-events", "home.score")]


def test_field_goals_score_the_house_points():
    """The points of a field goal are not in the transcription: a house value, needed once one is reported."""
    report = good_report()
    with_goal = replace(report, away=replace(report.away, score=2, players=(PlayerEvents(101, touchdowns=1, field_goals=1),)))
    check_report(HOME, AWAY, with_goal, HOUSE)  # HOUSE: a field goal scores 1
    assert problems(with_goal) == [("house-value-required", "points.field_goal")]


def test_players_must_be_on_this_roster_and_playing():
    report = good_report()
    events = (
        PlayerEvents(10, touchdowns=1),  # misses this match
        PlayerEvents(11, touchdowns=1),  # dead
        PlayerEvents(105, casualties=1),  # the other team's player
        PlayerEvents(999),  # nobody
        PlayerEvents(1, touchdowns=0),
        PlayerEvents(1, touchdowns=0),  # twice
    )
    side = replace(report.home, players=events, score=2, casualties=1)
    assert problems(replace(report, home=side)) == [
        ("player-missing-match", "home.players[0].player"),
        ("player-not-on-roster", "home.players[1].player"),
        ("player-other-team", "home.players[2].player"),
        ("player-unknown", "home.players[3].player"),
        ("player-duplicate", "home.players[5].player"),
    ]


def test_one_mvp_per_team_from_its_own_players():
    report = good_report()
    assert problems(replace(report, home=replace(report.home, mvp=None))) == [("mvp-missing", "home.mvp")]
    assert problems(replace(report, away=replace(report.away, mvp=3))) == [("player-other-team", "away.mvp")]
    assert problems(replace(report, home=replace(report.home, mvp=10))) == [("player-missing-match", "home.mvp")]


def test_counts_and_casualties():
    report = good_report()
    side = replace(report.home, players=(PlayerEvents(1, touchdowns=2, completions=-1, casualties="two"),), casualties=0)
    assert problems(replace(report, home=side)) == [
        ("count-invalid", "home.players[0].completions"),
        ("count-invalid", "home.players[0].casualties"),
    ]
    too_many = replace(report.home, casualties=0)  # player 1 is credited one casualty
    assert problems(replace(report, home=too_many)) == [("casualties-total", "home.casualties")]


def test_injuries_name_players_of_the_side_and_their_effects():
    report = good_report()
    injuries = (Injury(101), Injury(4, niggling=-1, characteristics_lost=("luck",), dead="yes"), Injury(4))
    assert problems(replace(report, home=replace(report.home, injuries=injuries))) == [
        ("player-other-team", "home.injuries[0].player"),
        ("count-invalid", "home.injuries[1].niggling"),
        ("characteristic-invalid", "home.injuries[1].characteristics_lost"),
        ("flag-invalid", "home.injuries[1].dead"),
        ("player-duplicate", "home.injuries[2].player"),
    ]


def test_every_problem_of_both_sides_at_once():
    report = good_report()
    bad = MatchReport(replace(report.home, score=-1, mvp=None), replace(report.away, score=0))
    assert problems(bad) == [("score-invalid", "home.score"), ("mvp-missing", "home.mvp"), ("score-events", "away.score")]


def test_a_refused_challenge_is_a_9_0_win_with_nothing_else():
    """Challenges, Refuse: a 9-0 win for the challenger; no SPP, cash or Fan Factor."""
    refused_report = refused_challenge("away")
    assert (refused_report.home.score, refused_report.away.score) == (0, 9)
    assert refused_report.refused_by == "home"
    assert refused_report.awards_nothing
    assert refused_report.away.mvp is None
    assert refused_report.away.players == ()
    check_report(HOME, AWAY, refused_report)
    assert result_for(refused_report, "away") == "won"
    padded = replace(refused_report, away=replace(refused_report.away, mvp=101))
    assert problems(padded) == [("refused-report", "refused_by")]
    assert not good_report().awards_nothing


def test_the_mvp_is_drawn_from_the_players_in_the_match():
    """MVP Awards: at random, from the players on the field or in the Dugout (not one missing the match, nor the dead)."""
    assert mvp_candidates(HOME) == list(range(1, 10))
    drawn = {draw_mvp(HOME, random.Random(seed)) for seed in range(60)}
    assert drawn == set(range(1, 10))
    assert draw_mvp(HOME, random.Random(3)) == draw_mvp(HOME, random.Random(3))
