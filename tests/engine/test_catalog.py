"""The Slaughterball rule tables (rulebook: Support Staff, Skills, Trait Increase, Pro Teams) and house values."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation, Violation
from engine.registry import UnknownGameSystem, game_systems, get_ruleset
from engine.slaughterball.catalog import (
    ATHLETE_TYPES,
    TRAITS,
    build_catalog,
    printed_fields,
    validate_house_values,
)
from engine.slaughterball.ruleset import SlaughterballRuleset
from tests.engine.rulebook import MAVERICKS, PORTFOLIOS, STAFF_IDS, STAFF_TABLE, TRAIT_CELLS

CATALOG = build_catalog({})
LETTERS = {"R": "razor", "C": "cleaver", "S": "slasher", "B": "butcher"}


def types(letters: str | None) -> tuple[str, ...] | None:
    """'C S B' -> ('cleaver', 'slasher', 'butcher'); None stays None (house value)."""
    return None if letters is None else tuple(LETTERS[letter] for letter in letters.split())


def invalid_house_value(key: str, value: object) -> Violation:
    with pytest.raises(RuleViolation) as refused:
        validate_house_values({key: value})
    (violation,) = refused.value.violations
    return violation


# --- registry ---------------------------------------------------------------------------------


def test_registry_hands_out_the_slaughterball_ruleset() -> None:
    ruleset = get_ruleset("slaughterball")
    assert isinstance(ruleset, SlaughterballRuleset)
    assert (ruleset.slug, ruleset.name) == ("slaughterball", "Slaughterball")
    assert game_systems() == [
        ("slaughterball", "Slaughterball"),
        ("bloodbowl", "Blood Bowl (Death Zone)"),
        ("blitzbowl", "Blitz Bowl"),
        ("pitfighter", "Pit Fighter"),
        ("slaughterville", "Slaughterville"),
    ]


def test_registry_refuses_an_unknown_game_system() -> None:
    with pytest.raises(UnknownGameSystem):
        get_ruleset("blood-bowl")


def test_ruleset_exposes_types_traits_and_accounts() -> None:
    ruleset = get_ruleset("slaughterball")
    assert ruleset.athlete_types == ("razor", "cleaver", "slasher", "butcher")
    assert ruleset.traits == ("accuracy", "agility", "brawling", "speed", "toughness")
    assert set(ruleset.accounts) == {"treasury", "skill_budget", "staff_budget"}
    assert ruleset.account_names == {
        "treasury": "Treasury",
        "skill_budget": "Skill Budget",
        "staff_budget": "Support Staff Budget",
    }


# --- Trait Increase: the maximum table ---------------------------------------------------------


@pytest.mark.parametrize(("trait", "athlete_type", "maximum", "starred"), TRAIT_CELLS)
def test_trait_maximum_table_cell(trait: str, athlete_type: str, maximum: int, starred: bool) -> None:
    entry = CATALOG.traits[trait]
    assert entry.maximum[athlete_type] == maximum
    assert (athlete_type in entry.starred) is starred


def test_trait_table_has_the_five_traits_with_their_names() -> None:
    assert tuple(CATALOG.traits) == TRAITS
    assert [t.name for t in CATALOG.traits.values()] == ["Accuracy", "Agility", "Brawling", "Speed", "Toughness"]


# --- Pro Teams ----------------------------------------------------------------------------------

# portfolio, type, (ACC, AGI, BRW, SPD, TGH), skills, value (None: not printed)
PRO_TEAM_ROWS = [
    ("carnage", "razor", (5, 5, 3, 6, 3), (), 2_700_000),
    ("carnage", "cleaver", (3, 3, 3, 5, 4), (), 2_100_000),
    ("carnage", "slasher", (2, 3, 5, 5, 5), ("automatic-carve", "awesome-brute-1", "dirty-stomper", "star-brawler"), None),
    ("nemesis", "razor", (7, 6, 2, 7, 3), (), 3_100_000),
    ("nemesis", "cleaver", (4, 4, 3, 6, 4), ("pit-strategy", "pit-tactics", "thwart"), 3_000_000),
    ("nemesis", "slasher", (3, 3, 4, 5, 5), (), 2_300_000),
    ("swords-of-damocles", "razor", (7, 6, 3, 7, 3), ("interrupting-move", "star-evader", "star-thrower"), 3_700_000),
    ("swords-of-damocles", "cleaver", (5, 4, 3, 6, 4), (), 2_600_000),
    ("swords-of-damocles", "slasher", (3, 3, 4, 5, 5), (), 2_300_000),
    ("valkyries", "razor", (8, 6, 2, 7, 2), (), 3_100_000),
    # Printed "Fakeout"; the List of Skills spells it Fake Out.
    (
        "valkyries",
        "cleaver",
        (5, 4, 3, 6, 3),
        ("beckon", "distract-accuracy", "distract-brawling", "direct", "divert", "fake-out"),
        2_900_000,
    ),
    ("valkyries", "slasher", (4, 4, 4, 5, 4), ("awesome-brute-1", "ballbuster", "distract-brawling"), None),
]


def test_the_four_pro_team_portfolios() -> None:
    assert dict(CATALOG.portfolios) == PORTFOLIOS


@pytest.mark.parametrize(
    ("portfolio", "athlete_type", "traits", "skills", "value"), PRO_TEAM_ROWS, ids=[f"{p}-{t}" for p, t, *_ in PRO_TEAM_ROWS]
)
def test_pro_team_row(
    portfolio: str, athlete_type: str, traits: tuple[int, ...], skills: tuple[str, ...], value: int | None
) -> None:
    profile = CATALOG.athletes[(portfolio, athlete_type)]
    assert dict(profile.traits) == dict(zip(TRAITS, traits, strict=True))
    assert profile.skills == skills
    assert profile.value == value


@pytest.mark.parametrize(
    ("portfolio", "athlete_type", "slug"), [(p, t, slug) for p, t, _, skills, _ in PRO_TEAM_ROWS for slug in skills]
)
def test_pro_team_starting_skill_is_open_to_the_type(portfolio: str, athlete_type: str, slug: str) -> None:
    assert athlete_type in CATALOG.skills[slug].types


@pytest.mark.parametrize("portfolio", PORTFOLIOS)
def test_no_portfolio_prints_a_butcher_row(portfolio: str) -> None:
    profile = CATALOG.athletes[(portfolio, "butcher")]
    assert profile.value is None
    assert profile.skills is None
    assert all(value is None for value in profile.traits.values())
    assert set(profile.traits) == set(TRAITS)


def test_only_the_butcher_rows_and_two_slasher_values_are_unprinted() -> None:
    unprinted = {key for key, field in printed_fields().items() if key.startswith("athletes.") and field.printed is None}
    butcher_keys = {f"athletes.{p}.butcher.{cell}" for p in PORTFOLIOS for cell in ("value", "skills", *TRAITS)}
    assert unprinted == butcher_keys | {"athletes.carnage.slasher.value", "athletes.valkyries.slasher.value"}


# --- Support Staff --------------------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "name", "cost", "maximum"), STAFF_TABLE, ids=STAFF_IDS)
def test_support_staff_row(slug: str, name: str, cost: int, maximum: int | None) -> None:
    entry = CATALOG.staff[slug]
    assert (entry.name, entry.cost, entry.maximum) == (name, cost, maximum)


def test_support_staff_table_has_six_kinds() -> None:
    assert list(CATALOG.staff) == [row[0] for row in STAFF_TABLE]


# --- Skill Table -----------------------------------------------------------------------------------

# The printed Skill Table rows: slug, name, prerequisite, athletes, cost. The table is cut off at
# Awesome Dodger 2, whose athletes and cost are house values (GAPS.md).
SKILL_TABLE = [
    ("assist-chop", "Assist Chop", None, "C S", 50_000),
    ("automatic-carve", "Automatic Carve", None, "S B", 200_000),
    ("awesome-brute-1", "Awesome Brute 1", None, "C S B", 50_000),
    ("awesome-brute-2", "Awesome Brute 2", "awesome-brute-1", "S B", 50_000),
    ("awesome-brute-3", "Awesome Brute 3", "awesome-brute-2", "B", 50_000),
    ("awesome-dodger-1", "Awesome Dodger 1", None, "R C S", 50_000),
    ("awesome-dodger-2", "Awesome Dodger 2", "awesome-dodger-1", None, None),
]


@pytest.mark.parametrize(("slug", "name", "prerequisite", "letters", "cost"), SKILL_TABLE, ids=[row[0] for row in SKILL_TABLE])
def test_skill_table_row(slug: str, name: str, prerequisite: str | None, letters: str | None, cost: int | None) -> None:
    entry = CATALOG.skills[slug]
    assert (entry.name, entry.prerequisite, entry.types, entry.cost) == (name, prerequisite, types(letters), cost)


def test_only_the_printed_skill_costs_are_set() -> None:
    priced = {slug for slug, entry in CATALOG.skills.items() if entry.cost is not None}
    assert priced == {row[0] for row in SKILL_TABLE if row[4] is not None}


def test_only_levelled_skills_have_prerequisites() -> None:
    prerequisites = {slug: entry.prerequisite for slug, entry in CATALOG.skills.items() if entry.prerequisite}
    assert prerequisites == {
        "awesome-brute-2": "awesome-brute-1",
        "awesome-brute-3": "awesome-brute-2",
        "awesome-dodger-2": "awesome-dodger-1",
    }


# --- List of Skills: the letters after each name ------------------------------------------------------

# Transcribed from the List of Skills. The four "see table" skills take their letters from the Skill
# Table (Awesome Brute 1-3, Awesome Dodger 1); Awesome Dodger 2, Sharpshooter and Snagger are cut off.
# Trait Increase (R C S B) is in the list but is bought as a trait, not a skill.
LIST_OF_SKILLS = {
    "assist-chop": ("Assist Chop", "C S"),
    "automatic-carve": ("Automatic Carve", "S B"),
    "awesome-brute-1": ("Awesome Brute 1", "C S B"),
    "awesome-brute-2": ("Awesome Brute 2", "S B"),
    "awesome-brute-3": ("Awesome Brute 3", "B"),
    "awesome-dodger-1": ("Awesome Dodger 1", "R C S"),
    "awesome-dodger-2": ("Awesome Dodger 2", None),
    "awesome-sharpshooter-1": ("Awesome Sharpshooter 1", None),
    "awesome-snagger-1": ("Awesome Snagger 1", None),
    "ballbuster": ("Ballbuster", "S"),
    "beckon": ("Beckon", "C"),
    "buttkicker": ("Buttkicker", "S"),
    "counter-interference": ("Counter-Interference", "C S B"),
    "daunt": ("Daunt", "S B"),
    "direct": ("Direct", "C"),
    "dirty-stomper": ("Dirty Stomper", "S"),
    "distract-accuracy": ("Distract Accuracy", "R C S"),
    "distract-agility": ("Distract Agility", "R C S"),
    "distract-brawling": ("Distract Brawling", "C S B"),
    "divert": ("Divert", "C"),
    "double-team": ("Double Team", "S"),
    "fake-out": ("Fake Out", "C"),
    "fast-healer": ("Fast Healer", "R C S B"),
    "furious-chop": ("Furious Chop", "S B"),
    "handoff": ("Handoff", "R C S"),
    "help-up": ("Help Up", "C S B"),
    "immaculate-reception": ("Immaculate Reception", "R C"),
    "interrupting-chop": ("Interrupting Chop", "S B"),
    "interrupting-intercept": ("Interrupting Intercept", "R C S"),
    "interrupting-move": ("Interrupting Move", "R C S B"),
    "interrupting-special": ("Interrupting Special", "R C S B"),
    "interrupting-throw": ("Interrupting Throw", "R C"),
    "leadership": ("Leadership", "C"),
    "move-prone-athlete": ("Move Prone Athlete", "B"),
    "pit-advice": ("Pit Advice", "C"),
    "pit-strategy": ("Pit Strategy", "C"),
    "pit-tactics": ("Pit Tactics", "C"),
    "resilient": ("Resilient", "R C S B"),
    "savagery": ("Savagery", "S B"),
    "scare-ref": ("Scare Ref", "C S B"),
    "speedy-accuracy": ("Speedy Accuracy", "R C"),
    "speedy-agility": ("Speedy Agility", "R C"),
    "speedy-brawling": ("Speedy Brawling", "C S"),
    "stand-up": ("Stand Up", "R C S B"),
    "star-ball-handler": ("Star Ball Handler", "R C"),
    "star-brawler": ("Star Brawler", "S B"),
    "star-evader": ("Star Evader", "R C"),
    "star-thrower": ("Star Thrower", "R C"),
    "superspeed": ("Superspeed", "R C"),
    "throw-interference": ("Throw Interference", "R C S B"),
    "thwart": ("Thwart", "C"),
}


def test_the_catalog_lists_51_skills() -> None:
    assert len(CATALOG.skills) == 51
    assert list(CATALOG.skills) == list(LIST_OF_SKILLS)
    assert "trait-increase" not in CATALOG.skills


@pytest.mark.parametrize(("slug", "name", "letters"), [(slug, *row) for slug, row in LIST_OF_SKILLS.items()])
def test_list_of_skills_athlete_letters(slug: str, name: str, letters: str | None) -> None:
    entry = CATALOG.skills[slug]
    assert entry.slug == slug
    assert entry.name == name
    assert entry.types == types(letters)


# --- house value fields ------------------------------------------------------------------------------


def test_every_table_cell_is_a_house_value_field() -> None:
    fields = printed_fields()
    athletes = {f"athletes.{p}.{t}.{cell}" for p in PORTFOLIOS for t in ATHLETE_TYPES for cell in ("value", "skills", *TRAITS)}
    skills = {f"skills.{slug}.{cell}" for slug in LIST_OF_SKILLS for cell in ("types", "cost")}
    staff = {f"staff.{row[0]}.{cell}" for row in STAFF_TABLE for cell in ("cost", "maximum")}
    mavericks = {f"mavericks.{m}.{cell}" for m in MAVERICKS for cell in ("pit_power_adjustment", "skills", *TRAITS)}
    assert set(fields) == athletes | skills | staff | mavericks
    assert len(fields) == 4 * 4 * 7 + 51 * 2 + 6 * 2 + 4 * 7
    assert all(field.key == key for key, field in fields.items())
    assert get_ruleset("slaughterball").house_value_fields() == list(fields.values())


@pytest.mark.parametrize(
    ("key", "label", "kind", "printed"),
    [
        ("athletes.carnage.butcher.value", "Carnage butcher value", "credits", None),
        ("athletes.nemesis.cleaver.accuracy", "Nemesis cleaver Accuracy", "trait", 4),
        (
            "athletes.nemesis.cleaver.skills",
            "Nemesis cleaver starting skills",
            "skills",
            ("pit-strategy", "pit-tactics", "thwart"),
        ),
        ("skills.leadership.cost", "Leadership cost", "credits", None),
        ("skills.assist-chop.types", "Assist Chop athlete types", "types", ("cleaver", "slasher")),
        ("skills.awesome-dodger-2.types", "Awesome Dodger 2 athlete types", "types", None),
        ("staff.physician.maximum", "Physician maximum per team", "maximum", 1),
        ("staff.cheerleader.maximum", "Cheerleader maximum per team", "maximum", None),
    ],
)
def test_house_value_field(key: str, label: str, kind: str, printed: object) -> None:
    field = printed_fields()[key]
    assert (field.label, field.kind, field.printed) == (label, kind, printed)


def test_missing_house_value_names_the_key_and_where_to_set_it() -> None:
    assert CATALOG.missing("skills.leadership.cost") == Violation(
        "house-value-required",
        "skills.leadership.cost",
        "Leadership cost is a house value this league has not set yet: the commissioner sets it in "
        "League settings, House values.",
    )


# --- validate_house_values and build_catalog --------------------------------------------------------------

BUTCHER_ROW = {
    "athletes.carnage.butcher.value": 3_500_000,
    "athletes.carnage.butcher.accuracy": 2,
    "athletes.carnage.butcher.agility": 2,
    "athletes.carnage.butcher.brawling": 6,
    "athletes.carnage.butcher.speed": 4,
    "athletes.carnage.butcher.toughness": 6,
    "athletes.carnage.butcher.skills": ["savagery", "star-brawler"],
}


def test_valid_house_values_come_back_normalised() -> None:
    raw = {
        **BUTCHER_ROW,
        "skills.leadership.cost": 100_000,
        "skills.awesome-dodger-2.types": ("razor", "cleaver"),
        "staff.cheerleader.maximum": 4,
    }
    clean = validate_house_values(raw)
    assert clean == {
        **BUTCHER_ROW,
        "skills.leadership.cost": 100_000,
        "skills.awesome-dodger-2.types": ["razor", "cleaver"],
        "staff.cheerleader.maximum": 4,
    }


def test_house_values_fill_the_gaps_in_the_catalog() -> None:
    catalog = build_catalog(validate_house_values({**BUTCHER_ROW, "skills.awesome-dodger-2.types": ["razor"]}))
    butcher = catalog.athletes[("carnage", "butcher")]
    assert butcher.value == 3_500_000
    assert dict(butcher.traits) == {"accuracy": 2, "agility": 2, "brawling": 6, "speed": 4, "toughness": 6}
    assert butcher.skills == ("savagery", "star-brawler")
    assert catalog.skills["awesome-dodger-2"].types == ("razor",)
    assert catalog.house_keys == frozenset(BUTCHER_ROW) | {"skills.awesome-dodger-2.types"}
    assert catalog.athletes[("nemesis", "butcher")].value is None  # other portfolios still unset


def test_a_house_value_overrides_a_printed_value() -> None:
    catalog = build_catalog(validate_house_values({"staff.physician.cost": 250_000, "staff.cheerleader.maximum": 2}))
    assert catalog.staff["physician"].cost == 250_000
    assert catalog.staff["cheerleader"].maximum == 2


def test_empty_starting_skills_are_a_valid_house_value() -> None:
    assert validate_house_values({"athletes.valkyries.butcher.skills": []}) == {"athletes.valkyries.butcher.skills": []}


@pytest.mark.parametrize("key", ["skills.leadership.cost", "staff.physician.cost", "athletes.carnage.butcher.skills"])
def test_null_removes_a_house_value(key: str) -> None:
    assert validate_house_values({key: None}) == {}
    assert build_catalog(validate_house_values({key: None})) == CATALOG


def test_an_unknown_house_value_key_is_refused() -> None:
    assert invalid_house_value("skills.trait-increase.cost", 100_000) == Violation(
        "house-value-unknown", "skills.trait-increase.cost", "skills.trait-increase.cost is not a Slaughterball table value."
    )


CREDITS_ERROR = "must be a whole number of credits, at least 0, in steps of 50,000."
TRAIT_ERROR = "must be a whole number from 1 to the butcher's maximum of 11."
BUTCHER_ACCURACY_ERROR = "must be a whole number from 1 to the butcher's maximum of 4."
MAXIMUM_ERROR = "must be a whole number, at least 1."
TYPES_ERROR = "must be a non-empty list of athlete types (razor, cleaver, slasher, butcher)."
SKILLS_ERROR = "must be a list of skill slugs from the List of Skills."


@pytest.mark.parametrize(
    ("key", "value", "error"),
    [
        ("skills.leadership.cost", 75_000, CREDITS_ERROR),
        ("skills.leadership.cost", 120_000, CREDITS_ERROR),
        ("skills.leadership.cost", -50_000, CREDITS_ERROR),
        ("skills.leadership.cost", "100000", CREDITS_ERROR),
        ("skills.leadership.cost", 100_000.0, CREDITS_ERROR),
        ("athletes.carnage.butcher.value", True, CREDITS_ERROR),
        ("athletes.carnage.butcher.brawling", 0, TRAIT_ERROR),
        ("athletes.carnage.butcher.brawling", 12, TRAIT_ERROR),
        ("athletes.carnage.butcher.brawling", "6", TRAIT_ERROR),
        ("athletes.carnage.butcher.brawling", 6.5, TRAIT_ERROR),
        ("athletes.carnage.butcher.brawling", True, TRAIT_ERROR),
        ("athletes.carnage.butcher.accuracy", 5, BUTCHER_ACCURACY_ERROR),
        ("staff.cheerleader.maximum", 0, MAXIMUM_ERROR),
        ("staff.cheerleader.maximum", "3", MAXIMUM_ERROR),
        ("skills.awesome-dodger-2.types", [], TYPES_ERROR),
        ("skills.awesome-dodger-2.types", ["razor", "ogre"], TYPES_ERROR),
        ("skills.awesome-dodger-2.types", ["R", "C"], TYPES_ERROR),
        ("skills.awesome-dodger-2.types", "razor", TYPES_ERROR),
        ("athletes.carnage.butcher.skills", ["savagery", "trait-increase"], SKILLS_ERROR),
        ("athletes.carnage.butcher.skills", ["Savagery"], SKILLS_ERROR),
        ("athletes.carnage.butcher.skills", "savagery", SKILLS_ERROR),
    ],
)
def test_an_invalid_house_value_is_refused_with_its_label(key: str, value: object, error: str) -> None:
    label = printed_fields()[key].label
    assert invalid_house_value(key, value) == Violation("house-value-invalid", key, f"{label}: {error}")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("skills.leadership.cost", 0),
        ("athletes.carnage.butcher.brawling", 1),
        ("athletes.carnage.butcher.brawling", 11),
        ("staff.cheerleader.maximum", 1),
        ("skills.awesome-dodger-2.types", ["butcher"]),
    ],
)
def test_boundary_house_values_are_accepted(key: str, value: object) -> None:
    assert validate_house_values({key: value}) == {key: value}


def test_every_bad_house_value_is_reported_at_once() -> None:
    with pytest.raises(RuleViolation) as refused:
        validate_house_values(
            {"nope": 1, "skills.leadership.cost": 75_000, "athletes.carnage.butcher.speed": 0, "skills.thwart.cost": 100_000}
        )
    assert [(v.code, v.path) for v in refused.value.violations] == [
        ("house-value-unknown", "nope"),
        ("house-value-invalid", "skills.leadership.cost"),
        ("house-value-invalid", "athletes.carnage.butcher.speed"),
    ]


def test_the_ruleset_builds_a_catalog_once_per_set_of_house_values():
    """The league page asks for the catalog once per team: the same house values give the same catalog,
    and a changed value a new one at once."""
    ruleset = get_ruleset("slaughterball")
    values = {"skills.savagery.cost": 100_000}
    first = ruleset.catalog(values)
    assert ruleset.catalog(dict(values)) is first
    changed = ruleset.catalog({"skills.savagery.cost": 150_000})
    assert changed is not first
    assert changed.skills["savagery"].cost == 150_000
