"""Spending credits: skills, trait increases and support staff (rulebook: Skills, Support Staff)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from engine.core.money import TREASURY, format_credits, plan_payment
from engine.core.ruleset import HOUSE_VALUE_REQUIRED
from engine.core.violations import RuleViolation, Violation
from engine.slaughterball import games
from engine.slaughterball.catalog import Catalog, Skill, Staff, Trait
from engine.slaughterball.facts import AthleteFacts, TeamFacts

SKILL_BUDGET = "skill_budget"
STAFF_BUDGET = "staff_budget"
TRAIT_STEP = 100_000

PurchaseKind = Literal["skill", "trait", "staff"]


@dataclass(frozen=True)
class PurchaseRequest:
    kind: PurchaseKind
    item: str  # skill, trait or staff slug
    athlete_id: int | None = None


@dataclass(frozen=True)
class Quote:
    """An allowed purchase: what it costs and which ledger accounts pay how much."""

    kind: PurchaseKind
    item: str
    name: str
    cost: int
    debits: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PurchaseOption:
    kind: PurchaseKind
    item: str
    name: str
    cost: int | None
    allowed: bool
    reason: str
    text: str = ""  # a skill's text in the List of Skills; empty for a trait increase or staff
    unset: tuple[str, ...] = ()  # the house values its refusal names as not set (their keys)


def _types_phrase(types: tuple[str, ...]) -> str:
    plural = [f"{t}s" for t in types]
    return plural[0] if len(plural) == 1 else ", ".join(plural[:-1]) + " and " + plural[-1]


def trait_increase_cost(new_value: int, starred: bool) -> int:
    """Trait Increase: new value x 100,000; starred traits half price, rounded up to the next 100,000."""
    full = new_value * TRAIT_STEP
    if not starred:
        return full
    return -(-full // 2 // TRAIT_STEP) * TRAIT_STEP


def _window_violations(team: TeamFacts, athlete: AthleteFacts, kind: PurchaseKind) -> list[Violation]:
    """Skills in Leagues: after a game, only athletes who played learn, one skill and one trait each
    (and, with Lasting Injuries, none who ended it with Injury tokens)."""
    window = team.window
    if window.pre_season:
        return []
    learned = window.skill_bought | window.trait_bought
    if not games.took_part(athlete.id, window.played if window.lineup_recorded else None, learned | window.injured):
        if not window.lineup_recorded:
            return [
                Violation(
                    "window-six-played",
                    "athlete",
                    f"The last game was reported without a lineup and six athletes play a game: six others have "
                    f"learned since (or were injured in it), so {athlete.name} is taken to have sat it out.",
                )
            ]
        return [
            Violation(
                "window-not-played",
                "athlete",
                f"{athlete.name} did not play in the last game, so cannot learn until after the next one.",
            )
        ]
    if athlete.id in window.injured:
        # Optional Rules, Lasting Injuries: Injury tokens at the end of a game bar the Post-Game purchases.
        return [
            Violation(
                "window-injured",
                "athlete",
                f"{athlete.name} ended the last game with Injury tokens, so cannot learn until after the next one.",
            )
        ]
    bought = window.skill_bought if kind == "skill" else window.trait_bought
    if athlete.id in bought:
        what = "a new skill" if kind == "skill" else "a trait point"
        return [Violation(f"window-{kind}-limit", "athlete", f"{athlete.name} has already learned {what} since the last game.")]
    return []


def _skill_violations(catalog: Catalog, athlete: AthleteFacts, slug: str) -> tuple[list[Violation], int | None]:
    skill = catalog.skills.get(slug)
    if skill is None:
        return [Violation("skill-unknown", "item", f"{slug} is not in the List of Skills.")], None
    problems: list[Violation] = []
    if skill.types is None:
        problems.append(catalog.missing(f"skills.{slug}.types"))
    elif athlete.type not in skill.types:
        problems.append(Violation("skill-type", "item", f"{skill.name} can be learned by {_types_phrase(skill.types)} only."))
    if slug in athlete.skills:
        problems.append(Violation("skill-held", "item", f"{athlete.name} already has {skill.name}."))
    if skill.prerequisite and skill.prerequisite not in athlete.skills:
        needed = catalog.skills[skill.prerequisite].name
        problems.append(Violation("skill-prerequisite", "item", f"{skill.name} requires {needed} first."))
    if skill.cost is None:
        problems.append(catalog.missing(f"skills.{slug}.cost"))
    return problems, skill.cost


def _trait_violations(catalog: Catalog, athlete: AthleteFacts, slug: str) -> tuple[list[Violation], int | None]:
    trait = catalog.traits.get(slug)
    if trait is None:
        return [Violation("trait-unknown", "item", f"{slug} is not a trait.")], None
    current = athlete.traits[slug]
    maximum = trait.maximum[athlete.type]
    if current >= maximum:
        return [
            Violation("trait-maximum", "item", f"{athlete.type.capitalize()} {trait.name} is at its maximum of {maximum}.")
        ], None
    return [], trait_increase_cost(current + 1, athlete.type in trait.starred)


def _staff_violations(catalog: Catalog, team: TeamFacts, slug: str) -> tuple[list[Violation], int | None]:
    staff = catalog.staff.get(slug)
    if staff is None:
        return [Violation("staff-unknown", "item", f"{slug} is not a kind of support staff.")], None
    problems: list[Violation] = []
    if staff.maximum is not None and team.staff.get(slug, 0) >= staff.maximum:
        problems.append(Violation("staff-maximum", "item", f"A team may have at most {staff.maximum} {staff.name}."))
    if staff.cost is None:
        problems.append(catalog.missing(f"staff.{slug}.cost"))
    return problems, staff.cost


def _item_name(catalog: Catalog, kind: PurchaseKind, item: str) -> str:
    tables: dict[str, Mapping[str, Skill | Trait | Staff]] = {
        "skill": catalog.skills,
        "trait": catalog.traits,
        "staff": catalog.staff,
    }
    entry = tables[kind].get(item)
    return entry.name if entry is not None else item


def quote_purchase(catalog: Catalog, team: TeamFacts, request: PurchaseRequest) -> Quote:
    """Check one purchase against every rule and price it; raises RuleViolation if it is not allowed."""
    if request.kind == "staff":
        problems, cost = _staff_violations(catalog, team, request.item)
        budget = STAFF_BUDGET
    else:
        athletes = {a.id: a for a in team.athletes}
        athlete = athletes.get(request.athlete_id) if request.athlete_id is not None else None
        if athlete is None:
            raise RuleViolation([Violation("athlete-required", "athlete", "Choose an athlete of this team.")])
        check = _skill_violations if request.kind == "skill" else _trait_violations
        problems, cost = check(catalog, athlete, request.item)
        problems = _window_violations(team, athlete, request.kind) + problems
        budget = SKILL_BUDGET  # Trait Increase is in the List of Skills, so the Skill Budget pays it
    if problems:
        raise RuleViolation(problems)
    assert cost is not None
    accounts = (budget, TREASURY) if team.window.pre_season else (TREASURY,)
    debits = plan_payment(cost, team.balances, accounts)
    if debits is None:
        available = sum(max(team.balances.get(a, 0), 0) for a in accounts)
        raise RuleViolation(
            [
                Violation(
                    "insufficient-funds",
                    "item",
                    f"{_item_name(catalog, request.kind, request.item)} costs {format_credits(cost)}; "
                    f"the team has {format_credits(available)} to spend on it.",
                )
            ]
        )
    return Quote(request.kind, request.item, _item_name(catalog, request.kind, request.item), cost, debits)


def _option(catalog: Catalog, team: TeamFacts, request: PurchaseRequest, listed_cost: int | None) -> PurchaseOption:
    name = _item_name(catalog, request.kind, request.item)
    skill = catalog.skills.get(request.item) if request.kind == "skill" else None
    text = skill.text if skill is not None else ""
    try:
        quote = quote_purchase(catalog, team, request)
    except RuleViolation as refused:
        reason = " ".join(v.message for v in refused.violations)
        unset = tuple(v.path for v in refused.violations if v.code == HOUSE_VALUE_REQUIRED)
        return PurchaseOption(request.kind, request.item, name, listed_cost, False, reason, text, unset)
    return PurchaseOption(request.kind, request.item, name, quote.cost, True, "", text)


def purchase_options(catalog: Catalog, team: TeamFacts, athlete: AthleteFacts) -> list[PurchaseOption]:
    """Every skill and trait increase for one athlete, each with its cost and why it may not be bought now."""
    options = [
        _option(catalog, team, PurchaseRequest("skill", slug, athlete.id), skill.cost) for slug, skill in catalog.skills.items()
    ]
    for slug, trait in catalog.traits.items():
        new_value = athlete.traits[slug] + 1
        cost = trait_increase_cost(new_value, athlete.type in trait.starred) if new_value <= trait.maximum[athlete.type] else None
        options.append(_option(catalog, team, PurchaseRequest("trait", slug, athlete.id), cost))
    return options


def staff_options(catalog: Catalog, team: TeamFacts) -> list[PurchaseOption]:
    """Every kind of support staff, with its cost and why it may not be hired now."""
    return [_option(catalog, team, PurchaseRequest("staff", slug), staff.cost) for slug, staff in catalog.staff.items()]


def team_potential(team: TeamFacts) -> int:
    """Recalculate Team Potential: the athletes' values plus the support staff (GAPS.md: treasury not included).

    The standings SQL computes it too, for speed: tests/slaughterball/results/test_standings_agreement.py
    proves the two agree."""
    return sum(a.value for a in team.athletes) + team.staff_value
