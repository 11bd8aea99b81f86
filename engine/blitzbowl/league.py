"""League Rules: Playing Matches (the match count and the pairing rule), the league table, The Finals
(or Quarter- and Semi-Finals) and the League Awards. Coaches are named by id (the app's team ids);
`names` gives the names messages use.

A schedule is the league's matches (not the finals) in the order they were arranged, as (home, away).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.core.violations import RuleViolation, Violation, raise_if_any

MATCHES = 10  # Playing Matches: "each coach plays 10 matches" (a league may choose another count: a house choice)
MAX_MATCHES = 50  # the most a league may choose (a bound of the form, not of the rules)
MIN_COACHES = 3  # You Will Need: "at least three coaches"
WIN, DRAW, LOSS = 3, 1, 0  # The Coach Roster, Result
QUARTER_FINALISTS = 8  # Quarter- and Semi-Finals: "the top eight coaches"
FINALISTS = 2  # The Finals: "The two coaches with the highest league points totals play a final match"

Stage = Literal["league", "quarter_final", "semi_final", "final"]
STAGES: tuple[Stage, ...] = ("league", "quarter_final", "semi_final", "final")
STAGE_NAMES: Mapping[Stage, str] = {
    "league": "League match",
    "quarter_final": "Quarter-final",
    "semi_final": "Semi-final",
    "final": "Final",
}
NEXT_STAGE: Mapping[Stage, Stage] = {"quarter_final": "semi_final", "semi_final": "final"}

type Pair = tuple[int, int]


# --- Playing Matches ------------------------------------------------------------------------------


class Pairings:
    """Playing Matches decided from one pass over the schedule (O(len(schedule))), so that a check, a coach's
    legal opponents or a round costs no re-reading of it: per coach, his matches, the opponents in the order he
    met them, and for each opponent when he last met him, how often, and how many other coaches since."""

    def __init__(self, schedule: Sequence[Pair], coaches: Sequence[int]) -> None:
        self.coaches = list(coaches)
        self.rank = {coach: place for place, coach in enumerate(self.coaches)}
        self.met: dict[int, list[int]] = {coach: [] for coach in self.coaches}  # each coach's opponents, in order
        for home, away in schedule:
            self.met.setdefault(home, []).append(away)
            self.met.setdefault(away, []).append(home)
        self.last: dict[int, dict[int, int]] = {}  # coach -> opponent -> his place in the coach's own list
        self.since: dict[int, dict[int, int]] = {}  # coach -> opponent -> coaches of the league met since then
        self.meetings: dict[int, dict[int, int]] = {}
        for coach, opponents in self.met.items():
            last: dict[int, int] = {}
            since: dict[int, int] = {}
            seen: set[int] = set()
            for place in range(len(opponents) - 1, -1, -1):  # backwards: the first seen is the last meeting
                other = opponents[place]
                if other not in last:
                    last[other], since[other] = place, len(seen)
                if other in self.rank:
                    seen.add(other)
            self.last[coach], self.since[coach] = last, since
            counts: dict[int, int] = {}
            for other in opponents:
                counts[other] = counts.get(other, 0) + 1
            self.meetings[coach] = counts
        self.opened: dict[int, list[int]] = {}

    def played(self, coach: int) -> int:
        """How many league matches the coach has in the schedule."""
        return len(self.met.get(coach, ()))

    def not_yet_played(self, coach: int, opponent: int) -> list[int]:
        """The coaches `coach` has not played since he last met `opponent` (none when they never met)."""
        place = self.last.get(coach, {}).get(opponent)
        if place is None:
            return []
        since = set(self.met[coach][place + 1 :])
        return [c for c in self.coaches if c not in (coach, opponent) and c not in since]

    def pairing_problems(self, names: Mapping[int, str], home: int, away: int, matches: int) -> list[Violation]:
        """Playing Matches: a match the pairing rule or the match count refuses, naming the coaches each of the
        two has not played yet (paths `home` and `away`)."""
        if home == away:
            return [Violation("same-coach", "away", "A coach cannot play himself.")]
        problems = coaches_problems(self.coaches)
        for coach, opponent, path in ((home, away, "home"), (away, home, "away")):
            if self.played(coach) >= matches:
                problems.append(Violation("matches-played", path, f"{names[coach]} has played all {matches} league matches."))
            missing = self.not_yet_played(coach, opponent)
            if missing:
                problems.append(
                    Violation(
                        "pairing-rule",
                        path,
                        f"{names[coach]} has met {names[opponent]} and must first play "
                        f"{', '.join(names[c] for c in missing)} before they meet again.",
                    )
                )
        return problems

    def legal_opponents(self, coach: int, matches: int) -> list[int]:
        """The coaches `coach` may meet in his next league match (none once he has played his matches, nor before the
        league has three coaches): each has matches left, and each has met every other coach since they last met."""
        if len(self.coaches) < MIN_COACHES or self.played(coach) >= matches:
            return []
        needed = len(self.coaches) - 1 - (coach in self.rank)  # every coach but the two
        # Only a coach he has met can be barred by the rule: the others need only have matches left.
        empty = dict[int, int]()
        barred = {
            other
            for other, since in self.since.get(coach, empty).items()
            if since < needed or self.since.get(other, empty).get(coach, needed) < needed
        }
        barred.add(coach)
        return [other for other in self.open(matches) if other not in barred]

    def open(self, matches: int) -> list[int]:
        """The coaches with league matches left, in sign-up order (worked out once for each match count)."""
        if matches not in self.opened:
            self.opened[matches] = [c for c in self.coaches if len(self.met[c]) < matches]
        return self.opened[matches]

    def next_round(self, matches: int) -> list[Pair]:
        """The next round of legal pairings: each coach with matches left in at most one match. The coaches with
        the fewest matches (then the fewest legal opponents) are paired first, each with the legal opponent he
        has met least often, then the one with the fewest matches. A match of the round changes nothing for the
        coaches still unpaired, so the round keeps the pairing rule within itself."""
        options = {coach: set(self.legal_opponents(coach, matches)) for coach in self.coaches}
        round_: list[Pair] = []
        while waiting := [c for c in self.coaches if options[c]]:
            coach = min(waiting, key=lambda c: (self.played(c), len(options[c]), self.rank[c]))
            met = self.meetings.get(coach, {})
            opponent = min(options[coach], key=lambda c: (met.get(c, 0), self.played(c), self.rank[c]))
            round_.append((coach, opponent))
            for paired in (coach, opponent):
                for other in options.pop(paired):
                    options[other].discard(paired)
                options[paired] = set()
        return round_

    def play_over(self, matches: int) -> bool:
        """The Finals come "once each coach has played" his matches; when the count cannot be reached (three
        coaches of an odd count), league play is over once no legal league match is left. A league of fewer
        than three coaches has not begun."""
        if coaches_problems(self.coaches):
            return False
        return not any(self.legal_opponents(coach, matches) for coach in self.coaches)


def played(schedule: Sequence[Pair], coach: int) -> int:
    """How many league matches the coach has in the schedule."""
    return sum(coach in pair for pair in schedule)


def not_yet_played(schedule: Sequence[Pair], coaches: Sequence[int], coach: int, opponent: int) -> list[int]:
    """Playing Matches: "they must play at least one match against each coach in the league before they can
    play each other again": the coaches `coach` has not played since he last met `opponent` (none when they
    never met)."""
    return Pairings(schedule, coaches).not_yet_played(coach, opponent)


def coaches_problems(coaches: Sequence[int]) -> list[Violation]:
    """You Will Need: "at least three coaches to play a Blitz Bowl league"."""
    if len(coaches) >= MIN_COACHES:
        return []
    message = f"A Blitz Bowl league needs at least {MIN_COACHES} coaches; this one has {len(coaches)}."
    return [Violation("coaches-too-few", "league", message)]


def pairing_problems(
    schedule: Sequence[Pair], coaches: Sequence[int], names: Mapping[int, str], home: int, away: int, matches: int
) -> list[Violation]:
    return Pairings(schedule, coaches).pairing_problems(names, home, away, matches)


def check_pairing(
    schedule: Sequence[Pair], coaches: Sequence[int], names: Mapping[int, str], home: int, away: int, matches: int
) -> None:
    raise_if_any(pairing_problems(schedule, coaches, names, home, away, matches))


def legal_opponents(schedule: Sequence[Pair], coaches: Sequence[int], coach: int, matches: int) -> list[int]:
    return Pairings(schedule, coaches).legal_opponents(coach, matches)


def next_round(schedule: Sequence[Pair], coaches: Sequence[int], matches: int) -> list[Pair]:
    return Pairings(schedule, coaches).next_round(matches)


def league_play_over(schedule: Sequence[Pair], coaches: Sequence[int], matches: int) -> bool:
    return Pairings(schedule, coaches).play_over(matches)


# --- The league table --------------------------------------------------------------------------------


def league_points(scored: int, conceded: int) -> int:
    """The Coach Roster, Result: Win = 3, Draw = 1, Lose = 0."""
    if scored > conceded:
        return WIN
    return DRAW if scored == conceded else LOSS


@dataclass(frozen=True)
class SideResult:
    """One coach's line of a match on his coach roster."""

    score: int
    challenge_cards: int  # Challenge Cards Claimed
    injuries: int  # Opposing Players Injured


@dataclass(frozen=True)
class LeagueResult:
    """A confirmed league match."""

    home: int
    away: int
    home_side: SideResult
    away_side: SideResult


@dataclass(frozen=True)
class StandingRow:
    coach: int
    draw: int  # the coach's stored draw: the lower ranks higher among coaches on the same points
    position: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    challenge_cards: int = 0
    injuries: int = 0


def table(draws: Mapping[int, int], results: Sequence[LeagueResult]) -> list[StandingRow]:
    """The Finals: "count up the league points in the 'Result' column on the coaches' coach rosters"; with
    each coach's matches played, Challenge cards claimed and opposing players injured, in league order.
    `draws`: every coach of the league and his stored draw."""
    tally = {coach: [0, 0, 0, 0, 0, 0] for coach in draws}  # won, drawn, lost, points, cards, injuries
    for result in results:
        for coach, own, other in (
            (result.home, result.home_side, result.away_side),
            (result.away, result.away_side, result.home_side),
        ):
            line = tally[coach]
            points = league_points(own.score, other.score)
            line[(WIN, DRAW, LOSS).index(points)] += 1
            line[3] += points
            line[4] += own.challenge_cards
            line[5] += own.injuries
    rows = [
        StandingRow(coach, draws[coach], 0, won + drawn + lost, won, drawn, lost, points, cards, injuries)
        for coach, (won, drawn, lost, points, cards, injuries) in tally.items()
    ]
    return order(rows)


def order(rows: Sequence[StandingRow]) -> list[StandingRow]:
    """Most league points first. The rulebook says nothing of a tie: Pitside breaks it by each coach's
    stored draw (made once, at sign-up), so every coach has his own place."""
    ranked = sorted(rows, key=lambda row: (-row.points, row.draw, row.coach))
    return [replace(row, position=place) for place, row in enumerate(ranked, start=1)]


# --- The Finals ---------------------------------------------------------------------------------------


def seeded(coaches: Sequence[int]) -> list[Pair]:
    """Quarter- and Semi-Finals: "the coach with the highest total league points will play the coach with
    the lowest, the coach with the second-highest will play the coach with the second-lowest, and so on"."""
    half = len(coaches) // 2
    return [(coaches[i], coaches[-1 - i]) for i in range(half)]


def first_knockout_round(order_: Sequence[int], quarter_finals: bool) -> tuple[Stage, list[Pair]]:
    """The Finals: the top two coaches play the final; or, when the league plays Quarter- and Semi-Finals,
    the top eight play the quarter-finals. `order_`: the coaches in league order."""
    raise_if_any(coaches_problems(order_))
    needed = QUARTER_FINALISTS if quarter_finals else FINALISTS
    if len(order_) < needed:
        what = "quarter-finals need" if quarter_finals else "final needs"
        raise RuleViolation(
            [Violation("finals-too-few", "finals", f"The {what} {needed} coaches; this league has {len(order_)}.")]
        )
    return ("quarter_final" if quarter_finals else "final"), seeded(order_[:needed])


def next_knockout_round(order_: Sequence[int], stage: Stage, winners: Sequence[int]) -> tuple[Stage, list[Pair]]:
    """After the quarter-finals, the winners play the semi-finals (seeded again by league points); after the
    semi-finals, the two winners play the final."""
    following = NEXT_STAGE.get(stage)
    if following is None:
        raise RuleViolation([Violation("finals-over", "finals", "The final is the last match of the league.")])
    return following, seeded(sorted(winners, key=order_.index))


# --- League Awards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Award:
    slug: str
    name: str
    requirement: str
    coaches: tuple[int, ...]  # every coach who meets it: a tie shares the award
    value: int


AWARDS = (
    ("master-of-the-crush", "The Cabalvision Master of the Crush Award", "the most league points", "points", max),
    ("king-of-carnage", "Legbreaker's King of Carnage Award", "the most injuries caused", "injuries", max),
    ("challenger", "The Bugman's XXXXXX Challenger Award", "the most Challenge cards claimed", "challenge_cards", max),
    ("lead-laurels", "The Spike! Magazine Lead Laurels", "the fewest league points", "points", min),
)


def awards(rows: Sequence[StandingRow]) -> list[Award]:
    """League Awards, presented at the end of the league from the league table (league matches only: the
    finals score no league points and are not on the coach roster). Every coach on the best count shares."""
    if not rows:
        return []
    found = []
    for slug, name, requirement, column, pick in AWARDS:
        best = pick(getattr(row, column) for row in rows)
        found.append(Award(slug, name, requirement, tuple(row.coach for row in rows if getattr(row, column) == best), best))
    return found
