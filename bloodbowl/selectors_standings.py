"""Reads of a Blood Bowl league's standings and leaders.

The pages read the stored rows (`Standing`, `PlayerTotals`) a page at a time, whatever the league's size;
`league_standings_computed` is what the recompute (bloodbowl.services.standings) stores: the engine's table
from every confirmed league match and the rosters as they are now (the recompute sums each player's totals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from django.db import connection
from django.db.models import F, QuerySet

from bloodbowl.models import Player, PlayerTotals, Standing
from bloodbowl.selectors import league_house
from engine.bloodbowl import standings
from engine.bloodbowl import team as team_rules
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.standings import StandingRow
from engine.core.money import TREASURY
from engine.core.violations import RuleViolation
from games.models import Game
from leagues.models import League
from rosters.models import Team

LEADERS = 5  # players in each of the leaders' lists


# --- What the recompute stores ------------------------------------------------------------------------


class TeamKey(NamedTuple):
    """A team as the engine's standings name it: hashed as a plain tuple (a model's hash is a Python call, and
    the tally hashes a team for every result); teams still tied after every tie-breaker are listed by name."""

    name: str
    pk: int


@dataclass(frozen=True)
class Computed:
    """The league's table in the engine's order, and why a team has no Team Rating (a house value unset)."""

    table: list[StandingRow[TeamKey]]
    rating_problems: dict[int, str] = field(default_factory=dict)


# Plain SQL, the same on PostgreSQL and SQLite: the hot path of the periodic recompute of every league, where
# building every roster and decoding every report cost ten times the figures' sums. The database sums; the
# engine decides (Team Rating from the sums, each result's points, the order): tests/bloodbowl/test_standings.py
# keeps this table the engine's from the full rows.
#
# Each team's figures Team Rating reads: its profile, treasury (its treasury ledger rows) and the values and
# Star Player Points of its players on the roster (engine.bloodbowl.facts: neither dead nor retired).
_TEAMS = """
WITH
roster AS (
    SELECT player.team_id, SUM(player.value) AS value, SUM(player.spp) AS spp
    FROM bloodbowl_player player JOIN rosters_team team ON team.id = player.team_id
    WHERE team.league_id = %(league)s AND player.status = %(active)s GROUP BY player.team_id),
treasury AS (
    SELECT ledger.team_id, SUM(ledger.amount) AS amount
    FROM rosters_ledgerentry ledger JOIN rosters_team team ON team.id = ledger.team_id
    WHERE team.league_id = %(league)s AND ledger.account = %(treasury)s GROUP BY ledger.team_id)
SELECT team.id, team.name, COALESCE(roster.value, 0), COALESCE(roster.spp, 0), profile.rerolls, profile.reroll_cost,
       profile.fan_factor, profile.apothecary, profile.assistant_coaches, profile.cheerleaders, COALESCE(treasury.amount, 0)
FROM rosters_team team JOIN bloodbowl_teamprofile profile ON profile.team_id = team.id
LEFT JOIN roster ON roster.team_id = team.id LEFT JOIN treasury ON treasury.team_id = team.id
WHERE team.league_id = %(league)s
"""
# Each confirmed league match (not a tournament's), home side then away: team, score, touchdowns, casualties (a
# match confirmed with no report has no touchdowns: none). A match's state is its games.Game row's.
_RESULTS = """
SELECT home.team_id, home.score, COALESCE(home.touchdowns, 0), home.casualties,
       away.team_id, away.score, COALESCE(away.touchdowns, 0), away.casualties
FROM bloodbowl_match match JOIN games_game base ON base.id = match.game_ptr_id
JOIN bloodbowl_matchside home ON home.match_id = match.game_ptr_id AND home.home = %(home)s
JOIN bloodbowl_matchside away ON away.match_id = match.game_ptr_id AND away.home = %(away)s
WHERE base.league_id = %(league)s AND base.state = %(confirmed)s AND match.stage = %(stage)s
      AND match.tournament_id IS NULL
"""


def league_standings_computed(league: League) -> Computed:
    """The league table from its confirmed league matches (not tournament ones), by the league's points and
    tie-breakers (the engine's rows, a TeamKey as their `team`), and each team's Team Rating now (two queries)."""
    params: dict[str, int | str | bool] = {
        "league": league.pk,
        "active": Player.Status.ACTIVE,
        "treasury": TREASURY,
        "confirmed": Game.State.CONFIRMED,
        "stage": "league",  # a match's stage (engine.bloodbowl.prematch.STAGES)
        "home": True,
        "away": False,
    }
    with connection.cursor() as cursor:
        cursor.execute(_TEAMS, params)
        teams = cursor.fetchall()
        cursor.execute(_RESULTS, params)
        results = cursor.fetchall()
    house = league_house(league)
    keys: dict[int, TeamKey] = {}
    ratings: dict[TeamKey, int] = {}
    problems: dict[int, str] = {}
    for pk, name, value, spp, rerolls, reroll_cost, fan_factor, apothecary, assistants, cheerleaders, treasury in teams:
        keys[pk] = key = TeamKey(name, pk)
        sums = team_rules.TeamSums(
            int(value), int(spp), rerolls, reroll_cost, fan_factor, bool(apothecary), assistants, cheerleaders, int(treasury)
        )
        try:
            ratings[key] = team_rules.summed_rating(sums, house)
        except RuleViolation as missing:
            ratings[key], problems[pk] = 0, str(missing)
    played: dict[int, list[tuple[TeamKey, int, int]]] = {pk: [] for pk in keys}
    counts = {pk: [0, 0, 0, 0] for pk in keys}  # touchdowns for and against, casualties for and against
    for home, home_score, home_td, home_cas, away, away_score, away_td, away_cas in results:
        # The post-match writes a side's score and casualties before it confirms the match.
        assert None not in (home_score, home_cas, away_score, away_cas)
        played[home].append((keys[away], home_score, away_score))
        played[away].append((keys[home], away_score, home_score))
        home_sums, away_sums = counts[home], counts[away]
        home_sums[0] += home_td
        home_sums[1] += away_td
        home_sums[2] += home_cas
        home_sums[3] += away_cas
        away_sums[0] += away_td
        away_sums[1] += home_td
        away_sums[2] += away_cas
        away_sums[3] += home_cas
    summed = [standings.TeamResults(key, tuple(played[pk]), *counts[pk]) for pk, key in keys.items()]
    options = RULESET.standings_options(league.options)
    return Computed(RULESET.standings_order(standings.summed_rows(summed, ratings, options), league.options), problems)


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
