"""One league game: who played, Pit Power, Edge tokens, the result, places, League Points and prize money
(rulebook: Choose Athletes, Underdog Bonus, Edge Tokens, Scoring, Spike Scoring, Play League Games, No-Shows)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.violations import Violation, raise_if_any

EDGE_TOKEN_STEP = 500_000
BASE_PRIZE = 100_000
PRIZE_PER_LEAGUE_POINT = 100_000
PRIZE_PER_UNUSED_EDGE_TOKEN = 50_000
# Choose Athletes: "each coach chooses and reveals the six athletes that will participate in the game".
LINEUP_SIZE = 6

# Scoring: opening the goals scores 2 points, once per game.
GOALS_OPENED_POINTS = 2
# Slaughtering Opponents (and Spike Scoring): (points for knocking down, points for injuring).
SLAUGHTER_POINTS: dict[str, tuple[int, int]] = {
    "razor": (0, 0),
    "cleaver": (1, 2),
    "slasher": (1, 3),
    "butcher": (1, 4),
}
GOALS_OPENED = "goals-opened"
GOAL = "goal"
SLAUGHTER = "slaughter"
SPIKE = "spike"
SCORING_KINDS = (GOALS_OPENED, GOAL, SLAUGHTER, SPIKE)


@dataclass(frozen=True)
class SidePlayers:
    """One side of a game as Pitside recorded it: its team, the athlete ids of its roster, and the athlete
    ids its lineup named, or None when it recorded no lineup (`roster` is read only then)."""

    team: int
    roster: Collection[int]
    lineup: Collection[int] | None


@dataclass(frozen=True)
class Played:
    """Who played in one game.

    athletes: athlete id -> team, everyone who may have played: its side's lineup, or the whole roster of a
    side that recorded none. known: the athletes a recorded lineup names, the only ones Pitside knows played.
    mavericks: hire id -> team, every maverick hired for the game."""

    athletes: Mapping[int, int]
    known: frozenset[int]
    mavericks: Mapping[int, int]


def who_played(sides: Iterable[SidePlayers], hires: Mapping[int, int] | None = None) -> Played:
    """Choose Athletes: the athletes each coach chose and revealed play the game; a side without a recorded
    lineup may have fielded any athlete of its roster. Mavericks Exit: every maverick hired for the game
    played for the team that hired him (`hires`: hire id -> team).

    Whoever may have played may be reported injured (Lasting Injuries); only who is known to have played
    may learn after it (Spend Money: "Only athletes who participated in the game").
    """
    athletes: dict[int, int] = {}
    known: set[int] = set()
    for side in sides:
        named = side.roster if side.lineup is None else side.lineup
        athletes.update(dict.fromkeys(named, side.team))
        if side.lineup is not None:
            known.update(side.lineup)
    return Played(athletes=athletes, known=frozenset(known), mavericks=dict(hires or {}))


def took_part(athlete: int, lineup: Collection[int] | None, shown: Collection[int]) -> bool:
    """Whether an athlete played in his team's last game, for what he may learn after it (Spend Money: "Only
    athletes who participated in the game that was just played can gain new skills"; Skills in Leagues: "only
    if he was in the Pit for at least part of the game").

    `lineup`: the regular athletes the side's recorded lineup names (who_played's `known`): they, and only they,
    took part. None: the side recorded no lineup (its result was reported without its pre-game). Six athletes
    played then and Pitside cannot tell which, so the coach says it by what he buys: any athlete of the roster is
    taken to have played while fewer than six are (`shown`: the side's athletes known to have played it all the
    same, those who learned since and those reported injured in it). So a lineup nobody recorded never keeps a
    team from spending, and it never lets more athletes learn than played."""
    if lineup is not None:
        return athlete in lineup
    taken = set(shown)
    return athlete in taken or len(taken) < LINEUP_SIZE


def pit_power(athlete_values: Sequence[int], staff_value: int, maverick_adjustments: Sequence[int] = ()) -> int:
    """Calculate Pit Power: the chosen athletes' values + support staff + hired mavericks' adjustments."""
    return sum(athlete_values) + staff_value + sum(maverick_adjustments)


def underdog_edge_tokens(pit_powers: Mapping[int, int]) -> dict[int, int]:
    """Underdog Bonus: for each opponent with a higher Pit Power, floor(difference / 500,000) tokens."""
    return {
        team: sum((other - own) // EDGE_TOKEN_STEP for other in pit_powers.values() if other > own)
        for team, own in pit_powers.items()
    }


# Support Staff's tokens by key, with the rulebook's names.
STAFF_TOKEN_NAMES = {"reroll": "Reroll token", "cancel-card": "Cancel Card token"}


def staff_edge_tokens(staff: Mapping[str, int]) -> dict[str, int]:
    """Support Staff: one Reroll token per cheerleader, one Cancel Card token for a mascot."""
    tokens = {"reroll": staff.get("cheerleader", 0), "cancel-card": staff.get("mascot", 0)}
    return {kind: count for kind, count in tokens.items() if count}


def edge_tokens_received(underdog: int, staff_tokens: Mapping[str, int]) -> int:
    """Edge Tokens: "Coaches can get them from the Underdog Bonus or from support staff": both count,
    for the tokens a side may leave unused and be paid for (Award Prize Money)."""
    return underdog + sum(staff_tokens.values())


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
    place: int  # 1 = first; tied teams share a place, the next place follows on (1, 2, 2, 3)
    league_points: int
    prize_money: int


@dataclass(frozen=True)
class ScoringEntry:
    """One line of the optional scoring log, as it happened in the game.

    kind: "goals-opened", "goal" (distance = shoot distance), "slaughter" (target = the athlete
    type knocked down or, with injured, injured; penalized = the foul was penalized, so its points
    are revoked) or "spike" (target, distance = spike distance, injured = a Brutal Spike).
    The fields are as sent: `check_scoring_log` says what is wrong with them.
    """

    team: Any
    kind: Any
    target: Any = None
    distance: Any = None
    injured: Any = False
    penalized: Any = False


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def scoring_points(entry: ScoringEntry) -> int:
    """The points one legal log entry scores.

    Scoring: opening the goals 2; a goal the shoot distance (minimum 1, from the space next to the
    goal); Slaughtering Opponents: the table, nothing for a razor, and nothing once the foul is
    penalized; Spike Scoring: the table plus the spike distance, nothing at all for a razor.
    """
    if entry.kind == GOALS_OPENED:
        return GOALS_OPENED_POINTS
    if entry.kind == GOAL:
        distance: int = entry.distance  # a legal entry's, so a whole number
        return max(1, distance)
    knock_down, injure = SLAUGHTER_POINTS[entry.target]
    points = injure if entry.injured else knock_down
    if entry.kind == SLAUGHTER:
        return 0 if entry.penalized else points
    return 0 if entry.target == "razor" else points + entry.distance


def _entry_violations(index: int, entry: ScoringEntry, present: set[Any], absent: set[Any]) -> list[Violation]:
    path = f"scoring_log[{index}]"
    problems = []
    if entry.team in absent:
        problems.append(Violation("log-no-show", f"{path}.team", "A team that did not show up scored nothing."))
    elif entry.team not in present:
        problems.append(Violation("log-team", f"{path}.team", "This team does not play in this game."))
    if entry.kind not in SCORING_KINDS:
        problems.append(Violation("log-kind", f"{path}.kind", f"A log entry is one of: {', '.join(SCORING_KINDS)}."))
        return problems
    if entry.kind in (SLAUGHTER, SPIKE) and entry.target not in SLAUGHTER_POINTS:
        problems.append(Violation("log-target", f"{path}.target", f"Name the athlete type hit: {', '.join(SLAUGHTER_POINTS)}."))
    if entry.kind == GOAL and not (_is_whole(entry.distance) and entry.distance >= 0):
        problems.append(
            Violation("log-distance", f"{path}.distance", "A goal needs its shoot distance, a whole number of spaces.")
        )
    if entry.kind == SPIKE and not (_is_whole(entry.distance) and entry.distance >= 1):
        problems.append(Violation("log-distance", f"{path}.distance", "A spike needs its spike distance, at least 1 (adjacent)."))
    if entry.penalized and entry.kind != SLAUGHTER:
        problems.append(
            Violation("log-penalized", f"{path}.penalized", "Only slaughter points (a chop or carve) are revoked for a foul.")
        )
    if entry.injured and entry.kind not in (SLAUGHTER, SPIKE):
        problems.append(Violation("log-injured", f"{path}.injured", "Only a slaughter or a spike injures."))
    return problems


def check_scoring_log(sides: Sequence[SideResult], scoring_log: Sequence[ScoringEntry]) -> list[Violation]:
    """Scoring: every entry legal, the goals opened once per game, and each team's entries adding
    up to its score (one violation per side that does not)."""
    present = {side.team for side in sides if not side.no_show}
    absent = {side.team for side in sides if side.no_show} - present
    problems: list[Violation] = []
    totals: dict[Any, int] = {}
    opened = 0
    for index, entry in enumerate(scoring_log):
        entry_problems = _entry_violations(index, entry, present, absent)
        if entry.kind == GOALS_OPENED:
            opened += 1
            if opened == 2:
                problems.append(
                    Violation("log-goals-opened-twice", f"scoring_log[{index}]", "The goals open only once per game.")
                )
        problems += entry_problems
        if not entry_problems and entry.team in present:
            totals[entry.team] = totals.get(entry.team, 0) + scoring_points(entry)
    if any(p.path.startswith("scoring_log[") for p in problems):
        return problems  # the totals of a log with bad lines say nothing
    for index, side in enumerate(sides):
        if side.no_show or not _is_whole(side.score) or side.score < 0:
            continue  # the score itself is refused
        total = totals.get(side.team, 0)
        if total != side.score:
            problems.append(
                Violation(
                    "log-total",
                    f"sides[{index}].score",
                    f"The scoring log adds up to {total} points for this team, not {side.score}.",
                )
            )
    return problems


def check_scoring_entry(teams: Collection[int], entry: ScoringEntry) -> list[Violation]:
    """Scoring: one log line on its own, as live entry adds it before the scores are known: legal,
    and naming a team of the game (paths as for the log's first line)."""
    return _entry_violations(0, entry, set(teams), set())


@dataclass(frozen=True)
class GameResult:
    """A submitted result with the game's facts: the teams that play it and the Edge tokens each received."""

    sides: Sequence[SideResult]
    edge_tokens: Mapping[int, int]
    teams: Sequence[int]
    scoring_log: Sequence[ScoringEntry] | None = None


def check_result(
    sides: Sequence[SideResult],
    edge_tokens: Mapping[int, int],
    teams: Sequence[int],
    scoring_log: Sequence[ScoringEntry] | None = None,
) -> None:
    """The checks every submitted result must pass; raises RuleViolation listing every problem.

    The teams of the game, each once; scores whole numbers, at least 0; unused Edge tokens no more
    than the team received (0 when the game recorded none); a no-show scored nothing; at least one
    team showed up; no tie for first place (overtime breaks it); and when a scoring log is sent,
    that it adds up to each team's score.
    """
    problems: list[Violation] = []
    in_game = set(teams)
    seen: set[Any] = set()
    for index, side in enumerate(sides):
        path = f"sides[{index}]"
        if side.team not in in_game:
            problems.append(Violation("result-team-unknown", f"{path}.team", "This team does not play in this game."))
        elif side.team in seen:
            problems.append(Violation("result-team-repeated", f"{path}.team", "This team is listed twice."))
        seen.add(side.team)
        if not _is_whole(side.score) or side.score < 0:
            problems.append(Violation("score-invalid", f"{path}.score", "A score is a whole number, at least 0."))
        received = edge_tokens.get(side.team) or 0
        unused = side.unused_edge_tokens
        if not _is_whole(unused) or unused < 0 or unused > received:
            problems.append(
                Violation(
                    "edge-tokens-unused",
                    f"{path}.unused_edge_tokens",
                    f"This team received {received} Edge token{'s' if received != 1 else ''}, so it cannot have {unused} unused.",
                )
            )
        if side.no_show and (side.score or side.unused_edge_tokens):
            problems.append(
                Violation("no-show-scored", f"{path}.no_show", "A team that did not show up has no score and no tokens.")
            )
    for team in teams:
        if team not in seen:
            problems.append(Violation("result-team-missing", "sides", f"Team {team} plays in this game: list its result."))
    present = [side.score for side in sides if not side.no_show and _is_whole(side.score)]
    if sides and all(side.no_show for side in sides):
        problems.append(Violation("result-all-no-show", "sides", "At least one team must have shown up to play."))
    elif len(present) >= 2 and present.count(max(present)) > 1:
        problems.append(Violation("tie-for-first", "sides", "A tie for first place is not a result: play overtime to break it."))
    if scoring_log is not None:
        problems += check_scoring_log(sides, scoring_log)
    raise_if_any(problems)


def award(sides: Sequence[SideResult]) -> list[SideAward]:
    """Award League Points and Prize Money; a no-show counts last and earns nothing.

    One League Point per team defeated (none for ties); prize = 100,000 + 100,000 per League Point
    + 50,000 per unused Edge token (Award Prize Money). No-Shows: the absent coach gets nothing and
    counts last; the others are paid as if he came last. Places follow the Award Examples: tied
    teams share a place and the next team takes the next place ("Second (tie)", then "Third").
    """

    def rank_score(side: SideResult) -> float:
        return float("-inf") if side.no_show else side.score

    awards = []
    for side in sides:
        own = rank_score(side)
        place = 1 + len({rank_score(other) for other in sides if rank_score(other) > own})
        if side.no_show:
            awards.append(SideAward(side.team, place, 0, 0))
            continue
        points = sum(1 for other in sides if rank_score(other) < own)
        prize = BASE_PRIZE + PRIZE_PER_LEAGUE_POINT * points + PRIZE_PER_UNUSED_EDGE_TOKEN * side.unused_edge_tokens
        awards.append(SideAward(side.team, place, points, prize))
    return awards
