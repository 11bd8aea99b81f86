"""Spending credits through the API, against the rulebook (Skills, Trait Increase, Support Staff,
Optional Rules: Skill Budget and Support Staff Budget).

The coach's team (tests/conftest.py) is a Valkyries team: #1-#2 razors (3,100,000), #3-#4 cleavers
(2,900,000, with Beckon and five other skills), #5-#6 slashers and #7-#8 butchers (house values
2,400,000 and 2,800,000): Team Potential 22,400,000. Pre-season it holds a Skill Budget of 300,000,
a Support Staff Budget of 200,000 and an empty treasury. Unprinted skill costs are 100,000 (house).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rosters.models import LedgerEntry
from rosters.services import grant_create
from slaughterball.models import Purchase
from tests.api.helpers import errors, problems
from tests.rosters.helpers import ledger_sums
from tests.slaughterball.teams.helpers import db_state

STARTING_POTENTIAL = 22_400_000


@pytest.fixture
def coach_api(client_of):
    return client_of("coach")


@pytest.fixture
def buy(coach_api, team):
    """Buy for the coach's team: buy("skill", "leadership", athlete_number=3)."""

    def purchase(kind: str, item: str, athlete_number: int | None = None, key: str | None = None, **body: Any) -> Any:
        if athlete_number is not None:
            body["athlete"] = team.athletes.get(number=athlete_number).pk
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        return coach_api.post(f"/api/teams/{team.pk}/purchases/", {"kind": kind, "item": item, **body}, format="json", **headers)

    return purchase


@pytest.fixture
def grant(league, commissioner, team):
    def to_treasury(amount: int) -> None:
        grant_create(league=league, user=commissioner, team_id=team.pk, amount=amount, reason="Sponsor")

    return to_treasury


@pytest.fixture
def show(coach_api, team):
    """The team as the API shows it now."""
    return lambda: coach_api.get(f"/api/teams/{team.pk}/").json()


def athlete_row(shown: dict[str, Any], number: int) -> dict[str, Any]:
    return next(a for a in shown["athletes"] if a["number"] == number)


def purchase_rows(purchase_id: int) -> list[tuple[str, int, str]]:
    return sorted(LedgerEntry.objects.filter(purchase_id=purchase_id).values_list("account", "amount", "reason"))


def test_a_skill_adds_its_cost_to_the_athlete_and_team_potential_and_is_paid_from_the_skill_budget(buy, show):
    response = buy("skill", "leadership", athlete_number=3)

    assert response.status_code == 201, response.content
    bought = response.json()
    assert (bought["kind"], bought["item"], bought["name"], bought["cost"], bought["created_by"]) == (
        "skill",
        "leadership",
        "Leadership",
        100_000,
        "own_coach",
    )
    team = show()
    gristle = athlete_row(team, 3)
    assert "leadership" in gristle["skills"]
    assert (gristle["base_value"], gristle["extra_value"], gristle["value"]) == (2_900_000, 100_000, 3_000_000)
    assert team["athletes_value"] == team["team_potential"] == STARTING_POTENTIAL + 100_000
    assert team["balances"] == {"treasury": 0, "skill_budget": 200_000, "staff_budget": 200_000}
    assert purchase_rows(bought["id"]) == [("skill_budget", -100_000, "Leadership for Gristle 1")]


@pytest.mark.parametrize(
    ("number", "trait", "before", "cost"),
    [
        # Trait Increase: the new value x 100,000 ...
        pytest.param(3, "brawling", 3, 400_000, id="cleaver-brawling"),
        pytest.param(1, "brawling", 2, 300_000, id="razor-brawling"),
        # ... half for a starred trait of the type, rounded up to the next 100,000.
        pytest.param(3, "agility", 4, 300_000, id="cleaver-agility-starred"),
        pytest.param(7, "toughness", 6, 400_000, id="butcher-toughness-starred"),
    ],
)
def test_a_trait_point_costs_what_the_rulebook_says_and_adds_it_to_the_athletes_value(
    number, trait, before, cost, buy, grant, show
):
    grant(1_000_000)
    starting = athlete_row(show(), number)

    response = buy("trait", trait, athlete_number=number)

    assert response.status_code == 201, response.content
    assert response.json()["cost"] == cost
    after = athlete_row(show(), number)
    assert (starting["traits"][trait], after["traits"][trait]) == (before, before + 1)
    assert after["value"] == starting["value"] + cost
    assert show()["team_potential"] == STARTING_POTENTIAL + cost


def test_pre_season_the_skill_budget_pays_first_then_the_treasury(buy, grant, show):
    grant(500_000)

    first = buy("trait", "brawling", athlete_number=3).json()  # 400,000: the budget's 300,000, then 100,000
    second = buy("skill", "leadership", athlete_number=4).json()  # the budget is spent: all from the treasury

    assert purchase_rows(first["id"]) == [
        ("skill_budget", -300_000, "Brawling for Gristle 1"),
        ("treasury", -100_000, "Brawling for Gristle 1"),
    ]
    assert purchase_rows(second["id"]) == [("treasury", -100_000, "Leadership for Marrow 1")]
    assert show()["balances"] == {"treasury": 300_000, "skill_budget": 0, "staff_budget": 200_000}


def test_staff_are_paid_from_the_support_staff_budget_and_count_in_team_potential_only(buy, grant, show):
    grant(100_000)

    physician = buy("staff", "physician").json()
    cheerleader = buy("staff", "cheerleader").json()  # the staff budget is spent: from the treasury

    assert purchase_rows(physician["id"]) == [("staff_budget", -200_000, "Hired Physician")]
    assert purchase_rows(cheerleader["id"]) == [("treasury", -100_000, "Hired Cheerleader")]
    team = show()
    assert [(s["item"], s["cost"]) for s in team["staff"]] == [("physician", 200_000), ("cheerleader", 100_000)]
    assert team["athletes_value"] == STARTING_POTENTIAL
    assert team["staff_value"] == 300_000
    assert team["team_potential"] == STARTING_POTENTIAL + 300_000
    assert team["balances"] == {"treasury": 0, "skill_budget": 300_000, "staff_budget": 0}


@pytest.mark.parametrize(
    ("kind", "item", "athlete_number", "message"),
    [
        pytest.param(
            "trait",
            "brawling",
            3,
            "Brawling costs 400,000 credits; the team has 300,000 credits to spend on it.",
            id="a-trait-never-draws-on-the-staff-budget",
        ),
        pytest.param(
            "staff",
            "defensive-coach",
            None,
            "Defensive Coach costs 500,000 credits; the team has 200,000 credits to spend on it.",
            id="staff-never-draw-on-the-skill-budget",
        ),
    ],
)
def test_each_budget_pays_only_for_its_own_kind(kind, item, athlete_number, message, buy):
    before = db_state()

    response = buy(kind, item, athlete_number=athlete_number)

    assert response.status_code == 400
    assert errors(response) == [{"code": "insufficient-funds", "field": "item", "message": message}]
    assert db_state() == before


def test_a_second_physician_is_refused_but_cheerleaders_have_no_maximum(buy, grant):
    grant(1_000_000)
    assert buy("staff", "physician").status_code == 201
    before = db_state()

    refused = buy("staff", "physician")

    assert refused.status_code == 400
    assert errors(refused) == [{"code": "staff-maximum", "field": "item", "message": "A team may have at most 1 Physician."}]
    assert db_state() == before
    assert [buy("staff", "cheerleader").status_code for _ in range(3)] == [201, 201, 201]


def test_a_trait_stops_at_the_maximum_for_the_athletes_type(buy, grant):
    grant(1_000_000)
    assert buy("trait", "brawling", athlete_number=1).status_code == 201  # razor Brawling 2 -> 3, the razor maximum

    refused = buy("trait", "brawling", athlete_number=1)

    assert refused.status_code == 400
    assert errors(refused) == [{"code": "trait-maximum", "field": "item", "message": "Razor Brawling is at its maximum of 3."}]


def test_every_balance_is_the_sum_of_its_ledger_rows(buy, grant, league, commissioner, team, coach_api, show):
    grant(900_000)
    for kind, item, number in [
        ("skill", "leadership", 3),
        ("trait", "speed", 5),
        ("staff", "physician", None),
        ("staff", "mascot", None),
        ("skill", "stand-up", 7),
    ]:
        assert buy(kind, item, athlete_number=number).status_code == 201
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=-50_000, reason="Late roster")

    rows = coach_api.get(f"/api/teams/{team.pk}/ledger/", {"page_size": 200}).json()["results"]

    sums: Counter[str] = Counter()
    for row in rows:
        sums[row["account"]] += row["amount"]
    assert show()["balances"] == dict(sums) == ledger_sums(team)
    assert all(balance >= 0 for balance in sums.values())
    assert {row["reason"] for row in rows} >= {
        "Sponsor",
        "Late roster",
        "Hired Physician",
        "Speed for Sinew 1",
        "Skill Budget (300,000 credits)",
        "Support Staff Budget (200,000 credits)",
    }


class TestIdempotency:
    def test_the_same_key_twice_buys_once(self, buy, show):
        first = buy("skill", "leadership", athlete_number=3, key="double-click")
        after_first = db_state()

        replay = buy("skill", "leadership", athlete_number=3, key="double-click")

        assert (first.status_code, replay.status_code) == (201, 200)
        assert replay.json() == first.json()
        assert db_state() == after_first
        assert show()["balances"]["skill_budget"] == 200_000

    def test_a_staff_hire_that_names_an_athlete_replays_too(self, buy):
        first = buy("staff", "mascot", athlete_number=3, key="mascot")

        replay = buy("staff", "mascot", athlete_number=3, key="mascot")

        assert (first.status_code, replay.status_code) == (201, 200)
        assert Purchase.objects.filter(item="mascot").count() == 1

    def test_the_same_key_for_another_purchase_is_refused(self, buy):
        buy("skill", "leadership", athlete_number=3, key="k-1")
        before = db_state()

        reused = buy("skill", "leadership", athlete_number=4, key="k-1")

        assert reused.status_code == 400
        assert problems(reused) == {("idempotency-key-reused", "idempotency_key")}
        assert db_state() == before

    def test_keys_belong_to_one_team(self, buy, client_of, rival_team):
        buy("staff", "mascot", key="k-1")

        rivals = client_of("rival").post(
            f"/api/teams/{rival_team.pk}/purchases/",
            {"kind": "staff", "item": "mascot"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="k-1",
        )

        assert rivals.status_code == 201
        assert Purchase.objects.filter(item="mascot").count() == 2

    @pytest.mark.parametrize(("second_amount", "status"), [(250_000, 200), (-50_000, 400)])
    def test_a_grant_with_the_same_key_is_applied_once(self, second_amount, status, client_of, league, team):
        commissioner = client_of("commissioner")
        url = f"/api/leagues/{league.pk}/grants/"
        first = commissioner.post(
            url, {"team": team.pk, "amount": 250_000, "reason": "Gate"}, format="json", HTTP_IDEMPOTENCY_KEY="gate-week-1"
        )
        before = db_state()

        again = commissioner.post(
            url, {"team": team.pk, "amount": second_amount, "reason": "Gate"}, format="json", HTTP_IDEMPOTENCY_KEY="gate-week-1"
        )

        assert (first.status_code, again.status_code) == (201, status)
        assert db_state() == before
        if status == 200:
            assert again.json() == first.json()
        else:
            assert problems(again) == {("idempotency-key-reused", "idempotency_key")}


class TestPurchaseOptions:
    def test_an_athletes_options_list_every_skill_and_trait_with_why_not(self, coach_api, team, buy):
        gristle = team.athletes.get(number=3)
        buy("skill", "leadership", athlete_number=3)

        options = coach_api.get(f"/api/athletes/{gristle.pk}/purchase-options/").json()

        by_item = {(o["kind"], o["item"]): o for o in options}
        assert len(by_item) == len(options)
        assert {kind for kind, _ in by_item} == {"skill", "trait"}
        assert by_item["skill", "pit-advice"] == {
            "kind": "skill",
            "item": "pit-advice",
            "name": "Pit Advice",
            "cost": 100_000,
            "allowed": True,
            "reason": "",
            "text": "You can use a Special action to gain another Onslaught token for your coach during this turn.",
        }
        refusals = {
            ("skill", "leadership"): "Gristle 1 already has Leadership.",
            ("skill", "beckon"): "Gristle 1 already has Beckon.",
            ("skill", "automatic-carve"): "Automatic Carve can be learned by slashers and butchers only.",
            ("trait", "brawling"): "Brawling costs 400,000 credits; the team has 200,000 credits to spend on it.",
        }
        for key, reason in refusals.items():
            assert (by_item[key]["allowed"], by_item[key]["reason"]) == (False, reason)
        assert by_item["trait", "agility"]["cost"] == 300_000  # starred for a cleaver: 500,000 / 2, rounded up

    def test_the_teams_staff_options_follow_the_maximum_and_the_money(self, coach_api, team, buy):
        def options() -> dict[str, tuple[bool, str]]:
            listed = coach_api.get(f"/api/teams/{team.pk}/purchase-options/").json()
            return {o["item"]: (o["allowed"], o["reason"]) for o in listed}

        assert options()["physician"] == (True, "")
        buy("staff", "physician")

        after = options()
        assert after["physician"] == (False, "A team may have at most 1 Physician.")
        assert after["cheerleader"] == (False, "Cheerleader costs 100,000 credits; the team has 0 credits to spend on it.")
        assert set(after) == {"cheerleader", "defensive-coach", "mascot", "maverick-agent", "offensive-coach", "physician"}
