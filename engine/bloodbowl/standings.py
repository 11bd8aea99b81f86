"""League standings in the order the league chooses: points for a win, draw and loss, then its
tie-breakers in order (the rulebook prints none for a league: these are league options).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.violations import Violation, raise_if_any

TIE_BREAKERS = {
    "td_diff": "Touchdown difference",
    "cas_diff": "Casualty difference",
    "head_to_head": "Head-to-head points among the tied teams",
    "team_rating": "Team Rating",
}
DEFAULT_OPTIONS = {"points_win": 3, "points_draw": 1, "points_loss": 0, "tie_breakers": tuple(TIE_BREAKERS)}


@dataclass(frozen=True)
class StandingsOptions:
    points_win: int
    points_draw: int
    points_loss: int
    tie_breakers: tuple[str, ...]

    def points(self, scored: int, conceded: int) -> int:
        if scored > conceded:
            return self.points_win
        return self.points_draw if scored == conceded else self.points_loss


def validate_standings_options(raw: Mapping[str, Any]) -> StandingsOptions:
    """Points per win, draw and loss are whole numbers, at least 0; the tie-breakers an ordered list
    drawn from td_diff, cas_diff, head_to_head and team_rating, each at most once."""
    merged = {**DEFAULT_OPTIONS, **raw}
    problems = [
        Violation("option-invalid", f"options.{key}", f"{key} is a whole number of points, at least 0.")
        for key in ("points_win", "points_draw", "points_loss")
        if isinstance(merged[key], bool) or not isinstance(merged[key], int) or merged[key] < 0
    ]
    breakers = merged["tie_breakers"]
    if not isinstance(breakers, list | tuple) or any(b not in TIE_BREAKERS for b in breakers):
        problems.append(
            Violation("option-invalid", "options.tie_breakers", f"Tie-breakers are a list from {', '.join(TIE_BREAKERS)}.")
        )
    elif len(set(breakers)) != len(breakers):
        problems.append(Violation("option-invalid", "options.tie_breakers", "Name each tie-breaker once."))
    raise_if_any(problems)
    return StandingsOptions(merged["points_win"], merged["points_draw"], merged["points_loss"], tuple(breakers))


# T: what names a team (a team id in the tests, the Team row in the app); the rows name it the same way.
@dataclass(frozen=True)
class MatchResult[T: Hashable]:
    """A confirmed match: the score (touchdowns and field goals) decides it; the touchdowns and
    casualties are the tie-breakers' counts."""

    home: T
    away: T
    home_score: int
    away_score: int
    home_touchdowns: int
    away_touchdowns: int
    home_casualties: int = 0
    away_casualties: int = 0


@dataclass(frozen=True)
class StandingRow[T: Hashable]:
    team: T
    position: int  # tied teams share a position; the next follows on (1, 2, 2, 4)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    team_rating: int = 0
    results: tuple[tuple[T, int, int], ...] = field(default=(), repr=False)  # (opponent, for, against)

    @property
    def td_diff(self) -> int:
        return self.td_for - self.td_against

    @property
    def cas_diff(self) -> int:
        return self.cas_for - self.cas_against


def _tally[T: Hashable](
    results: Sequence[MatchResult[T]], teams: Iterable[T], options: StandingsOptions
) -> dict[T, dict[str, Any]]:
    table: dict[T, dict[str, Any]] = {}
    for team in teams:
        table.setdefault(team, {"results": []})
    for r in results:
        home = (r.home, r.home_score, r.home_touchdowns, r.home_casualties)
        away = (r.away, r.away_score, r.away_touchdowns, r.away_casualties)
        for (team, scored, td_for, cas_for), (opponent, conceded, td_against, cas_against) in ((home, away), (away, home)):
            row = table.setdefault(team, {"results": []})
            row["results"].append((opponent, scored, conceded))
            outcome = "won" if scored > conceded else "drawn" if scored == conceded else "lost"
            for key, add in (
                ("played", 1),
                (outcome, 1),
                ("points", options.points(scored, conceded)),
                ("td_for", td_for),
                ("td_against", td_against),
                ("cas_for", cas_for),
                ("cas_against", cas_against),
            ):
                row[key] = row.get(key, 0) + add
    return table


def standings[T: Hashable](
    results: Sequence[MatchResult[T]],
    team_ratings: Mapping[T, int],
    options: StandingsOptions,
    teams: Iterable[T] = (),
) -> list[StandingRow[T]]:
    """The league table: every team (those in `teams` and `team_ratings` too, with no results), in order."""
    return order(rows(results, team_ratings, options, teams), options)


def rows[T: Hashable](
    results: Sequence[MatchResult[T]],
    team_ratings: Mapping[T, int],
    options: StandingsOptions,
    teams: Iterable[T] = (),
) -> list[StandingRow[T]]:
    """Each team's row (every team in `teams` and `team_ratings` too), its position not yet set."""
    tally = _tally(results, [*teams, *team_ratings], options)
    return [
        StandingRow(team=team, position=0, team_rating=team_ratings.get(team, 0), results=tuple(data.pop("results")), **data)
        for team, data in tally.items()
    ]


@dataclass(frozen=True)
class TeamResults[T: Hashable]:
    """A team's confirmed results as a database sums them: each result's score (opponent, for, against), which
    decides it, and its touchdowns and casualties for and against summed over them."""

    team: T
    results: tuple[tuple[T, int, int], ...] = ()
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0


def summed_rows[T: Hashable](
    teams: Iterable[TeamResults[T]], team_ratings: Mapping[T, int], options: StandingsOptions
) -> list[StandingRow[T]]:
    """Each team's row from its summed results, as `rows` tallies them match by match; its position not yet set."""
    table = []
    for team in teams:
        outcomes = {"won": 0, "drawn": 0, "lost": 0}
        points = 0
        for _, scored, conceded in team.results:
            outcomes["won" if scored > conceded else "drawn" if scored == conceded else "lost"] += 1
            points += options.points(scored, conceded)
        table.append(
            StandingRow(
                team=team.team,
                position=0,
                played=len(team.results),
                points=points,
                td_for=team.td_for,
                td_against=team.td_against,
                cas_for=team.cas_for,
                cas_against=team.cas_against,
                team_rating=team_ratings.get(team.team, 0),
                results=team.results,
                **outcomes,
            )
        )
    return table


def order[T: Hashable](table_rows: Iterable[StandingRow[T]], options: StandingsOptions) -> list[StandingRow[T]]:
    """The rows by points, then by the league's tie-breakers in order; head-to-head counts only the matches
    among the teams still tied at that step. Teams still tied after every tie-breaker share a position."""
    by_team = {row.team: row for row in table_rows}

    def head_to_head(group: Sequence[T]) -> Callable[[T], int]:
        members = set(group)
        return lambda team: sum(options.points(f, a) for opponent, f, a in by_team[team].results if opponent in members)

    def key_for(breaker: str, group: Sequence[T]) -> Callable[[T], int]:
        if breaker == "head_to_head":
            return head_to_head(group)
        return lambda team: getattr(by_team[team], breaker)

    def rank(group: list[T], breakers: Sequence[str]) -> list[list[T]]:
        """The group split into still-tied groups, best first."""
        if len(group) < 2 or not breakers:
            return [sorted(group, key=str)]
        key = key_for(breakers[0], group)
        tied: dict[int, list[T]] = {}
        for team in group:
            tied.setdefault(key(team), []).append(team)
        ordered: list[list[T]] = []
        for value in sorted(tied, reverse=True):
            ordered += rank(tied[value], breakers[1:])
        return ordered

    table: list[StandingRow[T]] = []
    for tied in rank(list(by_team), ("points", *options.tie_breakers)):
        position = len(table) + 1
        table += [replace(by_team[t], position=position) for t in tied]
    return table
