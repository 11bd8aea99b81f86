"""The Pit Fighter ruleset object that the registry hands to the Django apps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.dice import DiceSource
from engine.core.money import TREASURY
from engine.core.ruleset import HouseValueField, OptionSchema, PlayRules, suggested_house_values
from engine.pitfighter import campaign, combat, fighters

# Campaign Training: "Players that prefer to have Pit Fighters progress more quickly can say that they learn a
# skill after taking down three opponents".
SWITCHES = {"faster_progression": "Faster progression: a skill after every three takedowns instead of five"}
OPTIONS = OptionSchema(system="Pit Fighter", defaults={"faster_progression": False}, switches=SWITCHES)


class PitFighterRuleset(
    PlayRules[fighters.StableSignUp, list[fighters.FighterProfile], campaign.Combat, campaign.PostCombat, campaign.StandingRow]
):
    """What the registry and the shared apps ask of Pit Fighter: a campaign is a league of stables; there is no
    money (the shared ledger keeps an empty treasury); the house values are the tables the transcription lacks."""

    slug = "pitfighter"
    name = "Pit Fighter"
    money_unit = "crowns"
    accounts = (TREASURY,)
    account_names = {TREASURY: "Treasury"}
    options = OPTIONS
    switches = SWITCHES

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return OPTIONS.validate(raw)

    def option_value(self, options: Mapping[str, Any], key: str) -> Any:
        return OPTIONS.value(options, key)

    def house_value_fields(self) -> list[HouseValueField]:
        return list(fighters.FIELDS.values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return fighters.validate_house_values(raw)

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        return {}

    def suggested_house_values(self) -> dict[str, Any]:
        return suggested_house_values("engine.pitfighter")

    def house_values(self, raw: Mapping[str, Any]) -> fighters.HouseValues:
        return fighters.house_values(raw)

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        return fighters.signup_unset(self.house_values(house_values))

    # --- the rules of play (engine.core.ruleset.PlayRules) ----------------------------------------------

    def check_team(self, signup: fighters.StableSignUp) -> list[fighters.FighterProfile]:
        return fighters.check_stable(signup)

    def check_lineup(self, style: str, entries: Sequence[combat.Entry]) -> tuple[combat.Entry, ...]:
        return combat.check_lineup(style, entries)

    def check_result(self, result: campaign.Combat) -> None:
        combat.check_result(result.result)

    def post_game(self, result: campaign.Combat, dice: DiceSource) -> campaign.PostCombat:
        return campaign.post_combat(result, dice)

    def standings_order(self, rows: Sequence[campaign.StandingRow], options: Mapping[str, Any]) -> list[campaign.StandingRow]:
        return campaign.standings_order(rows)


RULESET = PitFighterRuleset()
