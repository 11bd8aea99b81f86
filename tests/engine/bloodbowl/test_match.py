"""The Post-Match Sequence run over a whole match (engine.bloodbowl.match.post_match): each step in its
order for both teams, through the dice it asks for by label, then the report's injuries."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bloodbowl.match import MatchFacts, SideFacts, StarPlayerRoll, check_match, post_match
from engine.bloodbowl.postmatch import winnings
from engine.bloodbowl.report import Injury, MatchReport, PlayerEvents, SideReport, refused_challenge
from engine.core.violations import RuleViolation
from tests.engine.bloodbowl.builders import HOUSE, make_player, make_team
from tests.engine.dice import FixedDice

HOME, AWAY = 100, 200
GATE, RATING = 40_000, 110


def sides(home_team=None, away_team=None, **home_changes: object) -> tuple[SideFacts, SideFacts]:
    home = SideFacts(HOME, home_team or make_team(fan_factor=5, treasury=30_000), team_rating=RATING)
    away = SideFacts(AWAY, away_team or make_team(first_id=21, fan_factor=5, treasury=0), team_rating=RATING)
    return replace(home, **home_changes), away  # type: ignore[arg-type]


def match(report: MatchReport, home: SideFacts, away: SideFacts) -> MatchFacts:
    return MatchFacts(report, home, away, gate=GATE, house=HOUSE)


# Home wins 2-1: player 1 scores both and is the MVP (3 + 3 + 5 = 11 SPP); away's player 21 scores once.
WIN = MatchReport(
    home=SideReport(2, 0, (PlayerEvents(1, touchdowns=2),), mvp=1),
    away=SideReport(1, 0, (PlayerEvents(21, touchdowns=1),), mvp=22),
)
DICE = {
    "winnings.home": (4,),
    "fan_factor.home": (6,),
    "spr.1.1": (3, 4),
    "spr.1.2": (5, 5),
    "winnings.away": (2,),
    "fan_factor.away": (1,),
}


def test_both_teams_run_the_sequence_in_order_through_labelled_dice():
    dice = FixedDice(DICE)
    outcome = post_match(match(WIN, *sides()), dice)
    assert dice.rolled == ["winnings.home", "spr.1.1", "spr.1.2", "fan_factor.home", "winnings.away", "fan_factor.away"]
    home, away = outcome.home, outcome.away
    assert (home.score, away.score) == (2, 1)
    # 1. The winnings are paid into the treasury.
    assert home.winnings == home.treasury_change == winnings(GATE, RATING, 4)
    assert (home.winnings_d6, away.winnings_d6) == (4, 2)
    # 3. 11 SPP take a rookie past 6 and 11: two Star Player Rolls, rolled now.
    assert home.team.player(1).spp == 11
    assert home.star_player_rolls == (StarPlayerRoll(1, 1, (3, 4)), StarPlayerRoll(1, 2, (5, 5)))
    assert (away.team.player(21).spp, away.team.player(22).spp, away.star_player_rolls) == (3, 5, ())
    # 4. Fan Factor: a win on a 6 is up one; a loss on a 1 is down one.
    assert (home.fan_factor_change, home.team.fan_factor) == (1, 6)
    assert (away.fan_factor_change, away.team.fan_factor) == (-1, 4)


def test_star_player_rolls_are_numbered_after_the_ones_rolled_before():
    """A player at 6 SPP, his first roll stored already, scores twice (6 SPP): 12 SPP bring his second roll."""
    players = [make_player(1, spp=6), *[make_player(i) for i in range(2, 12)]]
    home, away = sides(make_team(players, fan_factor=5, treasury=0), rolls_stored={1: 1})
    report = replace(WIN, home=SideReport(2, 0, (PlayerEvents(1, touchdowns=2),), mvp=2))
    outcome = post_match(match(report, home, away), FixedDice(DICE))
    assert outcome.home.star_player_rolls == (StarPlayerRoll(1, 2, (5, 5)),)
    assert outcome.home.team.player(1).spp == 12


def test_only_peaked_players_who_played_age_and_a_1_rolls_on_the_aging_table():
    players = [make_player(1, peaked=True), make_player(2, peaked=True), *[make_player(i) for i in range(3, 12)]]
    home, away = sides(make_team(players, fan_factor=5, treasury=0), missing=frozenset({2}))
    dice = FixedDice({**DICE, "aging.1": (1,), "aging.1.table": (3, 3)})  # 6: too old, misses the next match
    outcome = post_match(match(WIN, home, away), dice)
    assert "aging.2" not in dice.rolled
    assert outcome.home.team.player(1).misses_next_match is True


def test_negative_winnings_take_what_the_treasury_has_and_roll_for_the_rest():
    """A gate of 10,000 against a Team Rating of 301: (3 - 8) x 10,000 = -50,000 against a treasury of 20,000."""
    staffed = make_team(fan_factor=5, treasury=20_000, rerolls=3, apothecary=True)
    home, away = sides(staffed, team_rating=301)
    facts = replace(match(WIN, home, away), gate=10_000)
    dice = FixedDice({**DICE, "winnings.home": (3,), "negative_winnings.home": (5, 5), "winnings.away": (6,)})
    outcome = post_match(facts, dice)
    assert (outcome.home.winnings, outcome.home.treasury_change) == (-50_000, -20_000)
    assert (outcome.home.team.rerolls, outcome.home.team.apothecary) == (2, False)  # a 10 loses a re-roll and the Apothecary


def test_the_report_injuries_apply_and_a_missed_match_is_rubbed_out():
    players = [make_player(1), make_player(2, misses_next_match=True), *[make_player(i) for i in range(3, 12)]]
    home, away = sides(make_team(players, fan_factor=5, treasury=0), missing=frozenset({2}))
    report = replace(WIN, home=replace(WIN.home, injuries=(Injury(3, dead=True), Injury(4, niggling=1))))
    outcome = post_match(match(report, home, away), FixedDice(DICE))
    team = outcome.home.team
    assert (team.player(2).misses_next_match, team.player(3).status, team.player(4).niggling) == (False, "dead", 1)


def test_a_refused_challenge_gains_and_loses_nothing():
    report = refused_challenge("away")
    home, away = sides()
    dice = FixedDice({})
    outcome = post_match(MatchFacts(report, home, away, house=HOUSE), dice)
    assert dice.rolled == []
    assert (outcome.home.winnings, outcome.home.treasury_change, outcome.home.fan_factor_change) == (0, 0, 0)
    assert (outcome.home.team, outcome.away.team) == (home.team, away.team)


def test_the_report_is_checked_against_both_rosters():
    report = replace(WIN, home=SideReport(2, 0, (PlayerEvents(21, touchdowns=2),), mvp=1))
    with pytest.raises(RuleViolation):
        check_match(match(report, *sides()))
