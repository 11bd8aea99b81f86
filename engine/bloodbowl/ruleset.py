"""The Blood Bowl (Death Zone) ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bloodbowl import dice, postmatch, prematch, report, standings, tables, team, teamlists
from engine.bloodbowl import house as house_rules
from engine.core.money import MAX_CREDITS, TREASURY, format_credits
from engine.core.violations import RuleViolation, Violation, raise_if_any

# Team creation: the league sets the starting budget; 1,000,000 gold pieces is a starting team's
# value in the rulebook's Team Rating example. The standings options are the league's own choice.
OPTION_DEFAULTS: dict[str, Any] = {"starting_budget": 1_000_000, "table_dice": False, **standings.DEFAULT_OPTIONS}
SWITCHES = {"table_dice": "Coaches may enter dice rolled at the table instead of the server rolling them"}


class BloodBowlRuleset:
    slug = "bloodbowl"
    name = "Blood Bowl (Death Zone)"
    money_unit = "gold pieces"
    accounts = (TREASURY,)
    account_names = {TREASURY: "Treasury"}
    switches = SWITCHES
    categories = teamlists.CATEGORIES
    # The rules, by step: team lists, new teams and Team Rating, pre-match, the match report,
    # post-match, standings; dice rolls and checks; the printed tables.
    teamlists = teamlists
    team = team
    prematch = prematch
    report = report
    postmatch = postmatch
    standings = standings
    dice = dice
    tables = tables
    house = house_rules

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        problems = [
            Violation("option-unknown", f"options.{key}", f"{key} is not a Blood Bowl league option.")
            for key in raw
            if key not in OPTION_DEFAULTS
        ]
        budget = raw.get("starting_budget", OPTION_DEFAULTS["starting_budget"])
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 < budget <= MAX_CREDITS:
            problems.append(
                Violation(
                    "option-invalid",
                    "options.starting_budget",
                    f"The starting budget is a whole number of gold pieces, 1 to {format_credits(MAX_CREDITS, 'gold pieces')}.",
                )
            )
        problems += [
            Violation("option-invalid", f"options.{key}", f"{key} is true or false.")
            for key in SWITCHES
            if key in raw and not isinstance(raw[key], bool)
        ]
        try:
            standings.validate_standings_options({k: v for k, v in raw.items() if k in standings.DEFAULT_OPTIONS})
        except RuleViolation as error:
            problems += error.violations
        raise_if_any(problems)
        return {**OPTION_DEFAULTS, **raw}

    def option_value(self, options: Mapping[str, Any], key: str) -> Any:
        """A league option, or its default when the league was created before the option existed."""
        return options.get(key, OPTION_DEFAULTS[key])

    def standings_options(self, options: Mapping[str, Any]) -> standings.StandingsOptions:
        return standings.validate_standings_options({k: self.option_value(options, k) for k in standings.DEFAULT_OPTIONS})

    def house_value_fields(self) -> list[house_rules.HouseValueField]:
        return list(house_rules.FIELDS.values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return house_rules.validate_house_values(raw)

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        """Names for the groups of the house-values form: none beyond the keys' own."""
        return {}

    def house_values(self, raw: Mapping[str, Any]) -> house_rules.HouseValues:
        return house_rules.house_values(raw)
