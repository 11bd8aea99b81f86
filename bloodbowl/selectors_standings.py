"""Reads of a Blood Bowl league's standings and leaders.

The pages read the stored rows (`Standing`, `PlayerTotals`) a page at a time, whatever the league's size;
`league_standings_computed` is what the recompute (bloodbowl.services.standings) stores: the engine's table
from every confirmed league match and the rosters as they are now, and each player's totals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import F, QuerySet

from bloodbowl.models import Match, MatchSide, Player, PlayerTotals, Standing
from bloodbowl.selectors import league_team_lines
from engine.bloodbowl import standings
from engine.bloodbowl.report import SIDES, MatchReport, report_from_data
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.standings import StandingRow
from games.models import Game
from leagues.models import League
from rosters.models import Team

LEADERS = 5  # players in each of the leaders' lists


# --- What the recompute stores ------------------------------------------------------------------------


@dataclass(frozen=True)
class Totals:
    touchdowns: int
    casualties: int
    spp: int


class TeamKey(NamedTuple):
    """A team as the engine's standings name it: hashed as a plain tuple (a model's hash is a Python call, and
    the tally hashes a team for every result); teams still tied after every tie-breaker are listed by name."""

    name: str
    pk: int


@dataclass(frozen=True)
class Computed:
    """The league's table in the engine's order, why a team has no Team Rating (a house value unset), and
    the totals of every player with any touchdown, casualty or Star Player Point."""

    table: list[StandingRow[TeamKey]]
    rating_problems: dict[int, str] = field(default_factory=dict)
    totals: dict[int, Totals] = field(default_factory=dict)


def league_standings_computed(league: League) -> Computed:
    """The league table from its confirmed league matches (not tournament ones), by the league's points and
    tie-breakers (the engine's rows, a TeamKey as their `team`), and the leaders' totals over every
    confirmed match of the league (tournament ones too). Each report is decoded once, here, for both."""
    lines = league_team_lines(league)
    by_id = {line.team.pk: TeamKey(line.team.name, line.team.pk) for line in lines}
    confirmed = Match.objects.filter(league=league, state=Game.State.CONFIRMED)
    reports = {pk: report_from_data(data) for pk, data in confirmed.values_list("pk", "report") if data}
    counted = MatchSide.objects.filter(match__in=confirmed.filter(stage="league", tournament__isnull=True))
    sides: dict[int, dict[bool, tuple[int, int | None, int | None]]] = {}
    for match_id, home, team_id, score, casualties in counted.values_list("match_id", "home", "team_id", "score", "casualties"):
        sides.setdefault(match_id, {})[home] = (team_id, score, casualties)
    results = [_result(by_id, reports.get(match_id), both[True], both[False]) for match_id, both in sides.items()]
    ratings = {by_id[line.team.pk]: line.rating or 0 for line in lines}
    options = RULESET.standings_options(league.options)
    table = RULESET.standings_order(standings.rows(results, ratings, options), league.options)
    return Computed(
        table,
        {line.team.pk: line.reason for line in lines if line.reason},
        _totals(reports.values(), {p.id: p.spp for line in lines for p in line.facts.players}),
    )


type _Side = tuple[int, int | None, int | None]  # (team id, score, casualties)


def _result(teams: dict[int, TeamKey], report: MatchReport | None, home: _Side, away: _Side) -> standings.MatchResult[TeamKey]:
    """A confirmed match's result: each side's score and casualties, and its touchdowns from the report (the
    score also counts field goals; no report, no touchdowns)."""
    (home_team, home_score, home_casualties), (away_team, away_score, away_casualties) = home, away
    touchdowns = {name: report.touchdowns(name) if report else 0 for name in SIDES}
    return standings.MatchResult(
        home=teams[home_team],
        away=teams[away_team],
        home_score=_written(home_score),
        away_score=_written(away_score),
        home_touchdowns=touchdowns["home"],
        away_touchdowns=touchdowns["away"],
        home_casualties=_written(home_casualties),
        away_casualties=_written(away_casualties),
    )


def _written(value: int | None) -> int:
    assert value is not None  # the post-match writes a side's score and casualties before it confirms the match
    return value


def _totals(reports: Iterable[MatchReport], spp: dict[int, int]) -> dict[int, Totals]:
    """Each of the league's players' touchdowns and casualties in the reports, with his SPP; only the
    players with any (the reports' players no longer in the league are left out)."""
    touchdowns: Counter[int] = Counter()
    casualties: Counter[int] = Counter()
    for report in reports:
        for name in SIDES:
            for line in report.side(name).players:
                touchdowns[line.player] += line.touchdowns
                casualties[line.player] += line.casualties
    return {
        pk: Totals(touchdowns[pk], casualties[pk], points)
        for pk, points in spp.items()
        if touchdowns[pk] or casualties[pk] or points
    }


# --- What the pages show -----------------------------------------------------------------------------


def standing_lines(league: League) -> QuerySet[Standing]:
    """The league's stored table, in the engine's order, with each team (and its coach)."""
    return Standing.objects.filter(league=league).select_related("team__coach").order_by("rank")


@dataclass(frozen=True)
class Leader:
    player: Player
    count: int


def league_team_summary(league: League) -> QuerySet[Team]:
    """The league's teams in the stored table's order (a team not in it yet, signed up since the last
    recompute, after the others), with their profile, coach and stored line."""
    return (
        Team.objects.filter(league=league)
        .select_related("bb", "coach", "bb_standing")
        .order_by(F("bb_standing__rank").asc(nulls_last=True), "name", "pk")
    )


def league_leaders(league: League) -> dict[str, list[Leader]]:
    """The league's statistics, as the recompute stored them: the players with the most touchdowns and
    casualties in confirmed match reports, and the most Star Player Points (three short queries)."""
    stored = PlayerTotals.objects.filter(league=league).select_related("player__team")
    return {
        event: [
            Leader(totals.player, getattr(totals, event))
            for totals in stored.filter(**{f"{event}__gt": 0}).order_by(f"-{event}", "player_id")[:LEADERS]
        ]
        for event in ("touchdowns", "casualties", "spp")
    }


def standings_top(league: League, count: int) -> list[str]:
    """The league table's top lines, which a confirmed result posts to the league's channels (GameApp hook): as the
    engine computes them when the post is sent, since the stored table's recompute may not have run yet."""
    table = league_standings_computed(league).table
    return [f"{row.position}. {row.team.name}: {row.points} pts" for row in table[:count]]
