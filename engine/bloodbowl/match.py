"""A match's facts, and the Post-Match Sequence of Play run over both teams (steps 1 to 4; purchases and
the new Team Rating are the coaches' to do next), then the report's injuries and the missed matches.

Pure: the dice come from a DiceSource under stable labels (`winnings.home`, `aging.<player>`,
`spr.<player>.<number>`, ...), so the app's dice store rolls each once and a stored roll replays the
same outcome; the app applies what `post_match` answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.bloodbowl import postmatch
from engine.bloodbowl.facts import PlayerFacts, TeamFacts
from engine.bloodbowl.house import HouseValues
from engine.bloodbowl.prematch import Stage
from engine.bloodbowl.report import NO_HOUSE_VALUES, SIDES, MatchReport, Side, SideReport, check_report
from engine.core.dice import DiceSource


@dataclass(frozen=True)
class SideFacts:
    """One side of a match: its team as it is (treasury included), as it stood at kick-off."""

    team_id: int
    team: TeamFacts
    team_rating: int = 0  # at kick-off
    missing: frozenset[int] = frozenset()  # players who missed the match (niggling injuries, an 'M')
    sponsorship: int = 0  # added to the Match Winnings (a tournament trophy's sponsor)
    rolls_stored: Mapping[int, int] = field(default_factory=dict)  # player -> Star Player Rolls rolled already

    def played(self) -> list[PlayerFacts]:
        return [p for p in self.team.roster if p.id not in self.missing]


@dataclass(frozen=True)
class MatchFacts:
    """A reported match with the facts of both sides; `gate` is None before the pre-match rolls."""

    report: MatchReport
    home: SideFacts
    away: SideFacts
    stage: Stage = "league"
    gate: int | None = None
    house: HouseValues = NO_HOUSE_VALUES

    def side(self, name: Side) -> SideFacts:
        return self.home if name == "home" else self.away


@dataclass(frozen=True)
class StarPlayerRoll:
    player: int
    number: int  # the player's n-th Star Player Roll
    dice: tuple[int, int]


@dataclass(frozen=True)
class SideOutcome:
    """What the post-match changed on one side: `team` is the team after (staff, Fan Factor, players);
    `treasury_change` is paid in (or out) of the treasury for the winnings rolled with `winnings_d6`."""

    score: int
    casualties: int
    team: TeamFacts
    winnings: int = 0
    winnings_d6: int | None = None
    treasury_change: int = 0
    fan_factor_change: int = 0
    star_player_rolls: tuple[StarPlayerRoll, ...] = ()


@dataclass(frozen=True)
class PostMatch:
    home: SideOutcome
    away: SideOutcome

    def side(self, name: Side) -> SideOutcome:
        return self.home if name == "home" else self.away


def check_match(match: MatchFacts) -> None:
    """The report checked against both rosters (report.check_report), every problem at once."""
    check_report(match.home.team, match.away.team, match.report, match.house)


def age(player: PlayerFacts, dice: DiceSource, label: str, team_id: int, purpose: str = "aging", number: int = 1) -> PlayerFacts:
    """2. Aging for one player: a d6, and on a 1 the Aging Table (2d6)."""
    (d6,) = dice.roll(label, purpose, 1, team=team_id, subject=player.id, number=number)
    if not postmatch.aging_check(d6):
        return player
    first, second = dice.roll(f"{label}.table", f"{purpose}_table", 2, team=team_id, subject=player.id, number=number)
    return postmatch.aging_effect(first + second, player).player


def award_spp(
    player: PlayerFacts, gained: int, rolls_stored: int, team_id: int, dice: DiceSource
) -> tuple[PlayerFacts, list[StarPlayerRoll]]:
    """3. Star Player Points gained, and the Star Player Rolls they bring, rolled now (the coach chooses
    for each later); `rolls_stored` are the player's rolls made before."""
    due = postmatch.star_player_rolls_due(player.spp, player.spp + gained, player.big_guy)
    rolls = []
    for number in range(rolls_stored + 1, rolls_stored + due + 1):
        first, second = dice.roll(f"spr.{player.id}.{number}", "spr", 2, team=team_id, subject=player.id, number=number)
        rolls.append(StarPlayerRoll(player.id, number, (first, second)))
    return replace(player, spp=player.spp + gained), rolls


def post_match(match: MatchFacts, dice: DiceSource) -> PostMatch:
    """Post-Match Sequence of Play for both teams, in order; a refused challenge gains and loses nothing
    (report.awards_nothing). Then, on every roster, the 'M' of a player who missed this match is rubbed
    out and the report's injuries apply."""
    outcomes = {}
    for name in SIDES:
        side = match.side(name)
        own = match.report.side(name)
        if match.report.awards_nothing:
            outcome = SideOutcome(own.score, own.casualties, side.team)
        else:
            other = match.report.side("away" if name == "home" else "home")
            outcome = _sequence(match, name, side, own, other, dice)
        outcomes[name] = replace(outcome, team=_injuries(outcome.team, side.missing, own))
    return PostMatch(outcomes["home"], outcomes["away"])


def _sequence(
    match: MatchFacts, name: Side, side: SideFacts, own: SideReport, other: SideReport, dice: DiceSource
) -> SideOutcome:
    team, team_id = side.team, side.team_id
    # 1. Treasury Phase: the Match Winnings, paid in; a shortfall comes out of the treasury, and what it
    # cannot pay brings a Negative Winnings roll.
    (winnings_d6,) = dice.roll(f"winnings.{name}", "winnings", 1, team=team_id)
    assert match.gate is not None  # a report needs the pre-match first
    winnings = postmatch.winnings(match.gate, side.team_rating, winnings_d6) + side.sponsorship
    treasury_change = winnings
    if winnings < 0:
        payment = postmatch.pay_negative(team.treasury, winnings)
        treasury_change = -payment.paid
        if payment.roll_due:
            first, second = dice.roll(f"negative_winnings.{name}", "negative_winnings", 2, team=team_id)
            team = postmatch.negative_winnings_effects(first + second, team).team
    players = {p.id: p for p in team.players}
    # 2. Aging: each peaked player who played.
    for player in side.played():
        if player.peaked:
            players[player.id] = age(players[player.id], dice, f"aging.{player.id}", team_id)
    # 3. MVPs and Star Player Rolls.
    rolls: list[StarPlayerRoll] = []
    for player_id, gained in postmatch.report_spp(own).items():
        if player_id in players:
            players[player_id], new = award_spp(players[player_id], gained, side.rolls_stored.get(player_id, 0), team_id, dice)
            rolls += new
    # 4. Fan Factor.
    (fan_d6,) = dice.roll(f"fan_factor.{name}", "fan_factor", 1, team=team_id)
    change = postmatch.fan_factor_change(
        fan_d6,
        won=own.score > other.score,
        lost=own.score < other.score,
        score=own.score,
        casualties_inflicted=own.casualties,
        fan_factor=team.fan_factor,
        stage=match.stage,
    )
    fan_factor = postmatch.new_fan_factor(team.fan_factor, change)
    return SideOutcome(
        score=own.score,
        casualties=own.casualties,
        winnings=winnings,
        winnings_d6=winnings_d6,
        treasury_change=treasury_change,
        fan_factor_change=fan_factor - team.fan_factor,
        team=replace(team, fan_factor=fan_factor, players=tuple(players.values())),
        star_player_rolls=tuple(rolls),
    )


def _injuries(team: TeamFacts, missing: frozenset[int], own: SideReport) -> TeamFacts:
    injuries = {i.player: i for i in own.injuries}
    players = []
    for player in team.players:
        if player.on_roster:
            if player.id in missing:
                player = postmatch.clear_missed_match(player)
            if player.id in injuries:
                player = postmatch.apply_injury(player, injuries[player.id])
        players.append(player)
    return replace(team, players=tuple(players))
