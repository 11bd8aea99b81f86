"""The round-robin fixture list (engine.core.fixtures): every pair meets once a half, no team twice
in a round, byes for an odd count, home and away balanced, the double's second half mirrored."""

from __future__ import annotations

import datetime
import itertools
from collections import Counter

import pytest

from engine.core.fixtures import DOUBLE, SINGLE, Round, round_robin
from engine.core.violations import RuleViolation

FIRST = datetime.date(2026, 3, 7)


def _rounds(count: int, legs: str = SINGLE, days: int = 7) -> list[Round]:
    return round_robin(list(range(1, count + 1)), legs=legs, first_date=FIRST, days_between=days)


def _meetings(rounds: list[Round]) -> Counter[frozenset[int]]:
    return Counter(frozenset((p.home, p.away)) for r in rounds for p in r.pairings)


@pytest.mark.parametrize("count", range(2, 15))
def test_every_pair_meets_exactly_once_and_no_team_twice_in_a_round(count):
    rounds = _rounds(count)
    assert _meetings(rounds) == Counter(frozenset(p) for p in itertools.combinations(range(1, count + 1), 2))
    for r in rounds:
        seen = [t for p in r.pairings for t in (p.home, p.away)] + ([r.bye] if r.bye is not None else [])
        assert sorted(seen) == list(range(1, count + 1))  # each team once: playing or resting


@pytest.mark.parametrize("count", range(2, 15))
def test_rounds_count_and_byes(count):
    rounds = _rounds(count)
    if count % 2:
        assert len(rounds) == count
        assert sorted(r.bye for r in rounds) == list(range(1, count + 1))  # each team rests once
    else:
        assert len(rounds) == count - 1
        assert all(r.bye is None for r in rounds)


@pytest.mark.parametrize("count", range(2, 15))
def test_home_and_away_are_balanced_and_alternate(count):
    rounds = _rounds(count)
    venues: dict[int, str] = dict.fromkeys(range(1, count + 1), "")
    for r in rounds:
        for p in r.pairings:
            venues[p.home] += "H"
            venues[p.away] += "A"
    for seq in venues.values():
        assert abs(seq.count("H") - seq.count("A")) <= (count + 1) % 2  # even: one over; odd: equal
        assert sum(a == b for a, b in itertools.pairwise(seq)) <= 1  # at most one break


@pytest.mark.parametrize("count", [2, 3, 4, 7, 8])
def test_double_mirrors_the_first_half_with_home_and_away_swapped(count):
    rounds = _rounds(count, DOUBLE)
    half = len(rounds) // 2
    first, second = rounds[:half], rounds[half:]
    assert [r.number for r in rounds] == list(range(1, 2 * half + 1))
    for a, b in zip(first, second, strict=True):
        assert [(p.away, p.home) for p in a.pairings] == [(p.home, p.away) for p in b.pairings]
        assert a.bye == b.bye
    # every ordered pair (home, away) exactly once: each team hosts each other once
    ordered = Counter((p.home, p.away) for r in rounds for p in r.pairings)
    assert ordered == Counter(itertools.permutations(range(1, count + 1), 2))


def test_round_dates_step_by_the_days_between():
    rounds = _rounds(4, DOUBLE, days=14)
    assert [r.date for r in rounds] == [FIRST + datetime.timedelta(days=14 * k) for k in range(6)]


def test_two_teams_play_one_match():
    (only,) = _rounds(2)
    assert (only.pairings[0].home, only.pairings[0].away, only.bye) == (1, 2, None)


def test_the_order_given_seeds_the_circle():
    assert _rounds(4)[0].pairings != round_robin([4, 3, 2, 1], legs=SINGLE, first_date=FIRST, days_between=7)[0].pairings


@pytest.mark.parametrize(
    ("teams", "legs", "days", "codes"),
    [
        ([1], SINGLE, 7, {"too-few-teams"}),
        ([], SINGLE, 7, {"too-few-teams"}),
        ([1, 1], SINGLE, 7, {"too-few-teams", "duplicate-team"}),
        ([1, 2], "triple", 7, {"unknown-rounds"}),
        ([1, 2], SINGLE, 0, {"days-between"}),
        ([1, 2], SINGLE, 366, {"days-between"}),
    ],
)
def test_refusals_name_every_problem(teams, legs, days, codes):
    with pytest.raises(RuleViolation) as refused:
        round_robin(teams, legs=legs, first_date=FIRST, days_between=days)
    assert {v.code for v in refused.value.violations} == codes
