"""Money: paying from ledger accounts, athlete value, Team Potential and the league's budget options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.money import TREASURY, format_credits, plan_payment
from engine.core.violations import RuleViolation, Violation
from engine.registry import get_ruleset
from engine.slaughterball.catalog import build_catalog
from engine.slaughterball.purchases import team_potential
from tests.engine.builders import make_athlete, make_team, quote, skill

RULESET = get_ruleset("slaughterball")


def available(balances: dict[str, int], accounts: tuple[str, ...]) -> int:
    """What the listed accounts hold; an overdrawn account holds nothing."""
    return sum(max(balances.get(account, 0), 0) for account in accounts)


# --- format_credits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (400_000, "400,000 credits"),
        (50_000, "50,000 credits"),
        (0, "0 credits"),
        (3_700_000, "3,700,000 credits"),
    ],
)
def test_format_credits(amount: int, text: str) -> None:
    assert format_credits(amount) == text


def test_format_credits_in_another_unit() -> None:
    assert format_credits(10_000, "gold pieces") == "10,000 gold pieces"


# --- plan_payment: examples -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cost", "balances", "accounts", "debits"),
    [
        (200_000, {"skill_budget": 300_000, TREASURY: 1_000}, ("skill_budget", TREASURY), (("skill_budget", 200_000),)),
        (
            400_000,
            {"skill_budget": 300_000, TREASURY: 500_000},
            ("skill_budget", TREASURY),
            (("skill_budget", 300_000), (TREASURY, 100_000)),
        ),
        (400_000, {"skill_budget": 300_000, TREASURY: 500_000}, (TREASURY,), ((TREASURY, 400_000),)),
        (100_000, {"skill_budget": 0, TREASURY: 100_000}, ("skill_budget", TREASURY), ((TREASURY, 100_000),)),
        (100_000, {"skill_budget": -50_000, TREASURY: 100_000}, ("skill_budget", TREASURY), ((TREASURY, 100_000),)),
        (100_000, {TREASURY: 100_000}, ("skill_budget", TREASURY), ((TREASURY, 100_000),)),
        (0, {}, (TREASURY,), ()),
    ],
    ids=[
        "budget-covers",
        "budget-then-treasury",
        "treasury-only",
        "empty-budget",
        "overdrawn-budget",
        "no-budget-account",
        "free",
    ],
)
def test_plan_payment_examples(cost: int, balances: dict[str, int], accounts: tuple[str, ...], debits: tuple) -> None:
    assert plan_payment(cost, balances, accounts) == debits


@pytest.mark.parametrize(
    ("cost", "balances", "accounts"),
    [
        (400_000, {"skill_budget": 300_000, TREASURY: 50_000}, ("skill_budget", TREASURY)),
        (400_000, {"skill_budget": 1_000_000, TREASURY: 350_000}, (TREASURY,)),
        (1, {TREASURY: -1_000_000}, (TREASURY,)),
        (50_000, {}, ()),
    ],
)
def test_plan_payment_returns_none_when_the_accounts_hold_too_little(
    cost: int, balances: dict[str, int], accounts: tuple[str, ...]
) -> None:
    assert plan_payment(cost, balances, accounts) is None


# --- plan_payment: properties -------------------------------------------------------------------------------

ACCOUNT_NAMES = st.sampled_from([TREASURY, "skill_budget", "staff_budget", "prize_fund", "fines"])
BALANCES = st.dictionaries(ACCOUNT_NAMES, st.integers(min_value=-5_000_000, max_value=5_000_000))
ACCOUNTS = st.lists(ACCOUNT_NAMES, unique=True, max_size=5).map(tuple)
COSTS = st.integers(min_value=0, max_value=12_000_000)


@given(cost=COSTS, balances=BALANCES, accounts=ACCOUNTS)
def test_plan_payment_returns_none_exactly_when_the_accounts_hold_less_than_the_cost(
    cost: int, balances: dict[str, int], accounts: tuple[str, ...]
) -> None:
    assert (plan_payment(cost, balances, accounts) is None) == (available(balances, accounts) < cost)


@given(cost=COSTS, balances=BALANCES, accounts=ACCOUNTS)
def test_plan_payment_debits_sum_to_the_cost(cost: int, balances: dict[str, int], accounts: tuple[str, ...]) -> None:
    debits = plan_payment(cost, balances, accounts)
    if available(balances, accounts) >= cost:
        assert debits is not None
        assert sum(amount for _, amount in debits) == cost


@given(cost=COSTS, balances=BALANCES, accounts=ACCOUNTS)
def test_plan_payment_never_overdraws_or_touches_an_unlisted_account(
    cost: int, balances: dict[str, int], accounts: tuple[str, ...]
) -> None:
    debits = plan_payment(cost, balances, accounts) or ()
    debited = [account for account, _ in debits]
    assert len(debited) == len(set(debited))
    for account, amount in debits:
        assert account in accounts
        assert 0 < amount <= balances.get(account, 0)


@given(cost=COSTS, balances=BALANCES, accounts=ACCOUNTS)
def test_plan_payment_drains_the_accounts_in_the_order_given(
    cost: int, balances: dict[str, int], accounts: tuple[str, ...]
) -> None:
    debits = plan_payment(cost, balances, accounts) or ()
    debited = [account for account, _ in debits]
    assert debited == [account for account in accounts if account in debited]
    for account, amount in debits[:-1]:  # every account but the last one paying is emptied first
        assert amount == balances[account]


@given(cost=COSTS, balances=BALANCES, accounts=ACCOUNTS)
def test_plan_payment_does_not_change_the_balances(cost: int, balances: dict[str, int], accounts: tuple[str, ...]) -> None:
    before = dict(balances)
    plan_payment(cost, balances, accounts)
    assert balances == before


# --- athlete value and Team Potential --------------------------------------------------------------------------


def test_athlete_value_is_base_value_plus_extra_value() -> None:
    athlete = make_athlete(type="razor", base_value=3_700_000, extra_value=450_000)
    assert athlete.value == 4_150_000


def test_athlete_traits_and_skills_include_what_was_bought() -> None:
    athlete = make_athlete(
        type="butcher",
        traits={"brawling": 6},
        increases={"brawling": 2, "speed": 1},
        skills=("savagery",),
        bought=("automatic-carve",),
    )
    assert athlete.traits == {"accuracy": 2, "agility": 2, "brawling": 8, "speed": 5, "toughness": 6}
    assert athlete.skills == ("savagery", "automatic-carve")


def test_a_bought_skill_raises_the_athletes_value_by_its_cost() -> None:
    """Skills in Leagues: "Whenever an athlete acquires a new skill, increase the athlete's cost by the cost of the skill."""
    butcher = make_athlete(type="butcher", base_value=3_500_000)
    price = quote(build_catalog({}), make_team(butcher), skill("automatic-carve")).cost
    after = make_athlete(type="butcher", base_value=3_500_000, bought=("automatic-carve",), extra_value=price)
    assert after.value == 3_700_000


def test_team_potential_is_the_athletes_values_plus_the_staff() -> None:
    team = make_team(
        make_athlete(1, "razor", base_value=3_100_000),
        make_athlete(2, "cleaver", base_value=3_000_000, extra_value=300_000),
        make_athlete(3, "slasher", base_value=2_300_000),
        staff={"physician": 1, "cheerleader": 2},
        staff_value=400_000,
    )
    assert team_potential(team) == 3_100_000 + 3_300_000 + 2_300_000 + 400_000
    assert RULESET.team_potential(team) == team_potential(team)


def test_team_potential_leaves_out_the_treasury() -> None:
    poor = make_team(make_athlete(base_value=2_000_000), balances={TREASURY: 0})
    rich = make_team(make_athlete(base_value=2_000_000), balances={TREASURY: 9_000_000, "skill_budget": 300_000})
    assert team_potential(poor) == team_potential(rich) == 2_000_000


# --- league options: the Skill Budget and Support Staff Budget ------------------------------------------------------


def test_budgets_are_off_by_default() -> None:
    options = RULESET.validate_options({})
    assert (options["skill_budget"], options["staff_budget"]) == (None, None)  # other options have their own tests


@pytest.mark.parametrize(
    "options",
    [
        {"skill_budget": 300_000, "staff_budget": 200_000},
        {"skill_budget": 0, "staff_budget": None},
        {"skill_budget": None, "staff_budget": 1_050_000},
    ],
)
def test_valid_budgets_are_kept(options: dict[str, int | None]) -> None:
    assert RULESET.validate_options(options).items() >= options.items()


@pytest.mark.parametrize("key", ["skill_budget", "staff_budget"])
@pytest.mark.parametrize("value", [75_000, 320_000, -50_000, "300000", 300_000.0, True])
def test_a_budget_must_be_credits_in_steps_of_50000(key: str, value: object) -> None:
    with pytest.raises(RuleViolation) as refused:
        RULESET.validate_options({key: value})
    assert refused.value.violations == (
        Violation(
            "option-invalid",
            f"options.{key}",
            "A budget is a whole number of credits, at least 0, in steps of 50,000, or null for off.",
        ),
    )


def test_unknown_options_are_refused_with_the_bad_budgets() -> None:
    with pytest.raises(RuleViolation) as refused:
        RULESET.validate_options({"maverick_budget": 500_000, "skill_budget": 10})
    assert refused.value.violations == (
        Violation("option-unknown", "options.maverick_budget", "maverick_budget is not a Slaughterball league option."),
        Violation(
            "option-invalid",
            "options.skill_budget",
            "A budget is a whole number of credits, at least 0, in steps of 50,000, or null for off.",
        ),
    )


def test_opening_balances_fund_the_budgets_the_league_turned_on() -> None:
    assert RULESET.opening_balances({"skill_budget": 300_000, "staff_budget": 200_000}) == [
        ("skill_budget", 300_000, "Skill Budget (300,000 credits)"),
        ("staff_budget", 200_000, "Support Staff Budget (200,000 credits)"),
    ]


@pytest.mark.parametrize("options", [{"skill_budget": None, "staff_budget": None}, {"skill_budget": 0, "staff_budget": 0}, {}])
def test_no_opening_balances_without_budgets(options: dict[str, int | None]) -> None:
    assert RULESET.opening_balances(options) == []
