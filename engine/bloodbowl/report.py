"""A match report: what each coach enters after the match, and the checks the engine makes on it
(rulebook: Star Player Points, MVP Awards, Match Records, Challenges).

The serious injury table is not in the transcription, so injuries are entered as their effects
(a niggling injury, characteristic points lost, dead, misses the next match), as the coaches rolled them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.bloodbowl import house as hv
from engine.bloodbowl.facts import TeamFacts
from engine.bloodbowl.house import HouseValues
from engine.bloodbowl.teamlists import CHARACTERISTICS
from engine.core.violations import Violation, raise_if_any

Side = Literal["home", "away"]
SIDES: tuple[Side, ...] = ("home", "away")
# Each counted event and its key in the Star Player Points table.
EVENTS = {
    "touchdowns": "td",
    "completions": "comp",
    "casualties": "cas",
    "interceptions": "int",
    "blocked_kicks": "bk",
    "field_goals": "fg",
}
REFUSED_SCORE = 9  # Challenges: a refusal counts as a 9-0 win for the challenger
NO_HOUSE_VALUES = HouseValues({})


@dataclass(frozen=True)
class PlayerEvents:
    """One player's line: what he did that earns Star Player Points. Fields are as entered."""

    player: Any
    touchdowns: Any = 0
    completions: Any = 0
    casualties: Any = 0  # casualties caused by a block (the ones that earn SPP)
    interceptions: Any = 0
    blocked_kicks: Any = 0
    field_goals: Any = 0


@dataclass(frozen=True)
class Injury:
    """An injury a player of this side suffered, by its effects as the coaches rolled them."""

    player: Any
    niggling: Any = 0  # new niggling injuries
    characteristics_lost: Any = ()  # one entry per point lost: "ma", "st", "ag" or "av"
    dead: Any = False
    miss_next_match: Any = False


@dataclass(frozen=True)
class SideReport:
    score: Any
    casualties: Any = 0  # every casualty the team inflicted (the match record), by a block or not
    players: tuple[PlayerEvents, ...] = ()
    mvp: Any = None  # the player who won this team's MVP award
    injuries: tuple[Injury, ...] = ()


@dataclass(frozen=True)
class MatchReport:
    home: SideReport
    away: SideReport
    refused_by: Side | None = None  # a refused challenge: the side that refused

    def side(self, side: Side) -> SideReport:
        return self.home if side == "home" else self.away

    @property
    def awards_nothing(self) -> bool:
        """Challenges, Refuse: no Star Player Points, cash or Fan Factor are gained or lost."""
        return self.refused_by is not None

    def touchdowns(self, side: Side) -> int:
        """A checked report's touchdowns for `side`: its players' (field goals are not touchdowns); a
        refused challenge's 9-0 is nine touchdowns to none."""
        if self.refused_by is not None:
            return int(self.side(side).score)
        return sum(int(line.touchdowns) for line in self.side(side).players)

    def player_counts(self) -> dict[int, tuple[int, int]]:
        """A checked report's touchdowns and casualties of each player (both sides), only those with any: what the
        league's leaders sum."""
        counts: dict[int, tuple[int, int]] = {}
        for name in SIDES:
            for line in self.side(name).players:
                touchdowns, casualties = counts.get(int(line.player), (0, 0))
                counts[int(line.player)] = (touchdowns + int(line.touchdowns), casualties + int(line.casualties))
        return {player: both for player, both in counts.items() if any(both)}


def _side_report(data: Mapping[str, Any]) -> SideReport:
    return SideReport(
        score=data["score"],
        casualties=data.get("casualties", 0),
        players=tuple(PlayerEvents(**line) for line in data.get("players", ())),
        mvp=data.get("mvp"),
        injuries=tuple(
            Injury(**{**injury, "characteristics_lost": tuple(injury.get("characteristics_lost", ()))})
            for injury in data.get("injuries", ())
        ),
    )


def report_from_data(data: Mapping[str, Any]) -> MatchReport:
    """The engine's report from the API's shape: {"home": {...}, "away": {...}}."""
    return MatchReport(home=_side_report(data["home"]), away=_side_report(data["away"]), refused_by=data.get("refused_by"))


def refused_challenge(challenger: Side) -> MatchReport:
    """Challenges, Refuse: a 9-0 win for the challenger, with no SPP, cash or Fan Factor for the match."""
    win, loss = SideReport(score=REFUSED_SCORE), SideReport(score=0)
    if challenger == "home":
        return MatchReport(home=win, away=loss, refused_by="away")
    return MatchReport(home=loss, away=win, refused_by="home")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _eligible(team: TeamFacts, player: Any) -> bool:
    """On the field or in the Dugout: on the roster and not missing this match."""
    found = team.player(player) if isinstance(player, int) and not isinstance(player, bool) else None
    return found is not None and found.on_roster and not found.misses_next_match


def mvp_candidates(team: TeamFacts) -> list[int]:
    """MVP Awards: the players who may win the team's award (on the field or in the Dugout this match)."""
    return [p.id for p in team.roster if not p.misses_next_match]


def draw_mvp(team: TeamFacts, rng: random.Random) -> int:
    """MVP Awards: one player of the team at random, as the random player counts would pick him."""
    return rng.choice(mvp_candidates(team))


def _player_problem(path: str, player: Any, own: TeamFacts, other: TeamFacts) -> Violation | None:
    if _eligible(own, player):
        return None
    if isinstance(player, int) and not isinstance(player, bool) and other.player(player) is not None:
        return Violation("player-other-team", path, f"Player {player} plays for the other team.")
    found = own.player(player) if isinstance(player, int) and not isinstance(player, bool) else None
    if found is not None and found.on_roster:
        return Violation("player-missing-match", path, f"{found.name} misses this match.")
    if found is not None:
        return Violation("player-not-on-roster", path, f"{found.name} is {found.status}.")
    return Violation("player-unknown", path, "Name a player of this team's roster.")


def _side_problems(side: Side, report: SideReport, own: TeamFacts, other: TeamFacts, house: HouseValues) -> list[Violation]:
    problems: list[Violation] = []
    if not _whole(report.score):
        problems.append(Violation("score-invalid", f"{side}.score", "The score is a whole number, at least 0."))
    if not _whole(report.casualties):
        problems.append(Violation("count-invalid", f"{side}.casualties", "Casualties are a whole number, at least 0."))
    totals = dict.fromkeys(EVENTS, 0)
    seen: set[Any] = set()
    for i, line in enumerate(report.players):
        path = f"{side}.players[{i}]"
        problem = _player_problem(f"{path}.player", line.player, own, other)
        if problem:
            problems.append(problem)
        elif line.player in seen:
            problems.append(Violation("player-duplicate", f"{path}.player", "List each player once."))
        seen.add(line.player)
        for event in EVENTS:
            count = getattr(line, event)
            if _whole(count):
                totals[event] += count
            else:
                problems.append(Violation("count-invalid", f"{path}.{event}", f"{event} is a whole number, at least 0."))
    if report.mvp is None:
        problems.append(Violation("mvp-missing", f"{side}.mvp", "Each team receives exactly one MVP award."))
    elif (problem := _player_problem(f"{side}.mvp", report.mvp, own, other)) is not None:
        problems.append(problem)
    problems += _injury_problems(side, report.injuries, own, other)
    if _whole(report.score):
        problems += _score_problems(side, report.score, totals, house)
    if _whole(report.casualties) and totals["casualties"] > report.casualties:
        problems.append(
            Violation(
                "casualties-total",
                f"{side}.casualties",
                f"Players are credited with {totals['casualties']} casualties, more than the team's {report.casualties}.",
            )
        )
    return problems


def _score_problems(side: Side, score: int, totals: dict[str, int], house: HouseValues) -> list[Violation]:
    """The touchdowns (and field goals, at the league's points per field goal) add up to the score."""
    field_goal_points = house.get(hv.FIELD_GOAL_POINTS)
    if totals["field_goals"] and field_goal_points is None:
        return [house.missing(hv.FIELD_GOAL_POINTS)]
    scored = totals["touchdowns"] + totals["field_goals"] * (field_goal_points or 0)
    if scored == score:
        return []
    return [
        Violation(
            "score-events",
            f"{side}.score",
            f"The players' touchdowns and field goals make {scored}, but the score is {score}.",
        )
    ]


def _injury_problems(side: Side, injuries: Sequence[Injury], own: TeamFacts, other: TeamFacts) -> list[Violation]:
    problems: list[Violation] = []
    seen: set[Any] = set()
    for i, injury in enumerate(injuries):
        path = f"{side}.injuries[{i}]"
        problem = _player_problem(f"{path}.player", injury.player, own, other)
        if problem:
            problems.append(problem)
        elif injury.player in seen:
            problems.append(Violation("player-duplicate", f"{path}.player", "List each injured player once."))
        seen.add(injury.player)
        if not _whole(injury.niggling):
            problems.append(Violation("count-invalid", f"{path}.niggling", "Niggling injuries are a whole number, at least 0."))
        lost = injury.characteristics_lost
        if not isinstance(lost, list | tuple) or any(c not in CHARACTERISTICS for c in lost):
            problems.append(
                Violation("characteristic-invalid", f"{path}.characteristics_lost", "List lost points as ma, st, ag or av.")
            )
        for flag in ("dead", "miss_next_match"):
            if not isinstance(getattr(injury, flag), bool):
                problems.append(Violation("flag-invalid", f"{path}.{flag}", f"{flag} is true or false."))
    return problems


def check_report(home: TeamFacts, away: TeamFacts, report: MatchReport, house: HouseValues = NO_HOUSE_VALUES) -> None:
    """Check a match report against both rosters; RuleViolation with every problem at once: players
    not on the roster or missing the match, events credited to the other team's players, negative
    counts, touchdowns (and field goals) not adding up to the score, more casualties credited than the
    team inflicted, not exactly one MVP per team. A refused challenge is exactly 9-0 and nothing else."""
    if report.refused_by is not None:
        expected = refused_challenge("away" if report.refused_by == "home" else "home")
        if report != expected:
            raise_if_any([Violation("refused-report", "refused_by", "A refused challenge is a 9-0 win with nothing else.")])
        return
    raise_if_any(_side_problems("home", report.home, home, away, house) + _side_problems("away", report.away, away, home, house))


def result_for(report: MatchReport, side: Side) -> Literal["won", "drawn", "lost"]:
    """The side's result: won, drawn or lost (a checked report)."""
    own, other = report.side(side).score, report.side("away" if side == "home" else "home").score
    return "won" if own > other else "lost" if own < other else "drawn"
