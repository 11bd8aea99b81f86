"""A round-robin fixture list: every team meets every other once (single) or twice, home and away
(double), one match a team per round, a match date per round.

No rulebook Pitside plays has a league fixture list (Death Zone's tournaments say "No fixture list is
used"): this is Pitside's house choice for a league that wants a schedule (README, Blood Bowl). The
pairing is the circle method: one team stays put, the others turn one place a round.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.violations import Violation, raise_if_any

SMALLEST_LEAGUE = 2
SINGLE, DOUBLE = "single", "double"
LEGS = (SINGLE, DOUBLE)
# The widest gap between two rounds a league is offered (a year), and the narrowest (one day).
MIN_DAYS_BETWEEN, MAX_DAYS_BETWEEN = 1, 365


@dataclass(frozen=True)
class Pairing:
    home: int
    away: int


@dataclass(frozen=True)
class Round:
    number: int  # 1, 2, 3...
    date: datetime.date
    pairings: tuple[Pairing, ...]
    bye: int | None  # the team that rests this round (an odd count of teams), or None


def _circle(seats: Sequence[int | None]) -> list[list[tuple[int | None, int | None]]]:
    """The circle method over an even count of seats: in round r, seat i meets seat n-1-i; the first
    seat stays put and the others turn one place a round. Home and away: the fixed seat's match swaps
    every round, another pair's every other seat, so a team alternates home and away (at most one
    break) and its home and away counts differ by at most one (none for an odd count of teams)."""
    n = len(seats)
    circle = list(seats)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            swap = r % 2 == 1 if i == 0 else i % 2 == 1
            pairs.append((b, a) if swap else (a, b))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def round_robin(teams: Sequence[int], *, legs: str, first_date: datetime.date, days_between: int) -> list[Round]:
    """The fixture list of `teams` (ids, in the order that seeds the circle): n-1 rounds for an even
    count, n for an odd one (each team has one bye); `double` plays the same rounds again after them,
    home and away swapped. Round k is played on first_date + (k-1) * days_between."""
    problems = []
    if len(set(teams)) < SMALLEST_LEAGUE:
        problems.append(Violation("too-few-teams", "teams", "A fixture list needs at least two teams."))
    if len(set(teams)) != len(teams):
        problems.append(Violation("duplicate-team", "teams", "A team is named twice."))
    if legs not in LEGS:
        problems.append(Violation("unknown-rounds", "rounds", "Rounds are single or double."))
    if not MIN_DAYS_BETWEEN <= days_between <= MAX_DAYS_BETWEEN:
        problems.append(
            Violation("days-between", "days_between", f"Rounds are {MIN_DAYS_BETWEEN} to {MAX_DAYS_BETWEEN} days apart.")
        )
    raise_if_any(problems)
    # An odd count gets an empty fixed seat: whoever faces it rests, each team once a half.
    seats: list[int | None] = ([None] if len(teams) % 2 else []) + list(teams)
    first_half = _circle(seats)
    halves = [first_half] + ([[[(b, a) for a, b in pairs] for pairs in first_half]] if legs == DOUBLE else [])
    rounds = []
    for number, pairs in enumerate((pairs for half in halves for pairs in half), start=1):
        played = tuple(Pairing(a, b) for a, b in pairs if a is not None and b is not None)
        bye = next((a if b is None else b for a, b in pairs if a is None or b is None), None)
        date = first_date + datetime.timedelta(days=(number - 1) * days_between)
        rounds.append(Round(number, date, played, bye))
    return rounds
