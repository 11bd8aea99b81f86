"""The Blitz Bowl ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.blitzbowl import league
from engine.blitzbowl import match as match_rules
from engine.core.dice import DiceSource
from engine.core.ruleset import HouseValueField, OptionSchema, PlayRules, suggested_house_values
from engine.core.violations import RuleViolation, Violation

# Playing Matches: 10 matches a coach (another count is the league's house choice); Quarter- and
# Semi-Finals: "a great option for larger leagues".
SWITCHES = {"quarter_finals": "Quarter- and Semi-Finals (the top eight coaches) instead of one final"}
OPTIONS = OptionSchema(system="Blitz Bowl", defaults={"matches": league.MATCHES, "quarter_finals": False}, switches=SWITCHES)


class BlitzBowlRuleset(PlayRules[str, str, match_rules.MatchResult, match_rules.PostGame, league.StandingRow]):
    """What the registry and the shared apps ask of Blitz Bowl. A coach signs up with a team name and nothing
    else (check_team: the name); there is no money and no house value (GAPS.md: the league needs none of the
    missing player cards)."""

    slug = "blitzbowl"
    name = "Blitz Bowl"
    money_unit = "credits"  # named for the Ruleset protocol; with no account, nothing is ever counted in it
    accounts = ()  # no money: no treasury, no grants or fines
    account_names: Mapping[str, str] = {}
    options = OPTIONS
    switches = SWITCHES

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        matches = raw.get("matches", league.MATCHES)
        problems = []
        if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= league.MAX_MATCHES:
            problems.append(
                Violation("option-invalid", "options.matches", f"The match count is a whole number, 1 to {league.MAX_MATCHES}.")
            )
        return OPTIONS.validate(raw, problems)

    def option_value(self, options: Mapping[str, Any], key: str) -> Any:
        return OPTIONS.value(options, key)

    def house_value_fields(self) -> list[HouseValueField]:
        return []

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        if raw:
            raise RuleViolation(Violation("house-value-unknown", key, f"{key} is not a Blitz Bowl house value.") for key in raw)
        return {}

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        return {}

    def suggested_house_values(self) -> dict[str, Any]:
        return suggested_house_values("engine.blitzbowl")

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        """None: joining needs no house value."""
        return ()

    # --- the rules of play (engine.core.ruleset.PlayRules) ----------------------------------------------

    def check_team(self, signup: str) -> str:
        """You Will Need: a coach and his team's name."""
        name = signup.strip()
        if not name:
            raise RuleViolation([Violation("name-required", "name", "Give your team a name.")])
        return name

    def check_result(self, result: match_rules.MatchResult) -> None:
        match_rules.check_result(result)

    def post_game(self, result: match_rules.MatchResult, dice: DiceSource) -> match_rules.PostGame:
        return match_rules.post_game(result, dice)

    def standings_order(self, rows: Sequence[league.StandingRow], options: Mapping[str, Any]) -> list[league.StandingRow]:
        return league.order(rows)


RULESET = BlitzBowlRuleset()
