"""Who plays whom: the first week's draw, League Rank and the challenge round
(rulebook: Scheduling Rounds, Games for First Week, Games for Later Weeks, No-Shows)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.violations import Violation, raise_if_any

GAME_SIZE = 4


def game_sizes(team_count: int) -> list[int]:
    """Games for First Week: 4-team games; 3-team games only when the count does not divide by
    four; a 2-team game only when nothing else fits (2 or 5 teams)."""
    if team_count < 2:
        raise_if_any([Violation("too-few-teams", "teams", "A game needs at least two teams.")])
    games = -(-team_count // GAME_SIZE)
    base, extra = divmod(team_count, games)
    return [base + 1] * extra + [base] * (games - extra)


def draw_games(teams: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Put the team names in a hat and draw them out a game at a time."""
    hat = list(teams)
    rng.shuffle(hat)
    games, start = [], 0
    for size in game_sizes(len(hat)):
        games.append(hat[start : start + size])
        start += size
    return games


@dataclass(frozen=True)
class RankingEntry:
    team: int
    league_points: int
    team_potential: int
    draw: float  # a recorded random number: the last tie-breaker


def league_rank(entries: Sequence[RankingEntry]) -> list[RankingEntry]:
    """League Rank: most League Points first; ties by higher Team Potential (GAPS.md), then the draw."""
    return sorted(entries, key=lambda e: (-e.league_points, -e.team_potential, e.draw))


def challenge_order(ranked: Sequence[RankingEntry], missed_last_game: frozenset[int] = frozenset()) -> list[int]:
    """Games for Later Weeks: the lowest League Rank challenges first; a tie in League Points goes
    to the lower Team Potential, then the draw. A coach who missed a game challenges last."""
    order = sorted(ranked, key=lambda e: (e.league_points, e.team_potential, e.draw))
    return [e.team for e in order if e.team not in missed_last_game] + [e.team for e in order if e.team in missed_last_game]


def challenge_size(unscheduled: int) -> int:
    """How many teams the next challenger's game has, himself included: three challenged while
    four or more are free, two when three are left. One or two left steal instead (see `check_steal`)."""
    return GAME_SIZE if unscheduled >= GAME_SIZE else unscheduled


def check_challenge(challenger: int, challenged: Sequence[int], unscheduled: Sequence[int], next_challenger: int) -> None:
    """Games for Later Weeks: the coach whose turn it is picks unchallenged teams; they cannot refuse."""
    problems: list[Violation] = []
    if challenger != next_challenger:
        problems.append(Violation("challenge-turn", "team", "It is not this team's turn to challenge."))
    size = challenge_size(len(unscheduled))
    if size < 3:
        problems.append(
            Violation("challenge-steal", "challenged", "With one or two teams left, they steal instead of challenging.")
        )
    elif len(set(challenged)) != len(challenged) or challenger in challenged:
        problems.append(Violation("challenge-teams", "challenged", "Name each challenged team once, and not your own."))
    elif len(challenged) != size - 1:
        problems.append(Violation("challenge-count", "challenged", f"Challenge exactly {size - 1} teams."))
    if any(t not in unscheduled for t in challenged):
        problems.append(Violation("challenge-locked", "challenged", "A challenged team is already locked into a game this week."))
    raise_if_any(problems)


def stealer(leftovers: Sequence[RankingEntry]) -> int:
    """With two leftover coaches, the one with fewer League Points steals (ties: lower Team Potential, then the draw)."""
    return min(leftovers, key=lambda e: (e.league_points, e.team_potential, e.draw)).team


def check_steal(
    stealing: RankingEntry, leftovers: int, stolen: Sequence[int], games: Sequence[Sequence[int]], potentials: dict[int, int]
) -> None:
    """Leftovers: with two left, steal one higher-valued team from a 4-team game; with one left,
    one higher-valued team from each of two 4-team games. Where fewer 4-team games exist (5 teams),
    as many as there are. Where no 4-team game holds a higher-valued team, any team of one may go."""
    four_team_games = [g for g in games if len(g) == GAME_SIZE]
    wanted = min(3 - leftovers, len(four_team_games))
    problems: list[Violation] = []
    if len(stolen) != wanted:
        problems.append(Violation("steal-count", "stolen", f"Steal exactly {wanted} team{'s' if wanted != 1 else ''}."))
    sources = [next((g for g in four_team_games if t in g), None) for t in stolen]
    if any(g is None for g in sources):
        problems.append(Violation("steal-source", "stolen", "Teams can only be stolen from 4-team games."))
    elif len({id(g) for g in sources}) != len(sources):
        problems.append(Violation("steal-source", "stolen", "Steal from different 4-team games."))
    any_higher = any(potentials[t] > stealing.team_potential for g in four_team_games for t in g)
    if any_higher and any(potentials.get(t, 0) <= stealing.team_potential for t in stolen):
        problems.append(Violation("steal-value", "stolen", "Only a team of higher Team Potential can be stolen."))
    raise_if_any(problems)
