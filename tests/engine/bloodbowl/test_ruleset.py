"""The Blood Bowl ruleset in the registry: options, switches and house values."""

from __future__ import annotations

from engine.bloodbowl.ruleset import BloodBowlRuleset
from engine.registry import get_ruleset
from tests.engine.bloodbowl.builders import codes, refused

RULESET = get_ruleset("bloodbowl")


def test_registry_hands_out_blood_bowl_next_to_slaughterball():
    assert isinstance(RULESET, BloodBowlRuleset)
    assert (RULESET.slug, RULESET.name) == ("bloodbowl", "Blood Bowl (Death Zone)")
    assert RULESET.accounts == ("treasury",)
    assert RULESET.account_names == {"treasury": "Treasury"}
    assert get_ruleset("slaughterball").slug == "slaughterball"


def test_options_defaults():
    options = RULESET.validate_options({})
    assert options["starting_budget"] == 1_000_000
    assert options["table_dice"] is False
    assert (options["points_win"], options["points_draw"], options["points_loss"]) == (3, 1, 0)
    assert RULESET.option_value({}, "table_dice") is False
    assert RULESET.standings_options({"points_win": 2}).points_win == 2
    assert set(RULESET.switches) == {"table_dice"}


def test_options_refused_all_at_once():
    raw = {"starting_budget": 0, "table_dice": "yes", "points_win": "two", "colour": "red"}
    assert codes(refused(RULESET.validate_options, raw)) == [
        ("option-unknown", "options.colour"),
        ("option-invalid", "options.starting_budget"),
        ("option-invalid", "options.table_dice"),
        ("option-invalid", "options.points_win"),
    ]


def test_house_values_start_unset_and_validate():
    fields = {f.key: f for f in RULESET.house_value_fields()}
    assert set(fields) == {
        "costs.fan_factor",
        "costs.apothecary",
        "costs.assistant_coach",
        "costs.cheerleader",
        "roster.minimum",
        "roster.maximum",
        "tournament.draw_points",
        "points.field_goal",
    }
    assert all(f.printed is None for f in fields.values())
    clean = RULESET.validate_house_values({"costs.apothecary": 50_000, "roster.minimum": 11, "costs.cheerleader": None})
    assert clean == {"costs.apothecary": 50_000, "roster.minimum": 11}
    assert RULESET.house_values(clean).get("costs.apothecary") == 50_000
    bad = {
        "costs.apothecary": 55_000,
        "roster.minimum": 0,
        "tournament.draw_points": -1,
        "costs.wizard": 1,
        "costs.fan_factor": True,
    }
    assert codes(refused(RULESET.validate_house_values, bad)) == [
        ("house-value-invalid", "costs.apothecary"),
        ("house-value-invalid", "roster.minimum"),
        ("house-value-invalid", "tournament.draw_points"),
        ("house-value-unknown", "costs.wizard"),
        ("house-value-invalid", "costs.fan_factor"),
    ]
    assert codes(refused(RULESET.validate_house_values, {"roster.minimum": 12, "roster.maximum": 11})) == [
        ("house-value-invalid", "roster.minimum")
    ]
