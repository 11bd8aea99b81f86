"""Small builders for the engine's immutable facts, shared by the engine tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from engine.core.violations import RuleViolation, Violation
from engine.slaughterball.catalog import TRAITS, Catalog
from engine.slaughterball.facts import AthleteFacts, SpendingWindow, TeamFacts
from engine.slaughterball.purchases import PurchaseRequest, Quote, quote_purchase

# Starting traits in TRAITS order (accuracy, agility, brawling, speed, toughness).
# Razor: the Carnage razor row (Brawling 3, the rulebook's razor example); cleaver and slasher:
# the Nemesis rows. No portfolio prints a butcher row, so the butcher is a house row with
# Brawling 6 (the rulebook's butcher example).
STARTING_TRAITS: dict[str, tuple[int, ...]] = {
    "razor": (5, 5, 3, 6, 3),
    "cleaver": (4, 4, 3, 6, 4),
    "slasher": (3, 3, 4, 5, 5),
    "butcher": (2, 2, 6, 4, 6),
}
BASE_VALUES = {"razor": 2_700_000, "cleaver": 3_000_000, "slasher": 2_300_000, "butcher": 3_500_000}

PRE_SEASON = SpendingWindow(pre_season=True)
RICH = {"treasury": 10_000_000}


def make_athlete(
    id: int = 1,
    type: str = "cleaver",
    *,
    name: str | None = None,
    traits: Mapping[str, int] | None = None,
    skills: Iterable[str] = (),
    bought: Iterable[str] = (),
    increases: Mapping[str, int] | None = None,
    base_value: int | None = None,
    extra_value: int = 0,
) -> AthleteFacts:
    """An athlete with its type's default starting row; `traits` overrides single base traits."""
    base = dict(zip(TRAITS, STARTING_TRAITS[type], strict=True)) | dict(traits or {})
    return AthleteFacts(
        id=id,
        type=type,
        name=name or f"Athlete {id}",
        number=id,
        base_traits=base,
        starting_skills=tuple(skills),
        base_value=BASE_VALUES[type] if base_value is None else base_value,
        trait_increases=dict(increases or {}),
        bought_skills=tuple(bought),
        extra_value=extra_value,
    )


def post_game(played: Iterable[int] = (), skill_bought: Iterable[int] = (), trait_bought: Iterable[int] = ()) -> SpendingWindow:
    return SpendingWindow(False, frozenset(played), frozenset(skill_bought), frozenset(trait_bought))


def make_team(
    *athletes: AthleteFacts,
    staff: Mapping[str, int] | None = None,
    staff_value: int = 0,
    balances: Mapping[str, int] | None = None,
    window: SpendingWindow = PRE_SEASON,
    portfolio: str = "nemesis",
) -> TeamFacts:
    return TeamFacts(
        portfolio=portfolio,
        athletes=athletes or (make_athlete(),),
        staff=dict(staff or {}),
        staff_value=staff_value,
        balances=dict(RICH if balances is None else balances),
        window=window,
    )


def skill(slug: str, athlete_id: int = 1) -> PurchaseRequest:
    return PurchaseRequest("skill", slug, athlete_id)


def trait(slug: str, athlete_id: int = 1) -> PurchaseRequest:
    return PurchaseRequest("trait", slug, athlete_id)


def staff(slug: str) -> PurchaseRequest:
    return PurchaseRequest("staff", slug)


def quote(catalog: Catalog, team: TeamFacts, request: PurchaseRequest) -> Quote:
    return quote_purchase(catalog, team, request)


def refusal(catalog: Catalog, team: TeamFacts, request: PurchaseRequest) -> tuple[Violation, ...]:
    """The violations a refused purchase raises (fails the test if it is allowed)."""
    with pytest.raises(RuleViolation) as refused:
        quote_purchase(catalog, team, request)
    return refused.value.violations


def codes(violations: Iterable[Violation]) -> list[str]:
    return [v.code for v in violations]
