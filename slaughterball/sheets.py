"""The Game Record Sheet and the League Ranking Sheet (rulebook: Record Sheets), as print pages and
PDF. Every value is the one stored at the game (GameSide: Pit Power, Edge tokens, score, place,
prize, League Points) or in the week's ranking (Standing), never today's; this module only arranges
them for the templates. Their PDFs are stored sheets (sheets.views.sheet_response), rendered on a worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from rosters.models import Team
from sheets.keys import Rows, SheetData
from slaughterball.models import Game, GameSide, Season, Week
from slaughterball.selectors import ranking_sheet, record_sheet_games

GAMES_PER_SHEET = 4  # Game Record Sheet: "Each sheet can track four games"
# Game Record Sheets (a page each) laid out together, by one task, in one part of a PDF (sheets.services): a season of
# 1,000 teams is 630 of them, which in one document took 3.2 GB and more than the task's time limit.
SHEETS_PER_PART = 25
GAME_RECORD_TEMPLATE = "slaughterball/results/game_record_sheet.html"
RANKING_TEMPLATE = "slaughterball/results/ranking_sheet.html"
# GAPS.md: the rulebook breaks League Point ties "with Team Potential" without saying which way.
TIE_BREAK_NOTE = (
    "Ties in League Points: the higher Team Potential ranks higher; a remaining tie is broken by a recorded random "
    "draw (Pitside's reading of the rulebook, which does not say which way Team Potential breaks the tie)."
)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_label(side: GameSide, sides: list[GameSide]) -> str:
    """Place: 1st, 2nd, 3rd or 4th, with ties indicated (and a no-show)."""
    if side.place is None:
        return ""
    label = ordinal(side.place)
    if side.no_show:
        return f"{label} (no-show)"
    if sum(1 for other in sides if other.place == side.place) > 1:
        return f"{label} (tie)"
    return label


@dataclass(frozen=True)
class RecordLine:
    side: GameSide
    place: str

    @property
    def team(self) -> Any:
        return self.side.team


@dataclass(frozen=True)
class GameRecord:
    game: Game
    lines: list[RecordLine]

    @property
    def confirmed(self) -> bool:
        return self.game.state == Game.State.CONFIRMED


@dataclass(frozen=True)
class RecordSheet:
    """One Game Record Sheet: a week's games, four to a sheet."""

    season: Season
    week: Any
    records: list[GameRecord]
    commissioners: list[Any]


def game_record(game: Game) -> GameRecord:
    """Teams in order of play, starting with the First Coach's team."""
    sides = sorted(game.sides.all(), key=lambda s: (s.order_of_play is None, s.order_of_play or 0, s.pk))
    return GameRecord(game, [RecordLine(side, place_label(side, sides)) for side in sides])


def game_record_sheets(games: QuerySet[Game]) -> list[RecordSheet]:
    """The sheets for these games: per week, in game order, four games a sheet (two queries, plus
    one for the league's commissioners)."""
    ordered = record_sheet_games(games)
    if not ordered:
        return []
    commissioners = list(ordered[0].week.season.league.commissioners.all())
    sheets = []
    for _, week_games in groupby(ordered, key=lambda g: g.week_id):
        week_games_list = list(week_games)
        for start in range(0, len(week_games_list), GAMES_PER_SHEET):
            chunk = week_games_list[start : start + GAMES_PER_SHEET]
            week = chunk[0].week
            sheets.append(RecordSheet(week.season, week, [game_record(g) for g in chunk], commissioners))
    return sheets


def game_record_parts(context: dict[str, Any]) -> list[dict[str, Any]]:
    """The context of a week's or a season's Game Record Sheets split into parts of at most SHEETS_PER_PART sheets,
    in order (without games, the one part that says so)."""
    sheets = context["sheets"]
    starts = range(0, len(sheets), SHEETS_PER_PART)
    return [{**context, "sheets": sheets[start : start + SHEETS_PER_PART]} for start in starts] or [context]


def game_records_rows(season: QuerySet[Season], games: QuerySet[Game]) -> list[Rows]:
    """What the Game Record Sheets of `games` in `season` are made from (sheets.keys): the season with its league's
    name and commissioners, the games' weeks, the games and their sides with their teams' names; not the games'
    reports and effects nor the sides' lineups, which the sheets do not print."""
    return [
        Rows("season", season, related=("league__name",)),
        Rows("commissioner", get_user_model().objects.filter(commissioned_leagues__seasons__in=season), columns=("username",)),
        Rows("week", Week.objects.filter(pk__in=games.values("week"))),
        Rows("game", games, omit=("report", "effects")),
        Rows("side", GameSide.objects.filter(game__in=games), related=("team__name",), omit=("lineup",)),
    ]


# A week's and a season's sheets, by the week's or the season's id: one query each.
week_records_data = SheetData(lambda week: game_records_rows(Season.objects.filter(weeks=week), Game.objects.filter(week=week)))
season_records_data = SheetData(
    lambda season: game_records_rows(Season.objects.filter(pk=season), Game.objects.filter(week__season=season))
)


def ranking_sheet_values(season: Season) -> tuple[object, ...]:
    """What the League Ranking Sheet shows (ranking_sheet_context, its template), which its PDF is known by: the
    standings by their version, the rest by its values. Two queries, whatever the weeks; a test holds the two
    together."""
    return (
        season.league.name,
        season.name,
        season.starts_on,
        tuple(season.league.commissioners.order_by("username").values_list("username", flat=True)),
        TIE_BREAK_NOTE,
        season.standings_version,
        # Every team of the league's: a superset of those ranked, found by the league's index where the ranked ones
        # would be read from every week's ranking.
        tuple(Team.objects.filter(league_id=season.league_id).order_by("pk").values_list("name", flat=True)),
    )


def ranking_sheet_context(season: Season) -> dict[str, Any]:
    return {
        "season": season,
        "league": season.league,
        "sheet": ranking_sheet(season),
        "commissioners": list(season.league.commissioners.all()),
        "tie_break_note": TIE_BREAK_NOTE,
    }
