"""Reads for the season calendar: seasons, weeks and their games, League Rank, the state of a
challenge round with its warnings, appeals, the playoffs and the archive.

Every list here costs a fixed number of queries whatever the league's size (the tests pin them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, overload

from django.db.models import (
    Count,
    F,
    Func,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    prefetch_related_objects,
)

from engine.slaughterball import schedule
from engine.slaughterball.ruleset import RULESET
from engine.slaughterball.schedule import RankingEntry, Turn
from leagues.models import League
from pitside.live import live_version
from rosters.models import LedgerEntry, Team
from slaughterball.models import Appeal, Challenge, Game, GameSide, Season, SeasonTeam, Standing, Week
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
    """The season's weeks, each with `game_count`: one query, whatever the games. Without their records (Week.draws:
    a challenge round's holds the whole League Rank it was ordered by), which the lists of weeks do not show."""
    return Week.objects.filter(season=season).defer("draws").annotate(game_count=Count("games")).order_by("number")


def week_get(week_id: Any) -> Week | None:
    return Week.objects.filter(pk=week_id).select_related("season", "season__league").first()


def week_games(week: Week) -> list[Game]:
    """The week's games with their sides, each with its team and coach: two queries."""
    return games_with_teams(Game.objects.filter(week=week).order_by("number"))


def games_with_teams(games: QuerySet[Game]) -> list[Game]:
    """`games` with their sides, each with its team and coach: two queries."""
    return list(games.prefetch_related(Prefetch("sides", queryset=_sides())))


# A page of a week's games (page and API): 24 teams, as a page of another list holds 25 rows, and whole rows of cards
# in a grid of one, two or three columns.
GAMES_A_PAGE = 6


def games_shown(games: list[Game]) -> list[Game]:
    """The games a page shows (a page of week_games_rows) with their sides, each with its team and coach: one query,
    whatever the week's size."""
    prefetch_related_objects(games, Prefetch("sides", queryset=sides_shown()))
    return games


def sides_shown() -> QuerySet[GameSide]:
    """Games' sides as the lists of games show them, each with its team and coach."""
    # Only what the lists show of a side (its lineup and staff tokens would be JSON decoded per row, and a team's or
    # coach's other columns built for nothing): a page of two hundred games is eight hundred sides.
    return _sides().only(
        "game_id", "team_id", "order_of_play", "score", "place", "league_points", "no_show", "team__name", "team__coach__username"
    )


def game_teams(week: Week) -> tuple[dict[int, list[int]], dict[int, int]]:
    """({game id: team ids in side order}, {game id: game number}) of a week, in one query (a game
    left without sides keeps its number)."""
    return weeks_game_teams([week]).get(week.pk, ({}, {}))


def weeks_game_teams(weeks: Sequence[Week]) -> dict[int, tuple[dict[int, list[int]], dict[int, int]]]:
    """game_teams of each of `weeks` (by week id; a week without games is left out), in one query however many."""
    found: dict[int, tuple[dict[int, list[int]], dict[int, int]]] = {}
    rows = (
        Game.objects.filter(week__in=weeks).order_by("id", "sides__id").values_list("week_id", "id", "number", "sides__team_id")
    )
    for week_id, game, number, team in rows:
        teams, numbers = found.setdefault(week_id, ({}, {}))
        numbers[game] = number
        members = teams.setdefault(game, [])
        if team is not None:
            members.append(team)
    return found


def record(week: Week, kind: str) -> dict[str, Any] | None:
    """The week's latest record of one kind from Week.draws (the draw, the frozen challenge order...)."""
    return next((r for r in reversed(week.draws or []) if r.get("kind") == kind), None)


def _weeks_before_in_rotation(week: Week) -> QuerySet[Week]:
    return Week.objects.filter(season_id=week.season_id, number__lt=week.number, kind__in=ROTATION_KINDS).order_by("-number")


def previous_rotation_week(week: Week) -> Week | None:
    return _weeks_before_in_rotation(week).first()


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
    return dict(games_scheduled_counts(season, team_ids))


def games_scheduled_counts(season: Season, team_ids: Iterable[int] | None = None) -> QuerySet[GameSide, tuple[int, int]]:
    """games_scheduled as a query of (team id, games), by team id."""
    rows = GameSide.objects.filter(game__week__season=season, game__week__kind__in=REGULAR_KINDS)
    if team_ids is not None:
        rows = rows.filter(team_id__in=team_ids)
    return rows.exclude(game__state=Game.State.VOIDED).order_by("team_id").values_list("team_id").annotate(n=Count("id"))


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
    and whose turn it is. One query (its games with their sides); the order is on the week row."""
    return round_states([week])[0]


def round_states(weeks: Sequence[Week]) -> list[RoundState]:
    """round_state of each of `weeks`, in one query however many (the dashboard's rounds of every league)."""
    states = []
    found = weeks_game_teams(weeks)
    for week in weeks:
        frozen = FrozenOrder.from_record(record(week, ORDER_RECORD))
        games, numbers = found.get(week.pk, ({}, {}))
        scheduled = {t for teams in games.values() for t in teams}
        unscheduled = frozenset(t for t in frozen.order if t not in scheduled)
        turn = schedule.next_turn(frozen.order, frozen.entries, unscheduled, list(games.values()))
        states.append(RoundState(week, frozen, games, numbers, unscheduled, turn))
    return states


@dataclass(frozen=True)
class SmallGames:
    """The games of fewer than four teams of a week and of the week before it in the rotation: the only games 3- or
    2-Team Games warns of (schedule.small_game_teams), each as its teams in side order."""

    games: dict[int, list[int]]  # this week's: game id -> team ids
    numbers: dict[int, int]  # this week's: game id -> game number
    before: list[list[int]]  # the week before's
    names: dict[int, str]  # team id -> name, of every team in them


def _counted(rows: QuerySet[Any]) -> Subquery:
    """How many `rows` (filtered on an OuterRef), as a subquery: COUNT without a GROUP BY."""
    return Subquery(rows.order_by().annotate(count=Func(F("pk"), function="COUNT")).values("count"), output_field=IntegerField())


def small_games(week: Week, known: tuple[dict[int, list[int]], dict[int, int]] | None = None) -> SmallGames:
    """One query whatever the week's size: the database counts each game's sides and only the small games' rows are
    read (a game left without sides is one of them). `known`, the week's games' teams and numbers when the caller
    holds them all (a challenge round's state), spares reading this week's."""
    previous = Q(week=Subquery(_weeks_before_in_rotation(week).values("pk")[:1]))
    # Each game's sides counted by its own index lookup: grouping the two weeks' sides read every side of the table.
    small = (
        Game.objects.filter(previous if known else Q(week=week) | previous)
        .annotate(size=_counted(GameSide.objects.filter(game=OuterRef("pk"))))
        .filter(size__lt=schedule.GAME_SIZE)
        .values("pk")
    )
    rows = (
        Game.objects.filter(pk__in=small)
        .order_by("id", "sides__id")
        .values_list("week_id", "id", "number", "sides__team_id", "sides__team__name")
    )
    games: dict[int, list[int]] = {}
    numbers: dict[int, int] = {}
    before: dict[int, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for week_id, game, number, team, name in rows:
        if week_id == week.pk:
            numbers[game] = number
            members = games.setdefault(game, [])
        else:
            members = before[game]
        if team is not None:
            members.append(team)
            names[team] = name
    if known:
        teams, known_numbers = known
        games = {game: playing for game, playing in teams.items() if len(playing) < schedule.GAME_SIZE}
        numbers = {game: known_numbers[game] for game in games}
    return SmallGames(games, numbers, list(before.values()), names)


@dataclass(frozen=True)
class Warning:
    code: str
    message: str
    team: int | None = None
    game: int | None = None


def week_warnings(week: Week, team_count: int, state: RoundState | None = None) -> list[Warning]:
    """3- or 2-Team Games: a game smaller than the league's size allows (left short by a granted
    appeal, say), and teams in a small game for the second week running (the commissioner should
    rearrange). One query (small_games, given the round's `state` when there is one), none outside the rotation nor
    when every game of the round has four teams."""
    warnings: list[Warning] = []
    if week.kind not in ROTATION_KINDS:
        return warnings
    if state and not schedule.small_game_teams(state.games.values()):
        return warnings  # every game of the round is full: the week before's small games alone warn of nothing
    small = small_games(week, (state.games, state.numbers) if state else None)
    smallest = schedule.smallest_legal_game(team_count)
    for game, teams in sorted(small.games.items(), key=lambda item: small.numbers[item[0]]):
        if len(teams) < smallest:
            warnings.append(
                Warning(
                    "short-game",
                    f"Game {small.numbers[game]} has only {len(teams)} team{'s' if len(teams) != 1 else ''}: "
                    "move a team into it (3- or 2-Team Games).",
                    game=game,
                )
            )
    game_of = {t: g for g, teams in small.games.items() for t in teams}
    for team in schedule.consecutive_small_games(small.before, small.games.values()):
        size = len(small.games[game_of[team]])
        warnings.append(
            Warning(
                "consecutive-small-game",
                f"{small.names[team]} plays a {size}-team game for the second week running: "
                "consider rearranging (3- or 2-Team Games).",
                team=team,
                game=game_of[team],
            )
        )
    return warnings


@dataclass(frozen=True)
class WeekCounts:
    teams: int  # the season's
    games: int
    challenges: int
    appeals: int  # the season's


def week_counts(week: Week) -> WeekCounts:
    """The season's teams, the week's games and challenges, the season's appeals: one query, each counted by its index."""
    teams, games, challenges, appeals = (
        Week.objects.filter(pk=week.pk)
        .annotate(
            team_count=_counted(SeasonTeam.objects.filter(season_id=OuterRef("season_id"))),
            game_count=_counted(Game.objects.filter(week_id=OuterRef("pk"))),
            challenge_count=_counted(Challenge.objects.filter(week_id=OuterRef("pk"))),
            appeal_count=_counted(Appeal.objects.filter(game__week__season_id=OuterRef("season_id"))),
        )
        .values_list("team_count", "game_count", "challenge_count", "appeal_count")
        .get()
    )
    return WeekCounts(teams, games, challenges, appeals)


def appeal_counts(week: Week) -> list[dict[str, Any]]:
    """Appeals per coach this season (Appealing a Challenge: frequent appeals are a warning sign), each row with the
    coach's appeals of `week` too (`this_week`: a week without any reads no appeal)."""
    rows = (
        Appeal.objects.filter(game__week__season=week.season_id)
        .values("coach_id", "coach__username")
        .annotate(
            total=Count("id"),
            granted=Count("id", filter=Q(state=Appeal.State.GRANTED)),
            denied=Count("id", filter=Q(state=Appeal.State.DENIED)),
            pending=Count("id", filter=Q(state=Appeal.State.PENDING)),
            this_week=Count("id", filter=Q(game__week=week)),
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
            "this_week": r["this_week"],
        }
        for r in rows
    ]


def week_appeals(week: Week) -> list[Appeal]:
    """The week's appeals, each with the names the pages show of its team, coach, decider and game."""
    shown = ("team__name", "coach__username", "decided_by__username", "game__number")
    appeals = Appeal.objects.filter(game__week=week).select_related("team", "coach", "decided_by", "game")
    return list(appeals.only(*(f.attname for f in Appeal._meta.concrete_fields), *shown))


TEAM_COLUMNS = [f.attname for f in Team._meta.concrete_fields]


def _teams_named(teams: QuerySet[Team]) -> dict[int, Team]:
    """{team id: team with its coach's name}: one query. The pages show no more of the coach, and a season of 1,000
    teams builds each row (teams, not their entries, and not the coaches' other columns)."""
    return {t.pk: t for t in teams.select_related("coach").only(*TEAM_COLUMNS, "coach__username").order_by("pk")}


def season_teams(season: Season) -> QuerySet[Team]:
    """The season's teams: those its forms accept (rosters.selectors.team_choices offers a few of them)."""
    return Team.objects.filter(season_entries__season=season)


def season_team_names(season: Season) -> dict[int, Team]:
    """{team id: team with its coach's name} of the season's teams: one query."""
    return _teams_named(season_teams(season))


def team_names(team_ids: Iterable[int]) -> dict[int, Team]:
    """{team id: team with its coach's name} of these teams (a page's): one query."""
    return _teams_named(Team.objects.filter(pk__in=list(team_ids)))


def season_own_teams(season: Season, user: Any) -> set[int]:
    """The ids of the season's teams `user` coaches: one query (none for an anonymous visitor)."""
    if not user.is_authenticated:
        return set()
    return set(Team.objects.filter(season_entries__season=season, coach=user).values_list("pk", flat=True))


def week_games_rows(week: Week) -> QuerySet[Game]:
    """The week's games in order, for a page of them (games_shown loads the page's sides), with only the columns the
    lists show: not each game's result report (JSON decoded per row)."""
    return Game.objects.filter(week=week).only("week_id", "number", "state", "pays", "scheduled_for").order_by("number")


def games_coached(mine: Q | None) -> Q | None:
    """A filter of games: those a coach's teams play (`mine`, his teams' sides: pitside.paging.coached_by(request,
    "team__coach")), or None for an anonymous viewer. A subquery: the coach's games are read with the page's."""
    return Q(pk__in=GameSide.objects.filter(mine).values("game_id")) if mine is not None else None


def week_challenges_rows(week: Week) -> QuerySet[Challenge]:
    """The week's challenges in the order made, with their team, maker and game, for a page of them."""
    return Challenge.objects.filter(week=week).select_related("team", "created_by", "game").order_by("id")


def order_rows_named(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of the challenge order (WeekView.order_rows) with each team's name and coach: one query for their teams."""
    named = Team.objects.filter(pk__in=[row["team"] for row in rows]).values_list("pk", "name", "coach__username")
    teams = {pk: {"name": name, "coach": coach} for pk, name, coach in named}
    return [row | teams.get(row["team"], {"name": str(row["team"]), "coach": ""}) for row in rows]


class OrderRows(Sequence[dict[str, Any]]):
    """The challenge order of a round's state, a row a team (position, team, League Rank, League Points, Team Potential,
    whether it missed its last game and whether it has a game yet). Each row is built when read: a page of a
    1,000-team order builds its page."""

    def __init__(self, state: RoundState | None) -> None:
        self._frozen = state.frozen if state else FrozenOrder.from_record(None)
        self._unscheduled = state.unscheduled if state else frozenset()

    def __len__(self) -> int:
        return len(self._frozen.order)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        positions = range(len(self))
        if isinstance(index, slice):
            return [self._row(position) for position in positions[index]]
        return self._row(positions[index])

    @cached_property
    def _rank(self) -> dict[int, int]:
        return {team: rank for rank, team in enumerate(self._frozen.ranking, start=1)}

    def _row(self, position: int) -> dict[str, Any]:
        team = self._frozen.order[position]
        entry = self._frozen.entries[team]
        return {
            "position": position + 1,
            "team": team,
            "rank": self._rank[team],
            "league_points": entry.league_points,
            "team_potential": entry.team_potential,
            "missed_last_game": team in self._frozen.missed,
            "scheduled": team not in self._unscheduled,
        }


@dataclass
class WeekView:
    """What the week page and GET /api/weeks/<id>/challenges/ need of the whole week, as plain values: each game's
    teams and number, its counts, the challenge round's state, the commissioner's warnings and the appeals. A week of
    1,000 teams builds no row per game or team here: the page reads its games, the challenge order's teams and the
    challenges a page at a time, and its forms' selects a few teams (rosters.selectors.team_choices)."""

    week: Week
    counts: WeekCounts
    state: RoundState | None
    warnings: list[Warning]
    appeals: list[Appeal] = field(default_factory=list)
    appeal_counts: list[dict[str, Any]] = field(default_factory=list)

    @cached_property
    def games(self) -> dict[int, list[int]]:
        """Game id -> its teams' ids, in side order: the round state's, or read when first asked (one query of every
        side of the week, which a visitor's page of a closed week never asks for)."""
        return self.state.games if self.state else game_teams(self.week)[0]

    @property
    def order_rows(self) -> OrderRows:
        """The challenge order, a row a team, without the teams' names (order_rows_named adds them to a page)."""
        return OrderRows(self.state)

    def games_of(self, teams: set[int]) -> list[int]:
        """The ids of the games these teams (a coach's) play this week."""
        return [game for game, playing in self.games.items() if teams.intersection(playing)]

    @property
    def unscheduled(self) -> list[int]:
        """The teams without a game yet, in the challenge order."""
        if self.state is None:
            return []
        return [t for t in self.state.frozen.order if t in self.state.unscheduled]

    @property
    def round_version(self) -> str:
        """A fingerprint of the challenge round as GET /api/weeks/<id>/challenges/ answers it, from what that answer is
        built of: the week's kind and deadline, its frozen order (its record on the week row), the games made so far,
        the counts (challenges are only ever added), the warnings and the appeals. The API's ETag: a client polling
        the round gets a 304 until one of them changes, without the order's 1,000 rows read and sent again."""
        return live_version(
            (
                self.week.kind,
                self.week.challenges_due,
                record(self.week, ORDER_RECORD),
                sorted(self.state.games.items()) if self.state else None,
                self.counts,
                self.warnings,
                self.appeal_counts,
                [(a.pk, a.state, a.note, a.decided_by_id, a.decided_at) for a in self.appeals],
            )
        )

    def targets(self) -> list[int]:
        """The teams the coach whose turn it is may name: unscheduled ones to challenge, or the
        teams of 4-team games to steal."""
        if self.state is None or self.state.turn.team is None:
            return []
        if self.state.turn.action == "challenge":
            return [t for t in self.unscheduled if t != self.state.turn.team]
        if self.state.turn.action == "steal":
            numbers = self.state.numbers
            four = sorted((g for g, teams in self.state.games.items() if len(teams) == 4), key=lambda g: numbers.get(g, 0))
            return [t for g in four for t in self.state.games[g]]
        return []


def week_view(week: Week) -> WeekView:
    """The week's whole state as values (see WeekView): its counts (one query), the round state (one query, in a
    challenge round), the warnings (the small games of this week and the one before: none when its round has none),
    and only when the season has appeals, the appeals per coach and (when it has any) the week's appeals."""
    counts = week_counts(week)
    state = round_state(week) if week.kind == Week.Kind.CHALLENGE else None
    per_coach = appeal_counts(week) if counts.appeals else []
    return WeekView(
        week=week,
        counts=counts,
        state=state,
        warnings=week_warnings(week, counts.teams, state),
        appeals=week_appeals(week) if any(row["this_week"] for row in per_coach) else [],
        appeal_counts=per_coach,
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


def season_start_entries(team_ids: Iterable[int]) -> list[tuple[int, str, int, str]]:
    """The ledger rows starting a season writes, as (team, account, amount, reason): the teams' balances read
    and the rules' season_start_entries (the unspent Support Staff Budget is lost). season_start writes them;
    its confirmation page lists them first."""
    balances: dict[int, dict[str, int]] = {}
    for team_id, account, total in (
        LedgerEntry.objects.filter(team_id__in=list(team_ids))
        .values_list("team_id", "account")
        .annotate(total=Sum("amount"))
        .order_by()
    ):
        balances.setdefault(team_id, {})[account] = total
    return [
        (team_id, account, amount, reason)
        for team_id, accounts in sorted(balances.items())
        for account, amount, reason in RULESET.season_start_entries(accounts)
    ]
