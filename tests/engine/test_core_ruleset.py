"""The shared part of every ruleset: the open registry, league options and house-value fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine import registry
from engine.blitzbowl.ruleset import RULESET as BLITZ_BOWL
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.core.ruleset import HouseValueField, OptionSchema, Ruleset, house_value_required, validate_house_values
from engine.core.violations import RuleViolation, Violation
from engine.pitfighter.ruleset import RULESET as PIT_FIGHTER
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL

OPTIONS = OptionSchema(
    system="Test Game", defaults={"rounds": 10, "sudden_death": False}, switches={"sudden_death": "Sudden death"}
)
FIELDS = {"costs.ball": HouseValueField("costs.ball", "Cost of a ball", "count")}


class TestGame:
    """The least a game system gives the shared league code."""

    slug = "test-game"
    name = "Test Game"
    money_unit = "crowns"
    accounts = ("treasury",)
    account_names = {"treasury": "Treasury"}
    options = OPTIONS

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return OPTIONS.validate(raw)

    def house_value_fields(self) -> list[HouseValueField]:
        return list(FIELDS.values())

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_house_values(raw, FIELDS, lambda field, value: None, unknown="Test Game house value")

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        return {}


def codes(refused: pytest.ExceptionInfo[RuleViolation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in refused.value.violations]


def test_the_registry_is_open_to_a_new_game_system() -> None:
    game: Ruleset = TestGame()
    registry.register(game)
    try:
        assert registry.get_ruleset("test-game") is game
        assert ("test-game", "Test Game") in registry.game_systems()
    finally:
        registry._RULESETS.pop("test-game")
    with pytest.raises(registry.UnknownGameSystem):
        registry.get_ruleset("test-game")


def test_every_game_system_keeps_the_contract() -> None:
    rulesets: list[Ruleset] = [SLAUGHTERBALL, BLOOD_BOWL, BLITZ_BOWL, PIT_FIGHTER]
    assert [registry.get_ruleset(r.slug) for r in rulesets] == rulesets


def test_options_get_their_defaults_and_an_option_added_later_reads_its_default() -> None:
    assert OPTIONS.validate({"sudden_death": True}) == {"rounds": 10, "sudden_death": True}
    assert OPTIONS.value({}, "rounds") == 10


def test_every_option_problem_at_once_unknown_first_then_in_the_options_order() -> None:
    with pytest.raises(RuleViolation) as refused:
        OPTIONS.validate(
            {"sudden_death": "yes", "colour": "red", "rounds": 0},
            [Violation("option-invalid", "options.rounds", "At least one round.")],
        )
    assert codes(refused) == [
        ("option-unknown", "options.colour"),
        ("option-invalid", "options.rounds"),
        ("option-invalid", "options.sudden_death"),
    ]
    assert refused.value.violations[0].message == "colour is not a Test Game league option."


def test_house_values_unknown_refused_null_unsets_and_a_missing_one_names_where_to_set_it() -> None:
    assert TestGame().validate_house_values({"costs.ball": 3}) == {"costs.ball": 3}
    assert TestGame().validate_house_values({"costs.ball": None}) == {}
    with pytest.raises(RuleViolation) as refused:
        TestGame().validate_house_values({"costs.bat": 1})
    assert refused.value.violations[0].message == "costs.bat is not a Test Game house value."
    missing = house_value_required(FIELDS["costs.ball"])
    assert (missing.code, missing.path) == ("house-value-required", "costs.ball")
    assert missing.message.endswith("League settings, House values.")
    assert "costs.ball" not in missing.message  # its key is the path, not words for people
