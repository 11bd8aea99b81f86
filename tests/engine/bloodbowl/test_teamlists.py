"""Team lists are league data: the sample files import, and every broken variant is refused whole,
one violation per bad field or row."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from engine.bloodbowl.teamlists import (
    MAX_POSITIONS,
    MAX_RACES,
    MAX_VIOLATIONS,
    NAME_LENGTH,
    SLUG_LENGTH,
    parse_team_data,
    parse_team_lists,
    team_lists_sample,
    team_lists_to_data,
)
from tests.engine.bloodbowl.builders import codes, refused

YAML_TEXT = team_lists_sample("house-team.yaml")
CSV_TEXT = team_lists_sample("house-team.csv")
SAMPLE = yaml.safe_load(YAML_TEXT)


def test_the_yaml_sample_imports():
    lists = parse_team_lists(YAML_TEXT, "yaml")
    (race,) = lists.races
    assert (race.slug, race.name, race.reroll_cost, race.apothecary_allowed, race.mutations) == (
        "bogmire-croakers",
        "Bogmire Croakers",
        60_000,
        True,
        False,
    )
    assert [p.slug for p in race.positions] == ["bog-lineman", "reed-runner", "croak-thrower", "mud-bruiser", "swamp-hulk"]
    thrower = race.position("croak-thrower")
    assert thrower is not None
    assert (thrower.cost, thrower.max_count, thrower.ma, thrower.st, thrower.ag, thrower.av) == (70_000, 2, 6, 3, 3, 8)
    assert thrower.skills == ("sure-hands", "pass")
    assert thrower.access == {"general", "passing"}
    hulk = race.position("swamp-hulk")
    assert hulk is not None
    assert hulk.big_guy
    assert hulk.physical_on_doubles
    assert len(lists.skills) == 14
    stand_firm = lists.skill("stand-firm")
    assert stand_firm is not None
    assert (stand_firm.category, stand_firm.trait) == ("strength", True)


def test_the_csv_sample_is_the_same_team():
    assert parse_team_lists(CSV_TEXT, "csv") == parse_team_lists(YAML_TEXT, "yaml")


def test_stored_data_round_trip():
    lists = parse_team_lists(CSV_TEXT, "csv")
    data = team_lists_to_data(lists)
    assert parse_team_data(yaml.safe_load(yaml.safe_dump(data))) == lists
    assert team_lists_to_data(parse_team_data(data)) == data


def test_big_guys_always_have_general_strength_and_big_guy_access():
    data = copy.deepcopy(SAMPLE)
    data["races"][0]["positions"][4]["categories"] = ["agility"]
    hulk = parse_team_data(data).races[0].positions[4]
    assert hulk.access == {"agility", "general", "strength", "big-guy"}


def test_optional_flags_default_to_false():
    data = copy.deepcopy(SAMPLE)
    for key in ("apothecary_allowed", "mutations"):
        del data["races"][0][key]
    del data["races"][0]["positions"][0]["skills"]
    race = parse_team_data(data).races[0]
    assert (race.apothecary_allowed, race.mutations, race.positions[0].skills) == (False, False, ())


def yaml_broken(change: Callable[[dict[str, Any]], None]) -> list[tuple[str, str]]:
    data = copy.deepcopy(SAMPLE)
    change(data)
    return codes(refused(parse_team_lists, yaml.safe_dump(data), "yaml"))


def set_position(field: str, value: Any, index: int = 2) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["races"][0]["positions"][index].__setitem__(field, value)


P2 = "races[0].positions[2]"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (set_position("ma", 0), [("teamlists-field-invalid", f"{P2}.ma")]),
        (set_position("av", 11), [("teamlists-field-invalid", f"{P2}.av")]),
        (set_position("st", "3"), [("teamlists-field-invalid", f"{P2}.st")]),
        (set_position("cost", -10_000), [("teamlists-field-invalid", f"{P2}.cost")]),
        (set_position("cost", 70_000.5), [("teamlists-field-invalid", f"{P2}.cost")]),
        (set_position("max_count", -1), [("teamlists-field-invalid", f"{P2}.max_count")]),
        (set_position("big_guy", "yes please"), [("teamlists-field-invalid", f"{P2}.big_guy")]),
        (set_position("slug", "Croak Thrower"), [("teamlists-field-invalid", f"{P2}.slug")]),
        (set_position("name", "  "), [("teamlists-field-invalid", f"{P2}.name")]),
        (set_position("name", "N" * (NAME_LENGTH + 1)), [("teamlists-field-invalid", f"{P2}.name")]),
        (set_position("slug", "s" * (SLUG_LENGTH + 1)), [("teamlists-field-invalid", f"{P2}.slug")]),
        (lambda d: d["races"][0].__setitem__("name", "N" * (NAME_LENGTH + 1)), [("teamlists-field-invalid", "races[0].name")]),
        (lambda d: d["races"][0].__setitem__("slug", "s" * (SLUG_LENGTH + 1)), [("teamlists-field-invalid", "races[0].slug")]),
        (set_position("skills", ["sure-hands", "hypnotic-gaze"]), [("teamlists-skill-unknown", f"{P2}.skills")]),
        (set_position("skills", ["pass", "pass"]), [("teamlists-duplicate", f"{P2}.skills")]),
        (set_position("categories", ["general", "physical"]), [("teamlists-field-invalid", f"{P2}.categories")]),
        (set_position("categories", ["general", "sorcery"]), [("teamlists-field-invalid", f"{P2}.categories")]),
        (set_position("categories", []), [("teamlists-field-invalid", f"{P2}.categories")]),
        (set_position("categories", ["general", "big-guy"]), [("teamlists-big-guy-category", f"{P2}.categories")]),
        (set_position("armour", 8), [("teamlists-field-unknown", f"{P2}.armour")]),
        (lambda d: d["races"][0]["positions"][2].pop("ag"), [("teamlists-field-missing", f"{P2}.ag")]),
        (set_position("slug", "bog-lineman"), [("teamlists-duplicate", f"{P2}.slug")]),
        (lambda d: d["races"][0].__setitem__("reroll_cost", "sixty"), [("teamlists-field-invalid", "races[0].reroll_cost")]),
        (lambda d: d["races"][0].__setitem__("mutations", 1), [("teamlists-field-invalid", "races[0].mutations")]),
        (lambda d: d["races"][0].__setitem__("positions", []), [("teamlists-shape", "races[0].positions")]),
        (lambda d: d["races"].append(copy.deepcopy(d["races"][0])), [("teamlists-duplicate", "races[1].slug")]),
        (lambda d: d.__setitem__("races", []), [("teamlists-shape", "races")]),
        (lambda d: d.__setitem__("teams", []), [("teamlists-field-unknown", "teams")]),
        (lambda d: d["skills"][3].__setitem__("category", "sorcery"), [("teamlists-field-invalid", "skills[3].category")]),
        (lambda d: d["skills"][3].__setitem__("trait", "no"), [("teamlists-field-invalid", "skills[3].trait")]),
        (lambda d: d["skills"].append(dict(d["skills"][0])), [("teamlists-duplicate", "skills[14].slug")]),
        (lambda d: d["skills"].append("block"), [("teamlists-record", "skills[14]")]),
    ],
)
def test_a_broken_yaml_field_is_named(change, expected):
    assert yaml_broken(change) == expected


def test_every_problem_is_reported_at_once():
    def break_many(data: dict[str, Any]) -> None:
        data["races"][0]["positions"][0]["ma"] = 12
        data["races"][0]["positions"][1]["cost"] = "cheap"
        data["races"][0]["positions"][3]["skills"] = ["headbutt"]
        data["skills"][0]["slug"] = "Block!"

    assert yaml_broken(break_many) == [
        ("teamlists-field-invalid", "skills[0].slug"),
        ("teamlists-field-invalid", "races[0].positions[0].ma"),
        ("teamlists-field-invalid", "races[0].positions[1].cost"),
        ("teamlists-skill-unknown", "races[0].positions[3].skills"),
    ]


@pytest.mark.parametrize(
    ("text", "code"),
    [("races: [unclosed", "teamlists-syntax"), ("- just\n- a list\n", "teamlists-shape"), ("", "teamlists-shape")],
)
def test_not_a_team_list_at_all(text: str, code: str):
    assert next(c for c, _ in codes(refused(parse_team_lists, text, "yaml"))) == code


# Nine aliases of nine aliases ... of nine strings: 2 KB of YAML that stands for 43 million strings.
ALIAS_BOMB = (
    "a: &a ["
    + ", ".join(["lol"] * 9)
    + "]\n"
    + "".join(
        f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]\n" for previous, name in zip("abcdefg", "bcdefgh", strict=True)
    )
)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (ALIAS_BOMB, 1),
        (YAML_TEXT.replace("skills: [sure-hands, pass]", "skills: &thrower [sure-hands, pass]"), None),
    ],
    ids=["alias-bomb", "one-anchor"],
)
def test_yaml_anchors_and_aliases_are_refused(text: str, line: int | None):
    [violation] = refused(parse_team_lists, text, "yaml")
    assert (violation.code, violation.path) == ("teamlists-yaml-alias", "")
    if line:
        assert violation.message.startswith(f"Line {line} ")


def test_more_races_or_positions_than_the_limit_are_refused():
    too_many_races = copy.deepcopy(SAMPLE)
    too_many_races["races"] = [{**copy.deepcopy(SAMPLE["races"][0]), "slug": f"race-{i}"} for i in range(MAX_RACES + 1)]
    assert codes(refused(parse_team_data, too_many_races)) == [("teamlists-too-many", "races")]
    too_many_positions = copy.deepcopy(SAMPLE)
    position = SAMPLE["races"][0]["positions"][0]
    too_many_positions["races"][0]["positions"] = [{**position, "slug": f"p-{i}"} for i in range(MAX_POSITIONS + 1)]
    assert codes(refused(parse_team_data, too_many_positions)) == [("teamlists-too-many", "races[0].positions")]


def test_the_csv_limits_on_races_and_positions():
    race = next(line for line in CSV_LINES if line.startswith("race,"))
    races = [race.replace("bogmire-croakers", f"race-{i}") for i in range(MAX_RACES + 1)]
    assert codes(refused(parse_team_lists, "\n".join([*CSV_LINES, *races]), "csv")) == [("teamlists-too-many", "rows")]
    lineman = next(line for line in CSV_LINES if ",bog-lineman," in line)
    extra = [lineman.replace("bog-lineman", f"p-{i}") for i in range(MAX_POSITIONS)]
    found = codes(refused(parse_team_lists, "\n".join([*CSV_LINES, *extra]), "csv"))
    first_over = len(CSV_LINES) + MAX_POSITIONS - 5 + 1  # the sample's race has 5 positions
    assert found == [("teamlists-too-many", f"rows[{line}]") for line in range(first_over, len(CSV_LINES) + MAX_POSITIONS + 1)]


def test_a_refusal_names_at_most_the_first_violations():
    data = copy.deepcopy(SAMPLE)
    data["skills"] = [{"slug": f"Bad {i}", "name": "x", "category": "general"} for i in range(MAX_VIOLATIONS * 3)]
    found = refused(parse_team_data, data)
    assert len(found) == MAX_VIOLATIONS
    assert found[0].path == "skills[0].slug"


# --- CSV ------------------------------------------------------------------------------------------

CSV_LINES = CSV_TEXT.splitlines()
THROWER_LINE = next(i for i, line in enumerate(CSV_LINES) if ",croak-thrower," in line) + 1  # 1-based, header is line 1


def csv_broken(line: int, replace_from: str, replace_to: str) -> list[tuple[str, str]]:
    lines = list(CSV_LINES)
    assert replace_from in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(replace_from, replace_to, 1)
    return codes(refused(parse_team_lists, "\n".join(lines) + "\n", "csv"))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (",70000,", ",seventy,", "cost"),
        (",70000,", ",²,", "cost"),  # str.isdigit() takes a superscript two; int() does not
        (",70000,", f",{'7' * 5000},", "cost"),  # more digits than int() reads
        (",2,6,3,3,8,", ",2,6,3,3,80,", "av"),
        (",2,6,", ",-2,6,", "max_count"),
        ("sure-hands;pass", "sure-hands;hypnotic-gaze", "skills"),
        ("general;passing", "general;physical", "categories"),
        ("general;passing,", "general;passing,big_guy wizard", "flags"),
        ("bogmire-croakers,croak", "bogmire-toads,croak", "race"),
        ("position,", "player,", ""),
    ],
)
def test_a_broken_csv_cell_names_its_line_and_column(old: str, new: str, expected: str):
    found = csv_broken(THROWER_LINE, old, new)
    path = f"rows[{THROWER_LINE}].{expected}" if expected else f"rows[{THROWER_LINE}]"
    assert [p for _, p in found] == [path]


def test_csv_numbers_may_have_thousands_separators():
    lines = [line.replace(",60000,", ',"60,000",') for line in CSV_LINES]
    assert parse_team_lists("\n".join(lines), "csv").races[0].reroll_cost == 60_000


def test_csv_saved_by_a_spreadsheet_with_a_byte_order_mark():
    assert parse_team_lists("\ufeff" + CSV_TEXT, "csv") == parse_team_lists(CSV_TEXT, "csv")


def test_csv_cells_that_do_not_apply_must_stay_empty():
    skill_line = 2
    assert csv_broken(skill_line, "block,Block,,", "block,Block,10000,") == [
        ("teamlists-field-unused", f"rows[{skill_line}].cost")
    ]


def test_csv_header_must_have_every_column():
    text = CSV_TEXT.replace(",flags\n", "\n", 1)
    assert codes(refused(parse_team_lists, text, "csv")) == [("teamlists-header", "rows[1]")]


def test_csv_race_rows_and_their_positions():
    no_positions = "\n".join(line for line in CSV_LINES if not line.startswith("position,"))
    assert ("teamlists-shape", "rows") in codes(refused(parse_team_lists, no_positions, "csv"))
    no_race = "\n".join(line for line in CSV_LINES if not line.startswith("race,"))
    found = codes(refused(parse_team_lists, no_race, "csv"))
    assert ("teamlists-shape", "rows") in found
    assert sum(code == "teamlists-race-unknown" for code, _ in found) == 5


def test_csv_nothing_is_half_imported():
    """Two bad rows: both reported, and no team list comes back."""
    lines = list(CSV_LINES)
    lines[THROWER_LINE - 1] = lines[THROWER_LINE - 1].replace(",70000,", ",x,")
    lines[THROWER_LINE] = lines[THROWER_LINE].replace(",90000,", ",y,")
    assert [p for _, p in codes(refused(parse_team_lists, "\n".join(lines), "csv"))] == [
        f"rows[{THROWER_LINE}].cost",
        f"rows[{THROWER_LINE + 1}].cost",
    ]
