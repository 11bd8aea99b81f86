"""Reads for the season calendar: seasons, weeks and their games, League Rank, the state of a
challenge round with its warnings, appeals, the playoffs and the archive.

Every list here costs a fixed number of queries whatever the league's size (the tests pin them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Prefetch, Q, QuerySet, Subquery

from engine.slaughterball import schedule
from engine.slaughterball.schedule import RankingEntry, Turn
from leagues.models import League
from rosters.models import Team
from slaughterball.models import Appeal, Challenge, Game, GameSide, Season, Standing, Week
from slaughterball.selectors import standings_rows

# Weeks whose games count towards a team's games_per_team and League Rank.
REGULAR_KINDS = (Week.Kind.DRAW, Week.Kind.CHALLENGE, Week.Kind.RANDOM, Week.Kind.MAKEUP)
# Weeks of the regular rotation (a makeup week is off it: it does not break a run of 3-team games).
ROTATION_KINDS = (Week.Kind.DRAW, Week.Kind.CHALLENGE, Week.Kind.RANDOM)
# A game not yet settled: it blocks the next week and the playoffs.
OPEN_STATES = (Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED)

# The kinds of records kept in Week.draws.
ORDER_RECORD = "challenge-order"
GAMES_RECORD = "games"
STANDINGS_RECORD = "final-standings"


# --- Seasons ----------------------------------------------------------------------------------------------------------


def season_list(league: League) -> QuerySet[Season]:
    return (
        Season.objects.filter(league=league)
        .select_related("league", "champion", "previous")
        .annotate(team_count=Count("entries"))
        .order_by("-number")
    )


def season_get(season_id: Any) -> Season | None:
    return (
        Season.objects.filter(pk=season_id)
        .select_related("league", "champion", "previous")
        .annotate(team_count=Count("entries"))
        .first()
    )


def season_current(league: League) -> Season | None:
    """The league's latest season (the one its weeks pages show)."""
    return season_list(league).first()


def season_open(league: League) -> Season | None:
    """The league's season that is not finished yet, if any (a league runs one at a time)."""
    return Season.objects.filter(league=league).exclude(status=Season.Status.FINISHED).order_by("-number").first()


# --- Weeks and their games ----------------------------------------------------------------------------------------------


def _sides() -> QuerySet[GameSide]:
    return GameSide.objects.select_related("team", "team__coach").order_by("order_of_play", "id")


def weeks_counted(season: Season) -> QuerySet[Week]:
    """The season's weeks, each with `game_count`: one query, whatever the games."""
    return Week.objects.filter(season=season).annotate(game_count=Count("games")).order_by("number")


def weeks_with_games(season: Season) -> QuerySet[Week]:
    """The season's weeks, each with its games and their sides (team and coach): three queries."""
    games = Game.objects.prefetch_related(Prefetch("sides", queryset=_sides())).order_by("number")
    return Week.objects.filter(season=season).prefetch_related(Prefetch("games", queryset=games)).order_by("number")


def week_get(week_id: Any) -> Week | None:
    return Week.objects.filter(pk=week_id).select_related("season", "season__league").first()


def week_games(week: Week) -> list[Game]:
    """The week's games with their sides, each with its team and coach: two queries."""
    return games_with_teams(Game.objects.filter(week=week).order_by("number"))


def games_with_teams(games: QuerySet[Game]) -> list[Game]:
    """`games` with their sides, each with its team and coach: two queries."""
    return list(games.prefetch_related(Prefetch("sides", queryset=_sides())))


def games_shown(games: list[Game]) -> list[Game]:
    """The games a page shows (a page of `week_view`'s, whose sides have no team loaded) with their sides' teams and
    coaches, in their order: two queries, whatever the week's size."""
    loaded = {game.pk: game for game in games_with_teams(Game.objects.filter(pk__in=[g.pk for g in games]))}
    return [loaded[game.pk] for game in games]


def game_teams(week: Week) -> tuple[dict[int, list[int]], dict[int, int]]:
    """({game id: team ids in side order}, {game id: game number}) of a week, in one query (a game
    left without sides keeps its number)."""
    teams: dict[int, list[int]] = {}
    numbers: dict[int, int] = {}
    rows = Game.objects.filter(week=week).order_by("id", "sides__id").values_list("id", "number", "sides__team_id")
    for game, number, team in rows:
        numbers[game] = number
        members = teams.setdefault(game, [])
        if team is not None:
            members.append(team)
    return teams, numbers


def record(week: Week, kind: str) -> dict[str, Any] | None:
    """The week's latest record of one kind from Week.draws (the draw, the frozen challenge order...)."""
    return next((r for r in reversed(week.draws or []) if r.get("kind") == kind), None)


def previous_rotation_week(week: Week) -> Week | None:
    return (
        Week.objects.filter(season_id=week.season_id, number__lt=week.number, kind__in=ROTATION_KINDS).order_by("-number").first()
    )


# --- League Rank --------------------------------------------------------------------------------------------------------


def season_ranking(season: Season) -> list[Standing]:
    """League Rank now: the standings' current column, first to last, with each team and its coach
    (one query). slaughterball.services.standings recomputes it after every result, and the services
    that act on it (a new week, the playoffs) recompute it first."""
    return list(season_ranking_rows(season))


def season_ranking_rows(season: Season) -> QuerySet[Standing]:
    """`season_ranking` as a query, for a page of it."""
    latest = Standing.objects.filter(season=season).order_by("-week").values("week")[:1]
    return standings_rows(season, Subquery(latest))


def games_scheduled(season: Season, team_ids: Iterable[int] | None = None) -> dict[int, int]:
    """{team id: games it is in} over the regular weeks and makeup games, voided games left out:
    what counts towards games_per_team when the next week is made. Of `team_ids` only, when given."""
    rows = GameSide.objects.filter(game__week__season=season, game__week__kind__in=REGULAR_KINDS)
    if team_ids is not None:
        rows = rows.filter(team_id__in=team_ids)
    counts = rows.exclude(game__state=Game.State.VOIDED).values("team_id").annotate(n=Count("id")).order_by()
    return {r["team_id"]: r["n"] for r in counts}


# --- The challenge round ---------------------------------------------------------------------------------------------------


class RankingRows(Mapping[int, RankingEntry]):
    """{team id: RankingEntry} read from the stored rows on demand: a challenge of a 1,000-team round
    looks at no entry at all (only the leftovers' steal does), so none is built until asked for."""

    def __init__(self, rows: list[list[Any]]) -> None:
        self._rows = {row[0]: row for row in rows}

    def __getitem__(self, team: int) -> RankingEntry:
        row = self._rows[team]
        return RankingEntry(row[0], row[1], row[2], row[3])

    def __iter__(self) -> Iterator[int]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, team: object) -> bool:
        return team in self._rows

    def potentials(self) -> dict[int, int]:
        return {team: row[2] for team, row in self._rows.items()}


@dataclass(frozen=True)
class FrozenOrder:
    """The challenge order fixed when the week was made: League Rank then (ranking), who missed a
    game the week before (they challenge last), and the order itself."""

    entries: RankingRows
    ranking: list[int]  # League Rank order, best first
    missed: frozenset[int]
    order: list[int]

    @classmethod
    def from_record(cls, data: dict[str, Any] | None) -> FrozenOrder:
        if not data:
            return cls(RankingRows([]), [], frozenset(), [])
        rows = data["ranking"]
        return cls(RankingRows(rows), [row[0] for row in rows], frozenset(data["missed"]), list(data["order"]))

    @property
    def potentials(self) -> dict[int, int]:
        return self.entries.potentials()


@dataclass(frozen=True)
class RoundState:
    week: Week
    frozen: FrozenOrder
    games: dict[int, list[int]]  # game id -> team ids
    numbers: dict[int, int]  # game id -> game number
    unscheduled: frozenset[int]
    turn: Turn


def round_state(week: Week) -> RoundState:
    """Where a challenge round stands: the frozen order, the games made so far, who is still free
    and whose turn it is. Two queries (games, sides); the order is on the week row."""
    frozen = FrozenOrder.from_record(record(week, ORDER_RECORD))
    games, numbers = game_teams(week)
    scheduled = {t for teams in games.values() for t in teams}
    unscheduled = frozenset(t for t in frozen.order if t not in scheduled)
    turn = schedule.next_turn(frozen.order, frozen.entries, unscheduled, list(games.values()))
    return RoundState(week, frozen, games, numbers, unscheduled, turn)


def previous_week_games(week: Week) -> list[list[int]]:
    """The teams of each game of the week before in the rotation (3- or 2-Team Games looks one week back):
    two queries, none of them when there is no such week."""
    previous = previous_rotation_week(week)
    if previous is None:
        return []
    before: dict[int, list[int]] = defaultdict(list)
    for game, team in GameSide.objects.filter(game__week=previous).values_list("game_id", "team_id"):
        before[game].append(team)
    return list(before.values())


@dataclass(frozen=True)
class Warning:
    code: str
    message: str
    team: int | None = None
    game: int | None = None


def week_warnings(
    week: Week, games: dict[int, list[int]], names: dict[int, str], numbers: dict[int, int], team_count: int
) -> list[Warning]:
    """3- or 2-Team Games: a game smaller than the league's size allows (left short by a granted
    appeal, say), and teams in a small game for the second week running (the commissioner should
    rearrange). Two queries (the previous week and its games)."""
    warnings: list[Warning] = []
    if week.kind not in ROTATION_KINDS:
        return warnings
    smallest = schedule.smallest_legal_game(team_count)
    for game, teams in sorted(games.items(), key=lambda item: numbers.get(item[0], 0)):
        if len(teams) < smallest:
            warnings.append(
                Warning(
                    "short-game",
                    f"Game {numbers.get(game, '?')} has only {len(teams)} team{'s' if len(teams) != 1 else ''}: "
                    "move a team into it (3- or 2-Team Games).",
                    game=game,
                )
            )
    before = previous_week_games(week)
    if before:
        repeat = schedule.consecutive_small_games(before, games.values())
        game_of = {t: g for g, teams in games.items() for t in teams}
        for team in repeat:
            size = len(games[game_of[team]])
            warnings.append(
                Warning(
                    "consecutive-small-game",
                    f"{names.get(team, team)} plays a {size}-team game for the second week running: "
                    "consider rearranging (3- or 2-Team Games).",
                    team=team,
                    game=game_of[team],
                )
            )
    return warnings


def appeal_counts(season: Season) -> list[dict[str, Any]]:
    """Appeals per coach this season (Appealing a Challenge: frequent appeals are a warning sign)."""
    rows = (
        Appeal.objects.filter(game__week__season=season)
        .values("coach_id", "coach__username")
        .annotate(
            total=Count("id"),
            granted=Count("id", filter=Q(state=Appeal.State.GRANTED)),
            denied=Count("id", filter=Q(state=Appeal.State.DENIED)),
            pending=Count("id", filter=Q(state=Appeal.State.PENDING)),
        )
        .order_by("-total", "coach__username")
    )
    return [
        {
            "coach": r["coach__username"],
            "total": r["total"],
            "granted": r["granted"],
            "denied": r["denied"],
            "pending": r["pending"],
        }
        for r in rows
    ]


def week_appeals(week: Week) -> list[Appeal]:
    return list(Appeal.objects.filter(game__week=week).select_related("team", "coach", "decided_by", "game"))


def week_challenges(week: Week) -> list[Challenge]:
    return list(Challenge.objects.filter(week=week).select_related("team", "created_by", "game").order_by("id"))


TEAM_COLUMNS = [f.attname for f in Team._meta.concrete_fields]


def season_team_names(season: Season) -> dict[int, Team]:
    """{team id: team with its coach's name} of the season's teams: one query. The pages show no more of the coach,
    and a season of 1,000 teams builds each row (teams, not their entries, and not the coaches' other columns)."""
    teams = Team.objects.filter(season_entries__season=season).select_related("coach")
    return {t.pk: t for t in teams.only(*TEAM_COLUMNS, "coach__username").order_by("pk")}


@dataclass
class WeekView:
    """Everything the week page and GET /api/weeks/<id>/challenges/ show."""

    week: Week
    games: list[Game]
    teams: dict[int, Team]
    state: RoundState | None
    warnings: list[Warning]
    challenges: list[Challenge] = field(default_factory=list)
    appeals: list[Appeal] = field(default_factory=list)
    appeal_counts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def order_rows(self) -> list[dict[str, Any]]:
        if self.state is None:
            return []
        rank = {t: i for i, t in enumerate(self.state.frozen.ranking, start=1)}
        rows = []
        for position, team in enumerate(self.state.frozen.order, start=1):
            entry = self.state.frozen.entries[team]
            rows.append(
                {
                    "position": position,
                    "team": team,
                    "name": self.teams[team].name if team in self.teams else str(team),
                    "coach": self.teams[team].coach.username if team in self.teams else "",
                    "rank": rank[team],
                    "league_points": entry.league_points,
                    "team_potential": entry.team_potential,
                    "missed_last_game": team in self.state.frozen.missed,
                    "scheduled": team not in self.state.unscheduled,
                }
            )
        return rows

    @property
    def unscheduled_teams(self) -> list[Team]:
        if self.state is None:
            return []
        return [self.teams[t] for t in self.state.frozen.order if t in self.state.unscheduled and t in self.teams]

    def targets(self) -> list[Team]:
        """The teams the coach whose turn it is may name: unscheduled ones to challenge, or the
        teams of 4-team games to steal."""
        if self.state is None or self.state.turn.team is None:
            return []
        if self.state.turn.action == "challenge":
            return [t for t in self.unscheduled_teams if t.pk != self.state.turn.team]
        if self.state.turn.action == "steal":
            four = [g for g in self.games if len(self.state.games.get(g.pk, [])) == 4]
            return [self.teams[side.team_id] for g in four for side in g.sides.all() if side.team_id in self.teams]
        return []


def week_view(week: Week) -> WeekView:
    # Every game with its sides' teams and places only: a week of 1,000 teams would build 1,000 teams and coaches twice
    # (`teams` has them) and read every report and lineup; the page reads the games it shows in full (games_shown).
    sides = GameSide.objects.only("game", "team", "place").order_by("order_of_play", "id")
    light = Game.objects.filter(week=week).only("week", "number", "state").order_by("number")
    games = list(light.prefetch_related(Prefetch("sides", queryset=sides)))
    teams = season_team_names(week.season)
    state = round_state(week) if week.kind == Week.Kind.CHALLENGE else None
    by_game = state.games if state else {g.pk: [s.team_id for s in g.sides.all()] for g in games}
    names = {t: team.name for t, team in teams.items()}
    return WeekView(
        week=week,
        games=games,
        teams=teams,
        state=state,
        warnings=week_warnings(week, by_game, names, {g.pk: g.number for g in games}, len(teams)),
        challenges=week_challenges(week),
        appeals=week_appeals(week),
        appeal_counts=appeal_counts(week.season),
    )


# --- Deadlines ------------------------------------------------------------------------------------------------------------


def weeks_due_between(start: Any, end: Any, field_name: str) -> QuerySet[Week]:
    """Running seasons' weeks whose deadline `field_name` falls in [start, end)."""
    return Week.objects.filter(
        season__status=Season.Status.RUNNING, **{f"{field_name}__gte": start, f"{field_name}__lt": end}
    ).select_related("season", "season__league")


# --- Playoffs and the archive --------------------------------------------------------------------------------------------


def playoff_week(season: Season) -> Week | None:
    return Week.objects.filter(season=season, kind=Week.Kind.PLAYOFF).order_by("-number").first()


@dataclass(frozen=True)
class StandingLine:
    rank: int
    team: Team | None
    team_id: int
    league_points: int
    team_potential: int
    games_played: int


def standings_from_record(data: dict[str, Any] | None, teams: dict[int, Team]) -> list[StandingLine]:
    if not data:
        return []
    return [
        StandingLine(i, teams.get(row[0]), row[0], row[1], row[2], row[4] if len(row) > 4 else 0)
        for i, row in enumerate(data["ranking"], start=1)
    ]


@dataclass(frozen=True)
class ArchivedSeason:
    season: Season
    standings: list[StandingLine]
    playoff_game: Game | None


def season_archive(league: League) -> list[ArchivedSeason]:
    """Every finished season of the league with its final standings (as recorded when the playoffs
    were made) and champion. Four queries whatever the number of seasons and teams."""
    seasons = list(season_list(league).filter(status=Season.Status.FINISHED))
    weeks = {
        w.season_id: w
        for w in Week.objects.filter(season__in=[s.pk for s in seasons], kind=Week.Kind.PLAYOFF)
        .prefetch_related(Prefetch("games", queryset=Game.objects.prefetch_related(Prefetch("sides", queryset=_sides()))))
        .order_by("number")
    }
    team_ids = {row[0] for w in weeks.values() for row in (record(w, STANDINGS_RECORD) or {"ranking": []})["ranking"]}
    teams = {t.pk: t for t in Team.objects.filter(pk__in=team_ids).select_related("coach")} if team_ids else {}
    archive = []
    for season in seasons:
        week = weeks.get(season.pk)
        games = list(week.games.all()) if week else []
        archive.append(
            ArchivedSeason(
                season,
                standings_from_record(record(week, STANDINGS_RECORD) if week else None, teams),
                games[0] if games else None,
            )
        )
    return archive


def last_week_number(season: Season) -> int:
    return Week.objects.filter(season=season).aggregate(n=Max("number"))["n"] or 0


def unique(items: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(items))
