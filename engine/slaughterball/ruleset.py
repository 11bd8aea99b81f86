"""The Slaughterball ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.dice import DiceSource
from engine.core.money import MAX_CREDITS, TREASURY, format_credits
from engine.core.ruleset import HouseValueField, OptionSchema, PlayRules, suggested_house_values
from engine.core.violations import Violation
from engine.slaughterball import catalog as tables
from engine.slaughterball import games as game_rules
from engine.slaughterball import purchases, roster
from engine.slaughterball import schedule as schedule_rules
from engine.slaughterball.facts import AthleteFacts, TeamFacts
from engine.slaughterball.schedule import RankingEntry

# On/off rules, off by default, with the rulebook's names: Optional Rules, and Appealing a
# Challenge ("if the commissioner allows it").
SWITCHES = {
    "random_league_games": "Random League Games (a draw every week instead of challenges)",
    "appeals_allowed": "Coaches may appeal a challenge",
    "no_mavericks": "No Mavericks in Leagues",
    "rogues": "Rogues",
    "lasting_injuries": "Lasting Injuries",
}
# Optional Rules: Skill Budget (300,000 suggested) and Support Staff Budget (200,000 suggested).
# None means the optional rule is off.
OPTIONS = OptionSchema(
    system="Slaughterball",
    defaults={"skill_budget": None, "staff_budget": None, **dict.fromkeys(SWITCHES, False)},
    switches=SWITCHES,
)


class SlaughterballRuleset(
    PlayRules[roster.SignUp, list[roster.StartingAthlete], game_rules.GameResult, list[game_rules.SideAward], RankingEntry]
):
    """What the registry and the shared apps ask of Slaughterball: names, accounts, options, house values,
    the catalog, and the rules of play. The rules used between them (engine.slaughterball.schedule,
    auctions, injuries) are imported by the app where it uses them, so that mypy checks every call."""

    slug = "slaughterball"
    name = "Slaughterball"
    money_unit = "credits"
    accounts = (TREASURY, purchases.SKILL_BUDGET, purchases.STAFF_BUDGET)
    account_names = {TREASURY: "Treasury", purchases.SKILL_BUDGET: "Skill Budget", purchases.STAFF_BUDGET: "Support Staff Budget"}
    athlete_types = tables.ATHLETE_TYPES
    options = OPTIONS
    switches = SWITCHES
    traits = tables.TRAITS
    # League Coaches: a roster's size and how many of each type it may have (for forms to show).
    roster_size = roster.ROSTER_SIZE
    type_minimum = roster.TYPE_MINIMUM
    type_maximum = roster.TYPE_MAXIMUM

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        problems = []
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
        return OPTIONS.validate(raw, problems)

    def house_value_fields(self) -> list[HouseValueField]:
        return list(tables.printed_fields().values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return tables.validate_house_values(raw)

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        """Names for the groups of the house-values form: the pro teams'."""
        return tables.build_catalog(house_values).portfolios

    def suggested_house_values(self) -> dict[str, Any]:
        return suggested_house_values("engine.slaughterball")

    def catalog(self, house_values: Mapping[str, Any]) -> tables.Catalog:
        """The league's tables, built once for each set of house values (a page of 1,000 teams asks 1,000 times)."""
        return _catalog(json.dumps(house_values, sort_keys=True))

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        return roster.signup_unset(self.catalog(house_values))

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

    def quote_purchase(self, catalog: tables.Catalog, team: TeamFacts, request: purchases.PurchaseRequest) -> purchases.Quote:
        return purchases.quote_purchase(catalog, team, request)

    def purchase_options(self, catalog: tables.Catalog, team: TeamFacts, athlete: AthleteFacts) -> list[purchases.PurchaseOption]:
        return purchases.purchase_options(catalog, team, athlete)

    def staff_options(self, catalog: tables.Catalog, team: TeamFacts) -> list[purchases.PurchaseOption]:
        return purchases.staff_options(catalog, team)

    def team_potential(self, team: TeamFacts) -> int:
        return purchases.team_potential(team)

    # --- the rules of play (engine.core.ruleset.PlayRules) ----------------------------------------------

    def check_team(self, signup: roster.SignUp) -> list[roster.StartingAthlete]:
        """League Coaches: the starting roster a sign-up makes."""
        return roster.build_roster(signup.catalog, signup.portfolio, signup.athletes)

    def check_result(self, result: game_rules.GameResult) -> None:
        game_rules.check_result(result.sides, result.edge_tokens, result.teams, result.scoring_log)

    def post_game(self, result: game_rules.GameResult, dice: DiceSource) -> list[game_rules.SideAward]:
        """Post-Game: places, League Points and prize money (no dice: Lasting Injuries roll apart, and only
        when the league plays them, engine.slaughterball.injuries)."""
        return game_rules.award(result.sides)

    def standings_order(self, rows: Sequence[RankingEntry], options: Mapping[str, Any]) -> list[RankingEntry]:
        """League Rank (schedule.league_rank)."""
        return schedule_rules.league_rank(rows)

    scoring_kinds = game_rules.SCORING_KINDS

    def scoring_points(self, entry: game_rules.ScoringEntry) -> int:
        return game_rules.scoring_points(entry)

    def team_potential_of_values(self, athletes_value: int, staff_value: int) -> int:
        """Recalculate Team Potential from totals (athletes' values, staff), for standings in bulk."""
        return athletes_value + staff_value

    # --- Season calendar, draws, challenges, playoffs (calendar area) ---------------------------

    def season_start_entries(self, balances: Mapping[str, int]) -> list[tuple[str, int, str]]:
        """Ledger rows when a season starts (Support Staff Budget: unspent staff budget is lost)."""
        return schedule_rules.unspent_budgets_lost(balances)

    def option_value(self, options: Mapping[str, Any], key: str) -> Any:
        return OPTIONS.value(options, key)


@functools.lru_cache(maxsize=256)
def _catalog(house_values: str) -> tables.Catalog:
    """A Catalog is immutable, so one serves every league with the same house values (as JSON)."""
    return tables.build_catalog(json.loads(house_values))


# The Slaughterball rules, typed: what the Slaughterball app uses (the registry hands out the
# shared part, engine.core.ruleset.Ruleset, to code that serves every game system).
RULESET = SlaughterballRuleset()
