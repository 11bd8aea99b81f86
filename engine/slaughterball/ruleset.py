"""The Slaughterball ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.money import MAX_CREDITS, TREASURY, format_credits
from engine.core.violations import Violation, raise_if_any
from engine.slaughterball import catalog as tables
from engine.slaughterball import purchases, roster
from engine.slaughterball.facts import AthleteFacts, TeamFacts

# Optional Rules: Skill Budget (300,000 suggested) and Support Staff Budget (200,000 suggested).
# None means the optional rule is off.
OPTION_DEFAULTS: dict[str, Any] = {"skill_budget": None, "staff_budget": None}


class SlaughterballRuleset:
    slug = "slaughterball"
    name = "Slaughterball"
    accounts = (TREASURY, purchases.SKILL_BUDGET, purchases.STAFF_BUDGET)
    account_names = {TREASURY: "Treasury", purchases.SKILL_BUDGET: "Skill Budget", purchases.STAFF_BUDGET: "Support Staff Budget"}
    athlete_types = tables.ATHLETE_TYPES
    traits = tables.TRAITS
    # League Coaches: a roster's size and how many of each type it may have (for forms to show).
    roster_size = roster.ROSTER_SIZE
    type_minimum = roster.TYPE_MINIMUM
    type_maximum = roster.TYPE_MAXIMUM

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        problems = [
            Violation("option-unknown", f"options.{key}", f"{key} is not a Slaughterball league option.")
            for key in raw
            if key not in OPTION_DEFAULTS
        ]
        for key in ("skill_budget", "staff_budget"):
            value = raw.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0 or value % 50_000):
                problems.append(
                    Violation(
                        "option-invalid",
                        f"options.{key}",
                        "A budget is a whole number of credits, at least 0, in steps of 50,000, or null for off.",
                    )
                )
            elif value is not None and value > MAX_CREDITS:
                problems.append(
                    Violation("option-invalid", f"options.{key}", f"A budget is at most {format_credits(MAX_CREDITS)}.")
                )
        raise_if_any(problems)
        return {**OPTION_DEFAULTS, **raw}

    def house_value_fields(self) -> list[tables.HouseValueField]:
        return list(tables.printed_fields().values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return tables.validate_house_values(raw)

    def catalog(self, house_values: Mapping[str, Any]) -> tables.Catalog:
        return tables.build_catalog(house_values)

    def opening_balances(self, options: Mapping[str, Any]) -> list[tuple[str, int, str]]:
        """Optional Rules: a new team's Skill and Support Staff Budgets, as (account, amount, reason)."""
        entries = []
        if options.get("skill_budget"):
            entries.append(
                (purchases.SKILL_BUDGET, options["skill_budget"], f"Skill Budget ({format_credits(options['skill_budget'])})")
            )
        if options.get("staff_budget"):
            entries.append(
                (
                    purchases.STAFF_BUDGET,
                    options["staff_budget"],
                    f"Support Staff Budget ({format_credits(options['staff_budget'])})",
                )
            )
        return entries

    def build_roster(
        self, catalog: tables.Catalog, portfolio: str, athletes: Sequence[roster.AthleteRequest]
    ) -> list[roster.StartingAthlete]:
        return roster.build_roster(catalog, portfolio, athletes)

    def quote_purchase(self, catalog: tables.Catalog, team: TeamFacts, request: purchases.PurchaseRequest) -> purchases.Quote:
        return purchases.quote_purchase(catalog, team, request)

    def purchase_options(self, catalog: tables.Catalog, team: TeamFacts, athlete: AthleteFacts) -> list[purchases.PurchaseOption]:
        return purchases.purchase_options(catalog, team, athlete)

    def staff_options(self, catalog: tables.Catalog, team: TeamFacts) -> list[purchases.PurchaseOption]:
        return purchases.staff_options(catalog, team)

    def team_potential(self, team: TeamFacts) -> int:
        return purchases.team_potential(team)
