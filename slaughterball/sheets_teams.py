"""What the Slaughterball team pages and the Team Roster Sheet show, and the sheet as PDF.

Every number comes from the selectors' team summary (which asks the engine); this module only
arranges it for the templates: traits in the ruleset's order, account names, portfolio names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from engine.registry import get_ruleset
from engine.slaughterball.catalog import Catalog
from engine.slaughterball.ruleset import RULESET
from leagues.models import League
from leagues.setup import league_house_values
from pitside.names import key_names
from pitside.paging import coached_by, page_rows
from rosters.models import Team
from rosters.selectors import team_sheet_rows
from sheets.keys import Rows, SheetData
from slaughterball.models import Athlete, AthleteAdjustment, GameSide, Purchase, Standing
from slaughterball.selectors import GAME_SYSTEM, team_game_record
from slaughterball.selectors_teams import AthleteRow, TeamSummary, team_summary, teams_with_figures

# Team Roster Sheet column headings (rulebook: Record Sheets, Team Roster Sheet).
TRAIT_HEADINGS = {"accuracy": "ACC", "agility": "AGL", "brawling": "BRW", "speed": "SPD", "toughness": "TGH"}
SHEET_TEMPLATE = "slaughterball/teams/roster_sheet.html"


@dataclass(frozen=True)
class TraitColumn:
    slug: str
    heading: str
    name: str


@dataclass(frozen=True)
class TraitCell:
    name: str  # the trait's, which a narrow screen shows beside the value (its column heading is hidden there)
    value: int
    bought: int  # points bought on top of the starting value


@dataclass(frozen=True)
class SkillCell:
    name: str
    bought: bool


@dataclass(frozen=True)
class AthleteLine:
    row: AthleteRow
    traits: list[TraitCell]
    skills: list[SkillCell]

    @property
    def athlete(self) -> Any:
        return self.row.athlete

    @property
    def type_name(self) -> str:
        return self.row.athlete.type.capitalize()

    @property
    def type_letter(self) -> str:
        """Team Roster Sheet, Type: the first letter (R, C, S or B)."""
        return self.row.athlete.type[:1].upper()


@dataclass(frozen=True)
class Balance:
    account: str
    name: str
    amount: int


def athlete_lines(summary: TeamSummary, columns: list[TraitColumn]) -> list[AthleteLine]:
    lines = []
    for row in summary.athletes:
        starting = len(row.facts.starting_skills)
        traits = [TraitCell(c.name, row.facts.traits[c.slug], row.facts.trait_increases.get(c.slug, 0)) for c in columns]
        skills = [SkillCell(name, index >= starting) for index, name in enumerate(row.skill_names)]
        lines.append(AthleteLine(row, traits, skills))
    return lines


def balances(game_system: str, amounts: dict[str, int] | Any) -> list[Balance]:
    ruleset = get_ruleset(game_system)
    return [Balance(a, ruleset.account_names.get(a, a), amounts.get(a, 0)) for a in ruleset.accounts]


def trait_columns(catalog: Catalog) -> list[TraitColumn]:
    return [TraitColumn(t, TRAIT_HEADINGS.get(t, t[:3].upper()), catalog.traits[t].name) for t in RULESET.traits]


@dataclass(frozen=True)
class StartingCell:
    value: Any  # None: a house value the league has not set
    house: bool  # one of the league's house values (the rulebook does not print it)
    label: str  # its column's name, which a card on a phone shows beside it


@dataclass(frozen=True)
class StartingRow:
    type: str
    traits: list[StartingCell]
    skills: StartingCell  # the skills' names
    value: StartingCell

    @property
    def all_house(self) -> bool:
        """Every figure of the row is a house value (a butcher's): the row says so once, not in each cell."""
        return all(cell.house for cell in [*self.traits, self.skills, self.value])


@dataclass(frozen=True)
class PortfolioStart:
    slug: str
    name: str
    rows: list[StartingRow]


def portfolio_starts(catalog: Catalog) -> list[PortfolioStart]:
    """What an athlete of each type starts with in each portfolio (rulebook: Pro Teams), the league's house values
    filling what the rulebook leaves out: the sign-up page shows the chosen portfolio's."""

    def cell(key: str, value: Any, label: str) -> StartingCell:
        return StartingCell(value, key in catalog.house_keys, label)

    def row(portfolio: str, athlete_type: str) -> StartingRow:
        profile = catalog.athletes[(portfolio, athlete_type)]
        key = f"athletes.{portfolio}.{athlete_type}"
        skills = key_names(profile.skills, catalog.names) if profile.skills is not None else None
        return StartingRow(
            athlete_type,
            [cell(f"{key}.{trait}", profile.traits[trait], catalog.traits[trait].name) for trait in RULESET.traits],
            cell(f"{key}.skills", skills, "Skills"),
            cell(f"{key}.value", profile.value, "Value"),
        )

    return [
        PortfolioStart(slug, name, [row(slug, athlete_type) for athlete_type in RULESET.athlete_types])
        for slug, name in catalog.portfolios.items()
    ]


def team_context(team: Team) -> dict[str, Any]:
    """Everything the team page and the spend page show of a team (the roster sheet: roster_sheet_context)."""
    league = team.league
    catalog = RULESET.catalog(league_house_values(league))
    summary = team_summary(team)
    columns = trait_columns(catalog)
    return {
        "team": team,
        "league": league,
        "summary": summary,
        "catalog": catalog,
        "portfolio_name": catalog.portfolios.get(team.faction, team.faction),
        "trait_columns": columns,
        "athlete_lines": athlete_lines(summary, columns),
        "balances": balances(league.game_system, summary.balances),
    }


def roster_sheet_context(team: Team) -> dict[str, Any]:
    """What the Team Roster Sheet shows: the team page's, and its game record with the League Points it made (three
    queries the pages, which do not show it, leave out)."""
    record = team_game_record(team)
    return {**team_context(team), "game_record": record, "total_lps": sum(line.side.league_points or 0 for line in record)}


def roster_sheet_rows(team_id: int) -> list[Rows]:
    """What the Team Roster Sheet is made from (sheets.keys): its team, league, coach and balances, its athletes and
    their value adjustments, its purchases, every side of the games it has a side in (the other sides' scores are on
    its game record) with the game's state, number, week and season, and its standings."""
    return [
        *team_sheet_rows(team_id, GAME_SYSTEM),
        Rows("athlete", Athlete.objects.filter(team_id=team_id)),
        Rows("adjustment", AthleteAdjustment.objects.filter(athlete__team_id=team_id)),
        Rows("purchase", Purchase.objects.filter(team_id=team_id)),
        Rows(
            "side",
            GameSide.objects.filter(game__sides__team_id=team_id),
            related=("game__state", "game__number", "game__confirmed_at", "game__week__number", "game__week__season__number"),
        ),
        Rows("standing", Standing.objects.filter(team_id=team_id)),
    ]


roster_sheet_data = SheetData(roster_sheet_rows)  # one query


@dataclass(frozen=True)
class LeagueTeamLine:
    team: Team
    portfolio_name: str
    team_potential: int
    treasury: int


def league_panel_context(league: League, request: HttpRequest) -> dict[str, Any]:
    """The league page's Slaughterball panel: a page of its teams by name, the viewer's own always shown, each with
    its Team Potential and treasury summed by the database (teams_with_figures: no team is built in Python)."""
    portfolios = RULESET.catalog(league_house_values(league)).portfolios
    teams = page_rows(request, teams_with_figures(league.teams.order_by("name", "id")), own=coached_by(request))

    def line(team: Any) -> LeagueTeamLine:
        potential = RULESET.team_potential_of_values(team.athletes_value, team.staff_value)
        return LeagueTeamLine(team, portfolios.get(team.faction, team.faction), potential, team.treasury)

    # The portfolios' names are the league's house values'.
    house_values = League.objects.filter(pk=league.pk).values_list("house_values")
    return {"teams": teams.map(lambda page: [line(team) for team in page], reads=[house_values])}


def settings_panel_context(league: League) -> dict[str, Any]:
    """The settings page's Slaughterball section: the slugs that list house values take."""
    catalog = RULESET.catalog(league_house_values(league))
    return {
        "game_sections": [("reference", "Slugs for files")],
        "skills": sorted(catalog.skills.values(), key=lambda s: s.slug),
        "athlete_types": RULESET.athlete_types,
    }
