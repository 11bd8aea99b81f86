"""One league game: Pit Power, Edge tokens, places, League Points and prize money
(rulebook: Underdog Bonus, Edge Tokens, Play League Games, No-Shows)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.violations import Violation, raise_if_any

EDGE_TOKEN_STEP = 500_000
BASE_PRIZE = 100_000
PRIZE_PER_LEAGUE_POINT = 100_000
PRIZE_PER_UNUSED_EDGE_TOKEN = 50_000


def pit_power(athlete_values: Sequence[int], staff_value: int, maverick_adjustments: Sequence[int] = ()) -> int:
    """Calculate Pit Power: the chosen athletes' values + support staff + hired mavericks' adjustments."""
    return sum(athlete_values) + staff_value + sum(maverick_adjustments)


def underdog_edge_tokens(pit_powers: Mapping[int, int]) -> dict[int, int]:
    """Underdog Bonus: for each opponent with a higher Pit Power, floor(difference / 500,000) tokens."""
    return {
        team: sum((other - own) // EDGE_TOKEN_STEP for other in pit_powers.values() if other > own)
        for team, own in pit_powers.items()
    }


def staff_edge_tokens(staff: Mapping[str, int]) -> dict[str, int]:
    """Support Staff: one Reroll token per cheerleader, one Cancel Card token for a mascot."""
    tokens = {"reroll": staff.get("cheerleader", 0), "cancel-card": staff.get("mascot", 0)}
    return {kind: count for kind, count in tokens.items() if count}


def token_picking_order(pit_powers: Mapping[int, int]) -> list[int]:
    """Getting Edge Tokens: the lowest Pit Power picks first, then in ascending order."""
    return sorted(pit_powers, key=lambda team: pit_powers[team])


@dataclass(frozen=True)
class SideResult:
    """One team's line of a submitted result, in order of play."""

    team: int
    score: int
    unused_edge_tokens: int = 0
    no_show: bool = False


@dataclass(frozen=True)
class SideAward:
    team: int
    place: int  # 1 = first; tied teams share a place
    league_points: int
    prize_money: int


def check_result(sides: Sequence[SideResult], edge_tokens: Mapping[int, int], teams: Sequence[int]) -> None:
    """The checks every submitted result must pass; raises RuleViolation listing every problem."""
    problems: list[Violation] = []
    submitted = [side.team for side in sides]
    if sorted(submitted) != sorted(teams):
        problems.append(Violation("result-teams", "sides", "The result must list exactly the teams of this game, once each."))
    for index, side in enumerate(sides):
        path = f"sides[{index}]"
        if isinstance(side.score, bool) or not isinstance(side.score, int) or side.score < 0:
            problems.append(Violation("score-invalid", f"{path}.score", "A score is a whole number, at least 0."))
        received = edge_tokens.get(side.team, 0)
        if side.unused_edge_tokens < 0 or side.unused_edge_tokens > received:
            problems.append(
                Violation(
                    "edge-tokens-unused",
                    f"{path}.unused_edge_tokens",
                    f"This team received {received} Edge tokens, so it cannot have {side.unused_edge_tokens} unused.",
                )
            )
        if side.no_show and (side.score or side.unused_edge_tokens):
            problems.append(
                Violation("no-show-scored", f"{path}.no_show", "A team that did not show up has no score and no tokens.")
            )
    present = [side.score for side in sides if not side.no_show]
    if len(present) >= 2 and present.count(max(present)) > 1:
        problems.append(Violation("tie-for-first", "sides", "A tie for first place is not a result: play overtime to break it."))
    raise_if_any(problems)


def award(sides: Sequence[SideResult]) -> list[SideAward]:
    """Award League Points and Prize Money; a no-show counts last and earns nothing.

    One League Point per team defeated (none for ties); prize = 100,000 + 100,000 per League Point
    + 50,000 per unused Edge token. The others are paid as if the absent coach came last.
    """

    def rank_score(side: SideResult) -> float:
        return float("-inf") if side.no_show else side.score

    awards = []
    for side in sides:
        own = rank_score(side)
        place = 1 + sum(1 for other in sides if rank_score(other) > own)
        if side.no_show:
            awards.append(SideAward(side.team, place, 0, 0))
            continue
        points = sum(1 for other in sides if rank_score(other) < own)
        prize = BASE_PRIZE + PRIZE_PER_LEAGUE_POINT * points + PRIZE_PER_UNUSED_EDGE_TOKEN * side.unused_edge_tokens
        awards.append(SideAward(side.team, place, points, prize))
    return awards
