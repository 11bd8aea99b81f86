"""What the Blood Bowl team page and roster sheet show, arranged for the templates; every number comes
from the selectors (which ask the engine)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from bloodbowl.models import Match, MatchSide, Player, Standing, TeamProfile
from bloodbowl.models import TeamLists as TeamListsRow
from bloodbowl.selectors import (
    GAME_SYSTEM,
    TeamWithTreasury,
    league_house,
    player_progress,
    team_line,
    team_lists_of,
    team_match_record,
    team_treasuries,
    treasury_sums,
)
from bloodbowl.selectors_fixtures import next_round
from bloodbowl.selectors_standings import league_team_summary
from engine.bloodbowl import house as hv
from engine.bloodbowl import postmatch
from engine.bloodbowl.facts import TeamFacts
from engine.bloodbowl.postmatch import PurchaseRequest
from engine.bloodbowl.teamlists import TeamLists
from engine.core.ruleset import HOUSE_VALUE_REQUIRED
from engine.core.violations import RuleViolation
from leagues.models import League
from pitside.names import key_name
from pitside.paging import coached_by, page_rows
from rosters.models import LedgerEntry, Team
from rosters.selectors import team_ledger, team_sheet_rows
from sheets.keys import Rows, SheetData

CHARACTERISTICS = ("ma", "st", "ag", "av")
AGING_NAMES = {"really-stupid": "Really Stupid", "bonehead": "Bonehead", "bad-back": "Bad Back", "brittle": "Brittle"}


@dataclass(frozen=True)
class StatCell:
    name: str  # MA, ST, AG or AV: a narrow screen shows it beside the value (its column heading is hidden there)
    value: int
    change: int  # against the position's line when hired: + for increases, - for injuries and aging


@dataclass(frozen=True)
class SkillCell:
    name: str
    gained: bool  # not a starting skill


@dataclass(frozen=True)
class PlayerLine:
    player: Player
    stats: list[StatCell]
    skills: list[SkillCell]
    injuries: list[str]
    progress: postmatch.Progress  # his title and Star Player Rolls

    @property
    def on_roster(self) -> bool:
        return self.player.status == Player.Status.ACTIVE


def player_line(player: Player, team_lists: TeamLists | None) -> PlayerLine:
    stats = [StatCell(c.upper(), player.stats[c], player.stats[c] - player.base[c]) for c in CHARACTERISTICS]
    starting = set(player.starting_skills)
    names = team_lists.skill_names if team_lists else None
    skills = [SkillCell(key_name(s, names), s not in starting) for s in player.skills]
    injuries = []
    if player.niggling_injuries:
        injuries.append(f"{player.niggling_injuries} niggling")
    if player.misses_next_match:
        injuries.append("M")  # Aging: an 'M' in the injuries box until the end of the next match
    injuries += [AGING_NAMES.get(a, a) for a in player.aging]
    return PlayerLine(player, stats, skills, injuries, player_progress(player))


@dataclass(frozen=True)
class Offer:
    kind: str
    position: str  # the position's slug for a player, else ""
    name: str
    cost: int | None
    reason: str  # why it cannot be bought now, or ""
    unset: tuple[str, ...] = ()  # the house values its refusal names as not set (their keys)


STAFF_OFFERS = {
    "apothecary": ("Apothecary", hv.APOTHECARY_COST),
    "assistant_coach": ("Assistant Coach", hv.ASSISTANT_COACH_COST),
    "cheerleader": ("Cheerleader", hv.CHEERLEADER_COST),
}


def purchase_offers(team: Team, facts: TeamFacts, team_lists: TeamLists | None) -> list[Offer]:
    """Every player and staff purchase with its price, and the engine's reason when it is refused now."""
    race = team_lists.race(team.faction) if team_lists else None
    if team_lists is None or race is None:
        return []
    house = league_house(team.league)
    wanted: list[tuple[str, str, str, int | None]] = [("player", p.slug, p.name, p.cost) for p in race.positions]
    wanted.append(
        ("reroll", "", "Team Re-roll (double the team list's price)", postmatch.reroll_purchase_cost(facts.reroll_cost))
    )
    wanted += [(kind, "", name, house.get(key)) for kind, (name, key) in STAFF_OFFERS.items()]
    offers = []
    for kind, position, name, cost in wanted:
        reason = ""
        unset: tuple[str, ...] = ()
        try:
            postmatch.quote_purchase(facts, team_lists, house, PurchaseRequest(kind, position or None))
        except RuleViolation as refused:
            reason = " ".join(v.message for v in refused.violations)
            unset = tuple(v.path for v in refused.violations if v.code == HOUSE_VALUE_REQUIRED)
        offers.append(Offer(kind, position, name, cost, reason, unset))
    return offers


def team_context(team: TeamWithTreasury) -> dict[str, Any]:
    """Everything the team page and the roster sheet show of a team loaded by selectors.teams()."""
    team_lists = team_lists_of(team.league)
    line = team_line(team, league_house(team.league))
    players = [player_line(p, team_lists) for p in team.bb_players.all()]
    return {
        "team": team,
        "league": team.league,
        "line": line,
        "profile": team.bb,
        "roster": [p for p in players if p.on_roster],
        "former": [p for p in players if not p.on_roster],
        "team_lists": team_lists,
        "match_record": team_match_record(team),
        "ledger": team_ledger(team),
    }


def roster_sheet_rows(team_id: int) -> list[Rows]:
    """What the roster sheet is made from (sheets.keys): its team, league, coach and balances, its profile and
    players, its league's team lists, and the matches it played with every side of them (its opponents' names and
    scores are on its match record); not the matches' reports and effects, which the sheet does not print."""
    return [
        *team_sheet_rows(team_id, GAME_SYSTEM),
        Rows("profile", TeamProfile.objects.filter(team_id=team_id)),
        Rows("player", Player.objects.filter(team_id=team_id)),
        Rows("team-lists", TeamListsRow.objects.filter(league__teams=team_id)),
        Rows("match", Match.objects.filter(sides__team_id=team_id), omit=("report", "effects")),
        Rows("side", MatchSide.objects.filter(match__sides__team_id=team_id), related=("team__name",)),
    ]


roster_sheet_data = SheetData(roster_sheet_rows)  # one query


LEAGUE_PAGE_TEAMS = 20  # the league page's summary: the top of the table (the standings page has them all)


@dataclass(frozen=True)
class PanelTeam:
    """A team on the league page: its stored line of the table (None until the recompute after its sign-up)."""

    team: Team
    line: Standing | None
    treasury: int


def league_panel_context(league: League, request: HttpRequest) -> dict[str, Any]:
    """The league page's Blood Bowl panel: its first teams in the table's order with their stored Team Rating and
    their treasury, the viewer's own teams always (whether it takes a team is the league page's: leagues.setup)."""
    teams = page_rows(request, league_team_summary(league), own=coached_by(request), size=LEAGUE_PAGE_TEAMS)

    def panel(teams: list[Team]) -> list[PanelTeam]:
        treasuries = team_treasuries([team.pk for team in teams])
        return [PanelTeam(t, getattr(t, "bb_standing", None), treasuries.get(t.pk, 0)) for t in teams]

    return {
        "teams": teams.map(panel, reads=[treasury_sums(LedgerEntry.objects.filter(team__league=league))]),
        "next_round": next_round(league, request.user),
    }


def settings_panel_context(league: League) -> dict[str, Any]:
    """The settings page's Blood Bowl section: the league's team lists."""
    team_lists = team_lists_of(league)
    return {"game_sections": [("team-lists", "Team lists")], "races": team_lists.races if team_lists else ()}
