"""Spending credits on skills, trait increases and support staff (rulebook: Skills in Leagues,
Trait Increase, Support Staff, Optional Rules: Skill Budget and Support Staff Budget)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from engine.core.violations import RuleViolation, Violation
from engine.registry import get_ruleset
from engine.slaughterball.catalog import ATHLETE_TYPES, TRAITS, build_catalog, validate_house_values
from engine.slaughterball.facts import SpendingWindow, TeamFacts
from engine.slaughterball.purchases import (
    PurchaseOption,
    PurchaseRequest,
    Quote,
    purchase_options,
    quote_purchase,
    staff_options,
    trait_increase_cost,
)
from tests.engine.builders import (
    STARTING_TRAITS,
    codes,
    make_athlete,
    make_team,
    post_game,
    quote,
    refusal,
    skill,
    staff,
    trait,
)
from tests.engine.rulebook import STAFF_IDS, STAFF_TABLE, TRAIT_CELLS

CATALOG = build_catalog({})


def expected_trait_cost(new_value: int, starred: bool) -> int:
    """The rule in words: new value x 100,000; starred: half, rounded up to the nearest 100,000."""
    return math.ceil(new_value / 2) * 100_000 if starred else new_value * 100_000


# --- Trait Increase: the cost rule --------------------------------------------------------------------


def test_rulebook_example_razor_brawling_3_to_4_costs_400000() -> None:
    assert trait_increase_cost(4, starred=False) == 400_000


def test_rulebook_example_butcher_brawling_6_to_7_costs_400000() -> None:
    # 7 x 100,000 = 700,000, halved for the starred trait = 350,000, rounded up to 400,000.
    assert trait_increase_cost(7, starred=True) == 400_000


@pytest.mark.parametrize("new_value", range(1, 12))
@pytest.mark.parametrize("starred", [False, True], ids=["full-price", "starred"])
def test_trait_increase_cost_rule(new_value: int, starred: bool) -> None:
    assert trait_increase_cost(new_value, starred) == expected_trait_cost(new_value, starred)


def test_razor_brawling_example_is_refused_because_3_is_the_razor_maximum() -> None:
    razor = make_athlete(type="razor", traits={"brawling": 3})
    assert refusal(CATALOG, make_team(razor), trait("brawling")) == (
        Violation("trait-maximum", "item", "Razor Brawling is at its maximum of 3."),
    )


def test_butcher_brawling_6_to_7_quotes_400000() -> None:
    butcher = make_athlete(type="butcher", name="Krug", traits={"brawling": 6})
    assert quote(CATALOG, make_team(butcher), trait("brawling")) == Quote(
        "trait", "brawling", "Brawling", 400_000, (("treasury", 400_000),)
    )


@pytest.mark.parametrize(("slug", "athlete_type", "maximum", "starred"), TRAIT_CELLS)
def test_a_trait_can_be_raised_to_its_maximum_at_the_table_price(
    slug: str, athlete_type: str, maximum: int, starred: bool
) -> None:
    athlete = make_athlete(type=athlete_type, traits={slug: maximum - 1})
    assert quote(CATALOG, make_team(athlete), trait(slug)).cost == expected_trait_cost(maximum, starred)


@pytest.mark.parametrize(("slug", "athlete_type", "maximum", "starred"), TRAIT_CELLS)
def test_a_trait_at_its_maximum_cannot_be_raised(slug: str, athlete_type: str, maximum: int, starred: bool) -> None:
    athlete = make_athlete(type=athlete_type, traits={slug: maximum})
    (violation,) = refusal(CATALOG, make_team(athlete), trait(slug))
    assert violation == Violation(
        "trait-maximum", "item", f"{athlete_type.capitalize()} {slug.capitalize()} is at its maximum of {maximum}."
    )


def test_earlier_increases_count_towards_the_cost_and_the_maximum() -> None:
    raised_once = make_athlete(type="butcher", traits={"brawling": 6}, increases={"brawling": 1})
    assert quote(CATALOG, make_team(raised_once), trait("brawling")).cost == 400_000  # 6+1 -> 8: 800,000 / 2
    at_maximum = make_athlete(type="razor", traits={"brawling": 2}, increases={"brawling": 1})
    assert codes(refusal(CATALOG, make_team(at_maximum), trait("brawling"))) == ["trait-maximum"]


def test_an_unknown_trait_is_refused() -> None:
    assert refusal(CATALOG, make_team(), trait("charisma")) == (Violation("trait-unknown", "item", "charisma is not a trait."),)


# --- skills -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "athlete_type", "cost"),
    [
        ("assist-chop", "cleaver", 50_000),
        ("automatic-carve", "butcher", 200_000),
        ("awesome-brute-1", "slasher", 50_000),
        ("awesome-dodger-1", "razor", 50_000),
    ],
)
def test_a_printed_skill_is_quoted_at_its_table_cost(slug: str, athlete_type: str, cost: int) -> None:
    team = make_team(make_athlete(type=athlete_type))
    assert quote(CATALOG, team, skill(slug)) == Quote("skill", slug, CATALOG.skills[slug].name, cost, (("treasury", cost),))


@pytest.mark.parametrize(
    ("slug", "athlete_type", "message"),
    [
        ("awesome-brute-3", "slasher", "Awesome Brute 3 can be learned by butchers only."),
        ("assist-chop", "razor", "Assist Chop can be learned by cleavers and slashers only."),
        ("awesome-brute-1", "razor", "Awesome Brute 1 can be learned by cleavers, slashers and butchers only."),
        ("awesome-dodger-1", "butcher", "Awesome Dodger 1 can be learned by razors, cleavers and slashers only."),
        ("automatic-carve", "cleaver", "Automatic Carve can be learned by slashers and butchers only."),
    ],
)
def test_a_skill_outside_the_types_letters_is_refused(slug: str, athlete_type: str, message: str) -> None:
    held = ("awesome-brute-1", "awesome-brute-2")  # so only the type rule is broken
    athlete = make_athlete(type=athlete_type, skills=held if slug == "awesome-brute-3" else ())
    assert refusal(CATALOG, make_team(athlete), skill(slug)) == (Violation("skill-type", "item", message),)


@pytest.mark.parametrize(
    ("slug", "prerequisite", "message"),
    [
        ("awesome-brute-2", "awesome-brute-1", "Awesome Brute 2 requires Awesome Brute 1 first."),
        ("awesome-brute-3", "awesome-brute-2", "Awesome Brute 3 requires Awesome Brute 2 first."),
    ],
)
def test_awesome_brute_needs_the_level_below(slug: str, prerequisite: str, message: str) -> None:
    without = make_athlete(type="butcher")
    assert refusal(CATALOG, make_team(without), skill(slug)) == (Violation("skill-prerequisite", "item", message),)
    learned = make_athlete(type="butcher", bought=("awesome-brute-1", prerequisite))
    assert quote(CATALOG, make_team(learned), skill(slug)).cost == 50_000


def test_a_starting_skill_meets_a_prerequisite() -> None:
    carnage_slasher = make_athlete(type="slasher", skills=("automatic-carve", "awesome-brute-1", "dirty-stomper", "star-brawler"))
    assert quote(CATALOG, make_team(carnage_slasher, portfolio="carnage"), skill("awesome-brute-2")).cost == 50_000


@pytest.mark.parametrize("where", ["starting", "bought"])
def test_a_skill_already_held_cannot_be_learned_again(where: str) -> None:
    held = ("awesome-brute-1",)
    athlete = make_athlete(type="slasher", name="Grimjaw", **{"skills" if where == "starting" else "bought": held})
    assert refusal(CATALOG, make_team(athlete), skill("awesome-brute-1")) == (
        Violation("skill-held", "item", "Grimjaw already has Awesome Brute 1."),
    )


def test_an_unknown_skill_is_refused() -> None:
    assert refusal(CATALOG, make_team(), skill("trait-increase")) == (
        Violation("skill-unknown", "item", "trait-increase is not in the List of Skills."),
    )


def test_every_broken_skill_rule_is_reported_at_once() -> None:
    razor = make_athlete(type="razor")
    assert codes(refusal(CATALOG, make_team(razor), skill("awesome-brute-2"))) == ["skill-type", "skill-prerequisite"]


# --- house values a skill needs -------------------------------------------------------------------------------


def test_a_skill_without_a_printed_cost_needs_the_house_value() -> None:
    cleaver = make_athlete(type="cleaver")
    assert refusal(CATALOG, make_team(cleaver), skill("leadership")) == (
        Violation(
            "house-value-required",
            "skills.leadership.cost",
            "Leadership cost is a house value this league has not set yet: the commissioner sets it in "
            "League settings, House values.",
        ),
    )


def test_setting_the_house_value_allows_the_skill() -> None:
    catalog = build_catalog(validate_house_values({"skills.leadership.cost": 150_000}))
    assert quote(catalog, make_team(make_athlete(type="cleaver")), skill("leadership")).cost == 150_000


def test_the_type_rule_still_applies_once_the_cost_is_set() -> None:
    catalog = build_catalog(validate_house_values({"skills.leadership.cost": 150_000}))
    assert codes(refusal(catalog, make_team(make_athlete(type="slasher")), skill("leadership"))) == ["skill-type"]


def test_awesome_dodger_2_needs_its_athletes_and_cost_as_house_values() -> None:
    razor = make_athlete(type="razor", bought=("awesome-dodger-1",))
    found = refusal(CATALOG, make_team(razor), skill("awesome-dodger-2"))
    assert [(v.code, v.path) for v in found] == [
        ("house-value-required", "skills.awesome-dodger-2.types"),
        ("house-value-required", "skills.awesome-dodger-2.cost"),
    ]
    catalog = build_catalog(
        validate_house_values({"skills.awesome-dodger-2.types": ["razor", "cleaver"], "skills.awesome-dodger-2.cost": 50_000})
    )
    assert quote(catalog, make_team(razor), skill("awesome-dodger-2")).cost == 50_000
    assert codes(refusal(catalog, make_team(make_athlete(type="razor")), skill("awesome-dodger-2"))) == ["skill-prerequisite"]


# --- support staff ------------------------------------------------------------------------------------------


LIMITED_STAFF = [row for row in STAFF_TABLE if row[3] is not None]


@pytest.mark.parametrize(("slug", "name", "cost", "maximum"), STAFF_TABLE, ids=STAFF_IDS)
def test_hiring_staff_costs_the_table_price(slug: str, name: str, cost: int, maximum: int | None) -> None:
    assert quote(CATALOG, make_team(), staff(slug)) == Quote("staff", slug, name, cost, (("treasury", cost),))


@pytest.mark.parametrize(("slug", "name", "cost", "maximum"), LIMITED_STAFF, ids=[row[0] for row in LIMITED_STAFF])
def test_staff_beyond_the_maximum_is_refused(slug: str, name: str, cost: int, maximum: int) -> None:
    team = make_team(staff={slug: maximum})
    assert refusal(CATALOG, team, staff(slug)) == (Violation("staff-maximum", "item", f"A team may have at most 1 {name}."),)


def test_cheerleaders_have_no_maximum() -> None:
    assert quote(CATALOG, make_team(staff={"cheerleader": 12}), staff("cheerleader")).cost == 100_000


def test_a_house_maximum_for_cheerleaders_applies() -> None:
    catalog = build_catalog(validate_house_values({"staff.cheerleader.maximum": 2}))
    assert quote(catalog, make_team(staff={"cheerleader": 1}), staff("cheerleader")).cost == 100_000
    assert codes(refusal(catalog, make_team(staff={"cheerleader": 2}), staff("cheerleader"))) == ["staff-maximum"]


def test_an_unknown_kind_of_staff_is_refused() -> None:
    assert refusal(CATALOG, make_team(), staff("masseur")) == (
        Violation("staff-unknown", "item", "masseur is not a kind of support staff."),
    )


# --- the athlete a purchase is for ----------------------------------------------------------------------------


@pytest.mark.parametrize("athlete_id", [None, 99])
@pytest.mark.parametrize("kind", ["skill", "trait"])
def test_skills_and_traits_need_an_athlete_of_the_team(kind: str, athlete_id: int | None) -> None:
    request = PurchaseRequest(kind, "assist-chop" if kind == "skill" else "speed", athlete_id)  # type: ignore[arg-type]
    assert refusal(CATALOG, make_team(), request) == (
        Violation("athlete-required", "athlete", "Choose an athlete of this team."),
    )


def test_a_purchase_is_for_the_requested_athlete() -> None:
    team = make_team(make_athlete(1, "razor"), make_athlete(2, "butcher"))
    assert quote(CATALOG, team, skill("automatic-carve", athlete_id=2)).cost == 200_000
    assert codes(refusal(CATALOG, team, skill("automatic-carve", athlete_id=1))) == ["skill-type"]


# --- spending windows: who pays ------------------------------------------------------------------------------

PRE = SpendingWindow(pre_season=True)


@pytest.mark.parametrize(
    ("balances", "debits"),
    [
        ({"skill_budget": 300_000, "treasury": 1_000_000}, (("skill_budget", 200_000),)),
        ({"skill_budget": 150_000, "treasury": 1_000_000}, (("skill_budget", 150_000), ("treasury", 50_000))),
        ({"skill_budget": 0, "treasury": 1_000_000}, (("treasury", 200_000),)),
        ({"treasury": 200_000}, (("treasury", 200_000),)),
        ({"skill_budget": 200_000, "staff_budget": 1_000_000}, (("skill_budget", 200_000),)),
    ],
    ids=["budget-covers", "budget-then-treasury", "empty-budget", "no-budget", "staff-budget-untouched"],
)
def test_pre_season_skills_pay_from_the_skill_budget_then_the_treasury(balances: dict[str, int], debits: tuple) -> None:
    team = make_team(make_athlete(type="butcher"), balances=balances, window=PRE)
    assert quote(CATALOG, team, skill("automatic-carve")).debits == debits


def test_pre_season_trait_increases_pay_from_the_skill_budget_then_the_treasury() -> None:
    team = make_team(
        make_athlete(type="butcher", traits={"brawling": 6}), balances={"skill_budget": 300_000, "treasury": 500_000}
    )
    assert quote(CATALOG, team, trait("brawling")).debits == (("skill_budget", 300_000), ("treasury", 100_000))


@pytest.mark.parametrize(
    ("balances", "debits"),
    [
        ({"staff_budget": 200_000, "treasury": 1_000_000}, (("staff_budget", 200_000),)),
        (
            {"staff_budget": 50_000, "skill_budget": 1_000_000, "treasury": 1_000_000},
            (("staff_budget", 50_000), ("treasury", 150_000)),
        ),
    ],
    ids=["budget-covers", "budget-then-treasury"],
)
def test_pre_season_staff_pays_from_the_staff_budget_then_the_treasury(balances: dict[str, int], debits: tuple) -> None:
    team = make_team(balances=balances, window=PRE)
    assert quote(CATALOG, team, staff("physician")).debits == debits


def test_pre_season_has_no_played_or_one_per_game_limits() -> None:
    window = SpendingWindow(pre_season=True, played=frozenset(), skill_bought=frozenset({1}), trait_bought=frozenset({1}))
    team = make_team(make_athlete(1, "butcher"), window=window)
    assert quote(CATALOG, team, skill("automatic-carve")).cost == 200_000
    assert quote(CATALOG, team, trait("brawling")).cost == 400_000


@pytest.mark.parametrize(
    "request_", [skill("automatic-carve"), trait("brawling"), staff("physician")], ids=["skill", "trait", "staff"]
)
def test_post_game_pays_from_the_treasury_only(request_: PurchaseRequest) -> None:
    rich_budgets = {"skill_budget": 1_000_000, "staff_budget": 1_000_000, "treasury": 1_000_000}
    team = make_team(make_athlete(1, "butcher"), balances=rich_budgets, window=post_game(played={1}))
    (debit,) = quote(CATALOG, team, request_).debits
    assert debit[0] == "treasury"


@pytest.mark.parametrize(
    "request_", [skill("automatic-carve"), trait("brawling"), staff("physician")], ids=["skill", "trait", "staff"]
)
def test_post_game_budgets_do_not_make_up_a_short_treasury(request_: PurchaseRequest) -> None:
    team = make_team(
        make_athlete(1, "butcher"),
        balances={"skill_budget": 1_000_000, "staff_budget": 1_000_000, "treasury": 100_000},
        window=post_game(played={1}),
    )
    assert codes(refusal(CATALOG, team, request_)) == ["insufficient-funds"]


# --- spending windows: who may learn after a game ---------------------------------------------------------------


@pytest.mark.parametrize("request_", [skill("automatic-carve"), trait("brawling")], ids=["skill", "trait"])
def test_after_a_game_only_athletes_who_played_may_learn(request_: PurchaseRequest) -> None:
    team = make_team(make_athlete(1, "butcher", name="Krug"), make_athlete(2, "razor"), window=post_game(played={2}))
    assert refusal(CATALOG, team, request_) == (
        Violation(
            "window-not-played", "athlete", "Krug did not play in the last game, so cannot learn until after the next one."
        ),
    )


def test_after_a_game_reported_without_a_lineup_any_six_may_learn() -> None:
    """engine.slaughterball.games.took_part: the athletes who learned since (or were injured in it) are taken to be
    the six who played; a seventh is refused, and an injured one still cannot learn."""
    athletes = [make_athlete(n, "butcher", name=f"Butcher {n}") for n in range(1, 9)]
    unrecorded = SpendingWindow(False, skill_bought=frozenset({1, 2, 3, 4}), injured=frozenset({5}), lineup_recorded=False)
    team = make_team(*athletes, window=unrecorded)
    assert quote(CATALOG, team, skill("automatic-carve", athlete_id=6)).cost == 200_000  # the sixth
    assert quote(CATALOG, team, trait("speed", athlete_id=1)).cost == 500_000  # one of the six: his trait point
    assert refusal(CATALOG, team, trait("speed", athlete_id=5)) == (
        Violation(
            "window-injured",
            "athlete",
            "Butcher 5 ended the last game with Injury tokens, so cannot learn until after the next one.",
        ),
    )
    six = replace(unrecorded, trait_bought=frozenset({6}))
    assert refusal(CATALOG, make_team(*athletes, window=six), skill("automatic-carve", athlete_id=7)) == (
        Violation(
            "window-six-played",
            "athlete",
            "The last game was reported without a lineup and six athletes play a game: six others have learned since "
            "(or were injured in it), so Butcher 7 is taken to have sat it out.",
        ),
    )


def test_staff_may_be_hired_whoever_played() -> None:
    assert quote(CATALOG, make_team(window=post_game(played=())), staff("mascot")).cost == 100_000


def test_after_a_game_an_athlete_learns_one_skill() -> None:
    team = make_team(make_athlete(1, "butcher", name="Krug"), window=post_game(played={1}, skill_bought={1}))
    assert refusal(CATALOG, team, skill("automatic-carve")) == (
        Violation("window-skill-limit", "athlete", "Krug has already learned a new skill since the last game."),
    )
    assert quote(CATALOG, team, trait("brawling")).cost == 400_000  # the trait point is separate


def test_after_a_game_an_athlete_raises_one_trait_point() -> None:
    team = make_team(make_athlete(1, "butcher", name="Krug"), window=post_game(played={1}, trait_bought={1}))
    assert refusal(CATALOG, team, trait("speed")) == (
        Violation("window-trait-limit", "athlete", "Krug has already learned a trait point since the last game."),
    )
    assert quote(CATALOG, team, skill("automatic-carve")).cost == 200_000  # the skill is separate


def test_the_one_per_game_limits_are_per_athlete() -> None:
    team = make_team(
        make_athlete(1, "butcher"),
        make_athlete(2, "slasher"),
        window=post_game(played={1, 2}, skill_bought={1}, trait_bought={1}),
    )
    assert quote(CATALOG, team, skill("automatic-carve", athlete_id=2)).cost == 200_000
    assert quote(CATALOG, team, trait("brawling", athlete_id=2)).cost == expected_trait_cost(
        STARTING_TRAITS["slasher"][2] + 1, True
    )


def test_window_and_item_problems_are_reported_together() -> None:
    team = make_team(make_athlete(1, "razor"), window=post_game(played=()))
    assert codes(refusal(CATALOG, team, skill("automatic-carve"))) == ["window-not-played", "skill-type"]


# --- insufficient funds ---------------------------------------------------------------------------------------


def test_insufficient_funds_names_the_cost_and_what_the_team_has() -> None:
    team = make_team(make_athlete(type="butcher"), balances={"skill_budget": 100_000, "treasury": 50_000})
    assert refusal(CATALOG, team, skill("automatic-carve")) == (
        Violation(
            "insufficient-funds", "item", "Automatic Carve costs 200,000 credits; the team has 150,000 credits to spend on it."
        ),
    )


def test_a_negative_treasury_counts_as_nothing_to_spend() -> None:
    team = make_team(balances={"staff_budget": 100_000, "treasury": -300_000})
    assert refusal(CATALOG, team, staff("physician")) == (
        Violation("insufficient-funds", "item", "Physician costs 200,000 credits; the team has 100,000 credits to spend on it."),
    )


def test_funds_are_checked_only_when_the_rules_allow_the_purchase() -> None:
    team = make_team(make_athlete(type="razor"), balances={})
    assert codes(refusal(CATALOG, team, skill("automatic-carve"))) == ["skill-type"]


def test_exact_funds_are_enough() -> None:
    team = make_team(balances={"treasury": 500_000}, window=post_game())
    assert quote(CATALOG, team, staff("offensive-coach")).debits == (("treasury", 500_000),)


# --- purchase_options and staff_options ------------------------------------------------------------------------


def outcome(team: TeamFacts, request: PurchaseRequest) -> Quote | tuple[Violation, ...]:
    """The quote for an allowed purchase, or the violations of a refused one."""
    try:
        return quote_purchase(CATALOG, team, request)
    except RuleViolation as refused:
        return refused.violations


def options_by_item(team: TeamFacts, athlete_id: int = 1) -> dict[tuple[str, str], PurchaseOption]:
    return {(o.kind, o.item): o for o in purchase_options(CATALOG, team, team.athlete(athlete_id))}


def test_purchase_options_lists_every_skill_then_the_five_traits() -> None:
    team = make_team(make_athlete(type="cleaver"))
    options = purchase_options(CATALOG, team, team.athlete(1))
    assert [(o.kind, o.item) for o in options] == [("skill", s) for s in CATALOG.skills] + [("trait", t) for t in TRAITS]
    assert len(options) == 51 + 5


@pytest.mark.parametrize("athlete_type", ATHLETE_TYPES)
@pytest.mark.parametrize(
    "window", [PRE, post_game(played={1}, skill_bought={1}), post_game()], ids=["pre-season", "skill-bought", "sat-out"]
)
def test_each_option_agrees_with_quote_purchase(athlete_type: str, window: SpendingWindow) -> None:
    team = make_team(
        make_athlete(type=athlete_type, traits={"brawling": 3}, skills=("awesome-brute-1",)),
        balances={"treasury": 300_000},
        window=window,
    )
    for option in purchase_options(CATALOG, team, team.athlete(1)):
        result = outcome(team, PurchaseRequest(option.kind, option.item, 1))
        if isinstance(result, Quote):
            assert (option.allowed, option.reason, option.cost, option.name) == (True, "", result.cost, result.name)
        else:
            assert (option.allowed, option.reason) == (False, " ".join(v.message for v in result))


def test_purchase_options_for_a_cleaver() -> None:
    team = make_team(
        make_athlete(type="cleaver", traits={"accuracy": 4, "speed": 9}, skills=("awesome-brute-1",)),
        balances={"treasury": 250_000},
    )
    options = options_by_item(team)
    # Each skill carries its List of Skills text, quoted.
    assist_chop = "Instead of interfering with an opponent during a chop, you can add +1 die to your teammate's Brawling test."
    assert options[("skill", "assist-chop")] == PurchaseOption(
        "skill", "assist-chop", "Assist Chop", 50_000, True, "", assist_chop
    )
    assert options[("skill", "automatic-carve")] == PurchaseOption(
        "skill",
        "automatic-carve",
        "Automatic Carve",
        200_000,
        False,
        "Automatic Carve can be learned by slashers and butchers only.",
        "You do not need to play an Interrupt card to carve an opponent leaving an adjacent space. You can carve as many "
        "times as you want in a turn, but you can only carve the same opponent once during a Move action.",
    )
    assert options[("skill", "awesome-brute-1")] == PurchaseOption(
        "skill",
        "awesome-brute-1",
        "Awesome Brute 1",
        50_000,
        False,
        "Athlete 1 already has Awesome Brute 1.",
        "For each level of this skill, when you play a Brute card, you can roll one additional Brawling die.",
    )
    leadership = options[("skill", "leadership")]
    assert (leadership.cost, leadership.allowed) == (None, False)
    assert leadership.reason.startswith("Leadership cost is a house value this league has not set yet")
    assert options[("trait", "accuracy")] == PurchaseOption(
        "trait",
        "accuracy",
        "Accuracy",
        300_000,
        False,
        "Accuracy costs 300,000 credits; the team has 250,000 credits to spend on it.",
    )
    assert options[("trait", "brawling")] == PurchaseOption(
        "trait",
        "brawling",
        "Brawling",
        400_000,
        False,
        "Brawling costs 400,000 credits; the team has 250,000 credits to spend on it.",
    )
    assert options[("trait", "speed")] == PurchaseOption(
        "trait", "speed", "Speed", None, False, "Cleaver Speed is at its maximum of 9."
    )
    assert options[("trait", "toughness")] == PurchaseOption(
        "trait",
        "toughness",
        "Toughness",
        500_000,
        False,
        "Toughness costs 500,000 credits; the team has 250,000 credits to spend on it.",
    )


def test_purchase_options_list_the_cost_even_when_refused_for_the_window() -> None:
    team = make_team(make_athlete(type="butcher"), window=post_game())
    option = options_by_item(team)[("skill", "automatic-carve")]
    assert (option.cost, option.allowed) == (200_000, False)
    assert option.reason.endswith("cannot learn until after the next one.")


def test_staff_options_list_all_six_with_cost_and_reason() -> None:
    team = make_team(staff={"physician": 1, "cheerleader": 3}, balances={"treasury": 300_000}, window=post_game())
    assert staff_options(CATALOG, team) == [
        PurchaseOption("staff", "cheerleader", "Cheerleader", 100_000, True, ""),
        PurchaseOption(
            "staff",
            "defensive-coach",
            "Defensive Coach",
            500_000,
            False,
            "Defensive Coach costs 500,000 credits; the team has 300,000 credits to spend on it.",
        ),
        PurchaseOption("staff", "mascot", "Mascot", 100_000, True, ""),
        PurchaseOption("staff", "maverick-agent", "Maverick Agent", 50_000, True, ""),
        PurchaseOption(
            "staff",
            "offensive-coach",
            "Offensive Coach",
            500_000,
            False,
            "Offensive Coach costs 500,000 credits; the team has 300,000 credits to spend on it.",
        ),
        PurchaseOption("staff", "physician", "Physician", 200_000, False, "A team may have at most 1 Physician."),
    ]


def test_the_ruleset_delegates_purchases() -> None:
    ruleset = get_ruleset("slaughterball")
    team = make_team(make_athlete(type="butcher"))
    assert ruleset.quote_purchase(CATALOG, team, skill("automatic-carve")) == quote_purchase(
        CATALOG, team, skill("automatic-carve")
    )
    assert ruleset.purchase_options(CATALOG, team, team.athlete(1)) == purchase_options(CATALOG, team, team.athlete(1))
    assert ruleset.staff_options(CATALOG, team) == staff_options(CATALOG, team)


def test_lasting_injuries_bar_an_athlete_with_injury_tokens_from_the_post_game() -> None:
    """Optional Rules, Lasting Injuries: Injury tokens at the end of a game, no buying in its Post-Game."""
    window = SpendingWindow(False, played=frozenset({1, 2}), injured=frozenset({1}))
    team = make_team(make_athlete(1, "butcher", name="Krug"), make_athlete(2, "butcher"), window=window)
    assert refusal(CATALOG, team, trait("speed", 1)) == (
        Violation(
            "window-injured", "athlete", "Krug ended the last game with Injury tokens, so cannot learn until after the next one."
        ),
    )
    assert quote(CATALOG, team, trait("speed", 2)).cost == 500_000
