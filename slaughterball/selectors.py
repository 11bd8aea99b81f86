"""Reads of the slaughterball app. One group per area; each list costs a fixed number of queries
whatever the league's size (the tests pin them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Prefetch, QuerySet, Subquery
from django.shortcuts import get_object_or_404

from engine.slaughterball.games import Played, SidePlayers, who_played
from engine.slaughterball.ruleset import SlaughterballRuleset
from games.lifecycle import GameSide as GameSideLike
from games.models import GameEvent
from leagues.models import League
from leagues.selectors import league_is_commissioner, leagues_playing
from rosters.models import Team
from slaughterball.models import Athlete, Game, GameSide, MaverickHire, Season, Standing, Week

if TYPE_CHECKING:
    from slaughterball.services.results import SlaughterballResults

# The game system whose teams, seasons and games this app serves; the leagues of another game
# system are served by that system's own app (leagues.game_apps).
GAME_SYSTEM = SlaughterballRuleset.slug


def league_get(league_id: Any) -> League:
    """A league this app serves, or 404."""
    return get_object_or_404(leagues_playing(GAME_SYSTEM), pk=league_id)


# =====================================================================================================
# Results and standings (results area)
# =====================================================================================================

# Weeks whose games count towards League Points and games played: every week but the playoffs.
NOT_COUNTED = (Week.Kind.PLAYOFF,)


# --- Games and their results -------------------------------------------------------------------------


def _sides() -> QuerySet[GameSide]:
    return GameSide.objects.select_related("team", "team__coach").order_by("order_of_play", "id")


def games_listed() -> QuerySet[Game]:
    """Games with their season, league and sides (team, coach), as a list of them reads them: two queries."""
    return (
        Game.objects.select_related("league", "week", "week__season")
        .defer("week__draws")  # a challenge round's records hold the whole League Rank: not read again per game
        .prefetch_related(Prefetch("sides", queryset=_sides()))
    )


def games_loaded() -> QuerySet[Game]:
    """Games with what games_listed reads, their league's commissioners and their result history: four queries."""
    return games_listed().prefetch_related(
        Prefetch("events", queryset=GameEvent.objects.select_related("user", "team").order_by("created_at", "id")),
        "league__commissioners",
    )


def game_get(game_id: Any) -> Game | None:
    """A game with what games_loaded reads: four queries."""
    return games_loaded().filter(pk=game_id).first()


def game_league(game: Game) -> League:
    return game.league


def game_label(game: Game) -> str:
    """How ledger rows, notifications and sheets name a game."""
    return f"{game.week.season.name}, week {game.week.number}, game {game.number}"


def _results() -> SlaughterballResults:
    """The result lifecycle, whose rules these reads are (it reads games through this module)."""
    from slaughterball.services.results import RESULTS

    return RESULTS


def game_submission(game: Game) -> GameEvent | None:
    """The result now standing: the latest submission (from the prefetched history)."""
    return _results().submission(game)


def game_confirmed_teams(game: Game) -> set[int]:
    """Teams whose coach confirmed the latest submission (a new submission starts again)."""
    return _results().confirmed_teams(game)


def game_pending_teams(game: Game) -> list[GameSideLike]:
    """Sides whose coach still has to confirm the latest submission: every team of the game whose
    coach did not submit it and has not confirmed it yet."""
    return _results().pending_sides(game)


def game_user_sides(game: Game, user: Any) -> list[GameSideLike]:
    return _results().user_sides(game, user)


@dataclass(frozen=True)
class GameRights:
    """What the page offers a user; the services check again and decide."""

    submit: bool = False
    confirm: bool = False
    dispute: bool = False
    approve: bool = False
    void: bool = False
    commissioner: bool = False
    coach: bool = False

    @property
    def any(self) -> bool:
        return self.submit or self.confirm or self.dispute or self.approve or self.void


def game_rights(game: Game, user: Any) -> GameRights:
    commissioner = league_is_commissioner(game_league(game), user)
    own = game_user_sides(game, user)
    state = game.state
    open_states = (Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.VOIDED)
    pending = {s.team_id for s in game_pending_teams(game)}
    return GameRights(
        submit=(bool(own) or commissioner) and state in open_states,
        confirm=any(s.team_id in pending for s in own),
        dispute=state == Game.State.SUBMITTED and bool(own) and game.submitted_by_id != user.pk,
        approve=commissioner and state in (Game.State.SUBMITTED, Game.State.DISPUTED),
        void=commissioner and state in (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED),
        commissioner=commissioner,
        coach=bool(own),
    )


def lineup_athlete_ids(lineup: Iterable[Any]) -> frozenset[int]:
    """The regular athletes of a stored lineup (GameSide.lineup): ids, or {"id": ...} rows (a hired
    maverick has no roster id)."""
    ids = set()
    for member in lineup:
        if isinstance(member, dict):
            if member.get("maverick") or member.get("hire"):
                continue
            member = member.get("athlete", member.get("id"))
        if isinstance(member, int) and not isinstance(member, bool):
            ids.add(member)
    return frozenset(ids)


def game_played(game: Game, sides: Iterable[GameSide] | None = None) -> Played:
    """Who played in a game, by the engine's rule (games.who_played): its sides' lineups, the rosters of
    the sides that recorded none (one query, only then) and its maverick hires (one query)."""
    sides = list(game.sides.all() if sides is None else sides)
    unrecorded = [side.team_id for side in sides if not side.lineup]
    rosters: dict[int, list[int]] = defaultdict(list)
    for athlete, team in Athlete.objects.filter(team_id__in=unrecorded).values_list("pk", "team_id") if unrecorded else ():
        rosters[team].append(athlete)
    hires = dict(MaverickHire.objects.filter(game=game).values_list("pk", "team_id"))
    recorded = {side.team_id: lineup_athlete_ids(side.lineup) if side.lineup else None for side in sides}
    return who_played([SidePlayers(team, rosters[team], lineup) for team, lineup in recorded.items()], hires)


def game_injuries(game: Game) -> list[dict[str, Any]]:
    """The injuries of the standing result (its submission's payload), for Lasting Injuries."""
    submission = game_submission(game)
    injuries = (submission.payload or {}).get("injuries") if submission else None
    return list(injuries) if isinstance(injuries, list) else []


# --- Standings --------------------------------------------------------------------------------------


def league_season(league: League, season_id: Any = None) -> Season | None:
    """The league's season `season_id`, or its latest season."""
    seasons = Season.objects.filter(league=league)
    if season_id is not None:
        return seasons.filter(pk=season_id).first()
    return seasons.order_by("-number").first()


def standings_weeks(season: Season) -> list[int]:
    """The weeks that have a ranking (0: before the first game): those of its first-ranked teams, one a column (the
    recompute numbers a column's ranks from 1), read from the index without going through every team's rows."""
    return list(Standing.objects.filter(season=season, rank=1).order_by("week").values_list("week", flat=True))


def standings_rows(season: Season, week: int | Subquery) -> QuerySet[Standing]:
    """The League Rank after `week` (a number, or a subquery that picks one), first to last, with each
    team and its coach: one query."""
    return Standing.objects.filter(season=season, week=week).select_related("team", "team__coach").order_by("rank")


@dataclass
class RankingSheet:
    """The League Ranking Sheet: one column per week, the team with the most League Points in the
    first row (rulebook: Record Sheets, League Ranking Sheet)."""

    season: Season
    weeks: list[int]
    rows: list[list[Standing | None]] = field(default_factory=list)  # rows[rank - 1][week column]


def ranking_sheet(season: Season) -> RankingSheet:
    """Every week's ranking of the season in one query (week 0, before any game, is left out)."""
    by_week: dict[int, list[Standing]] = defaultdict(list)
    for row in Standing.objects.filter(season=season, week__gt=0).select_related("team").order_by("week", "rank"):
        by_week[row.week].append(row)
    weeks = sorted(by_week)
    depth = max((len(rows) for rows in by_week.values()), default=0)
    grid = [[by_week[w][i] if i < len(by_week[w]) else None for w in weeks] for i in range(depth)]
    return RankingSheet(season, weeks, grid)


# --- Game Record Sheets --------------------------------------------------------------------------------


def record_sheet_games(games: QuerySet[Game]) -> list[Game]:
    """Games for the Game Record Sheet, in week and game order, with their sides as stored at the
    game (Pit Power, Edge tokens, scores, places, prizes, League Points): two queries."""
    return list(
        games.select_related("week", "week__season", "week__season__league")
        .defer("week__draws")  # the week's records (the whole League Rank of a challenge round), per game
        .prefetch_related(Prefetch("sides", queryset=_sides()))
        .order_by("week__number", "number")
    )


def season_ids_running() -> Iterable[int]:
    """Seasons the periodic recompute keeps right: those with games being played."""
    return Season.objects.filter(status__in=[Season.Status.RUNNING, Season.Status.PLAYOFFS]).values_list("pk", flat=True)


@dataclass(frozen=True)
class GameRecordLine:
    """One game on the Team Roster Sheet: place, every score (this team's marked), League Points/Rank after it."""

    side: GameSide
    scores: list[tuple[int, bool]]
    league_points: int | None
    rank: int | None

    @property
    def tied(self) -> bool:
        own = next(score for score, is_own in self.scores if is_own)
        return sum(1 for score, _ in self.scores if score == own) > 1


def team_game_record(team: Team) -> list[GameRecordLine]:
    """The team's confirmed games of its current season, in week order (three queries)."""
    sides = list(
        GameSide.objects.filter(team=team, game__state=Game.State.CONFIRMED)
        .select_related("game__week__season")
        .defer("game__week__draws")
        .prefetch_related("game__sides")
        .order_by("game__week__season__number", "game__week__number", "game__number")
    )
    if not sides:
        return []
    season = sides[-1].game.week.season
    sides = [s for s in sides if s.game.week.season_id == season.pk]
    standings = {s.week: s for s in Standing.objects.filter(season=season, team=team)}
    lines = []
    for side in sides:
        standing = standings.get(side.game.week.number)
        scores = sorted(((s.score or 0, s.team_id == team.pk) for s in side.game.sides.all()), reverse=True)
        lines.append(
            GameRecordLine(side, scores, standing.league_points if standing else None, standing.rank if standing else None)
        )
    return lines
