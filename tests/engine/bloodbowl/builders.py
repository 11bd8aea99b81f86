"""Builders for the Blood Bowl engine tests: the sample house team list, players, teams, house values."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from engine.bloodbowl.facts import Characteristics, PlayerFacts, TeamFacts
from engine.bloodbowl.house import HouseValues, house_values
from engine.bloodbowl.teamlists import TeamLists, parse_team_lists, team_lists_sample
from engine.core.violations import RuleViolation, Violation

LISTS: TeamLists = parse_team_lists(team_lists_sample("house-team.yaml"), "yaml")
RACE = LISTS.races[0]  # the Bogmire Croakers
# House values a test league sets (none is printed in the rulebook).
HOUSE: HouseValues = house_values(
    {
        "costs.fan_factor": 10_000,
        "costs.apothecary": 50_000,
        "costs.assistant_coach": 10_000,
        "costs.cheerleader": 10_000,
        "roster.minimum": 11,
        "roster.maximum": 16,
        "points.field_goal": 1,
    }
)
NO_HOUSE = HouseValues({})


def make_player(id: int = 1, position: str = "bog-lineman", **changes: object) -> PlayerFacts:
    """A player of the sample list's position, at its characteristics, skills, access and cost."""
    p = RACE.position(position)
    assert p is not None
    stats = Characteristics(p.ma, p.st, p.ag, p.av)
    player = PlayerFacts(
        id=id,
        position=p.slug,
        name=f"{p.name} {id}",
        number=id,
        base=stats,
        current=stats,
        skills=p.skills,
        value=p.cost,
        big_guy=p.big_guy,
        categories=p.access,
        physical_on_doubles=p.physical_on_doubles,
    )
    return replace(player, **changes)  # type: ignore[arg-type]


def make_team(players: Iterable[PlayerFacts] = (), first_id: int = 1, **changes: object) -> TeamFacts:
    """A team of the sample race; eleven linemen numbered from `first_id` unless players are given."""
    listed = tuple(players) or tuple(make_player(first_id + i) for i in range(11))
    team = TeamFacts(race=RACE.slug, players=listed, reroll_cost=RACE.reroll_cost)
    return replace(team, **changes)  # type: ignore[arg-type]


def refused(call: object, *args: object, **kwargs: object) -> tuple[Violation, ...]:
    """The violations a call raises (fails the test when it does not raise)."""
    assert callable(call)
    with pytest.raises(RuleViolation) as refusal:
        call(*args, **kwargs)
    return refusal.value.violations


def codes(violations: Iterable[Violation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in violations]
