"""Property: whatever grants, fines and purchases a team goes through, every balance the app shows is
the sum of the team's ledger rows and never below zero, and a refused operation changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.core.violations import RuleViolation
from engine.slaughterball.catalog import build_catalog
from pitside.errors import DomainError
from rosters.models import LedgerEntry
from rosters.services import grant_create
from slaughterball.models import Purchase
from slaughterball.selectors_teams import team_get, team_summary
from slaughterball.services.teams import purchase_make
from tests.rosters.helpers import ledger_sums
from tests.slaughterball.teams.helpers import db_state

CATALOG = build_catalog({})
NUMBERS = st.integers(min_value=1, max_value=8)  # the team's jersey numbers
OPERATION = st.one_of(
    st.tuples(st.just("grant"), st.integers(min_value=-800_000, max_value=800_000)),  # below zero: a fine
    st.tuples(st.just("skill"), st.sampled_from([*CATALOG.skills, "juggling"]), NUMBERS),
    st.tuples(st.just("trait"), st.sampled_from([*CATALOG.traits, "charisma"]), NUMBERS),
    st.tuples(st.just("staff"), st.sampled_from([*CATALOG.staff, "bookmaker"]), st.none()),
)


def shown_balances(team_id: int) -> dict[str, int]:
    """The balances the pages, sheets and API show (slaughterball.selectors_teams)."""
    team = team_get(team_id)
    assert team is not None
    return team_summary(team).balances


def apply(operation: tuple[Any, ...], *, league, commissioner, team) -> Any:
    kind, value, number = (*operation, None)[:3]
    if kind == "grant":
        return grant_create(league=league, user=commissioner, team_id=team.pk, amount=value, reason="Property")[0]
    athlete_id = team.athletes.get(number=number).pk if number else None
    return purchase_make(team_id=team.pk, user=team.coach, kind=kind, item=value, athlete_id=athlete_id)[0]


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=st.lists(OPERATION, max_size=12))
def test_balances_are_the_sum_of_the_ledger_and_never_negative(operations, league, commissioner, team):
    with transaction.atomic():  # every example starts from the same fresh team
        for operation in operations:
            before, balances_before = db_state(), ledger_sums(team)
            try:
                done = apply(operation, league=league, commissioner=commissioner, team=team)
            except (DomainError, RuleViolation):  # a refusal by the service or by the engine's rules
                assert db_state() == before
                done = None
            event(f"{operation[0]} {'refused' if done is None else 'done'}")  # see --hypothesis-show-statistics
            balances = ledger_sums(team)
            if operation[0] == "grant":
                amount = operation[1]
                should_refuse = amount == 0 or balances_before["treasury"] + amount < 0
                assert (done is None) == should_refuse
                if done is not None:
                    assert balances["treasury"] == balances_before["treasury"] + amount
            elif isinstance(done, Purchase):
                paid = sum(LedgerEntry.objects.filter(purchase=done).values_list("amount", flat=True))
                assert paid == -done.cost
                assert sum(balances.values()) == sum(balances_before.values()) - done.cost
            assert shown_balances(team.pk) == balances
            assert min(balances.values()) >= 0
        transaction.set_rollback(True)
