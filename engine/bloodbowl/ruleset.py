"""The Blood Bowl (Death Zone) ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bloodbowl import house as house_rules
from engine.bloodbowl import match as match_rules
from engine.bloodbowl import standings, teamlists
from engine.bloodbowl import team as team_rules
from engine.core.dice import DiceSource
from engine.core.money import MAX_CREDITS, TREASURY, format_credits
from engine.core.ruleset import HouseValueField, OptionSchema, PlayRules, suggested_house_values
from engine.core.violations import RuleViolation, Violation

# Team creation: the league sets the starting budget; 1,000,000 gold pieces is a starting team's
# value in the rulebook's Team Rating example. The standings options are the league's own choice.
SWITCHES = {"table_dice": "Coaches may enter dice rolled at the table instead of the server rolling them"}
OPTIONS = OptionSchema(
    system="Blood Bowl",
    defaults={"starting_budget": 1_000_000, "table_dice": False, **standings.DEFAULT_OPTIONS},
    switches=SWITCHES,
)


class BloodBowlRuleset(
    PlayRules[
        team_rules.SignUp,
        team_rules.NewTeamCost,
        match_rules.MatchFacts,
        match_rules.PostMatch,
        standings.StandingRow[Any],
    ]
):
    """What the registry and the shared apps ask of Blood Bowl: names, accounts, options and house values,
    and the rules of play. The rules used between them (teamlists, prematch, postmatch's star player
    rolls and purchases, tables) are imported by the app where it uses them, so that mypy checks every call."""

    slug = "bloodbowl"
    name = "Blood Bowl (Death Zone)"
    money_unit = "gold pieces"
    accounts = (TREASURY,)
    account_names = {TREASURY: "Treasury"}
    options = OPTIONS
    switches = SWITCHES
    categories = teamlists.CATEGORIES

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        problems = []
        budget = raw.get("starting_budget", OPTIONS.defaults["starting_budget"])
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 < budget <= MAX_CREDITS:
            problems.append(
                Violation(
                    "option-invalid",
                    "options.starting_budget",
                    f"The starting budget is a whole number of gold pieces, 1 to {format_credits(MAX_CREDITS, 'gold pieces')}.",
                )
            )
        try:
            standings.validate_standings_options({k: v for k, v in raw.items() if k in standings.DEFAULT_OPTIONS})
        except RuleViolation as error:
            problems += error.violations
        return OPTIONS.validate(raw, problems)

    def option_value(self, options: Mapping[str, Any], key: str) -> Any:
        return OPTIONS.value(options, key)

    def standings_options(self, options: Mapping[str, Any]) -> standings.StandingsOptions:
        return standings.validate_standings_options({k: self.option_value(options, k) for k in standings.DEFAULT_OPTIONS})

    def house_value_fields(self) -> list[HouseValueField]:
        return list(house_rules.FIELDS.values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return house_rules.validate_house_values(raw)

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        """Names for the groups of the house-values form: none beyond the keys' own."""
        return {}

    def suggested_house_values(self) -> dict[str, Any]:
        return suggested_house_values("engine.bloodbowl")

    def house_values(self, raw: Mapping[str, Any]) -> house_rules.HouseValues:
        return house_rules.house_values(raw)

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        return team_rules.signup_unset(self.house_values(house_values))

    # --- the rules of play (engine.core.ruleset.PlayRules) ----------------------------------------------

    def check_team(self, signup: team_rules.SignUp) -> team_rules.NewTeamCost:
        return team_rules.check_new_team(signup.team_lists, signup.house, signup.starting_budget, signup.request)

    def check_result(self, result: match_rules.MatchFacts) -> None:
        match_rules.check_match(result)

    def post_game(self, result: match_rules.MatchFacts, dice: DiceSource) -> match_rules.PostMatch:
        return match_rules.post_match(result, dice)

    def standings_order(
        self, rows: Sequence[standings.StandingRow[Any]], options: Mapping[str, Any]
    ) -> list[standings.StandingRow[Any]]:
        return standings.order(rows, self.standings_options(options))


# The Blood Bowl rules, typed: what the Blood Bowl app uses (the registry hands out the shared
# part, engine.core.ruleset.Ruleset, to code that serves every game system).
RULESET = BloodBowlRuleset()
