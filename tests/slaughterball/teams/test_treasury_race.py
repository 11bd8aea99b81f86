"""Two requests spending the same treasury at the same moment, each in its own thread, connection and
transaction (PostgreSQL: SQLite runs one writer at a time, so it cannot race).

The services lock the team row first, so the second request waits for the first to commit and then
sees what is left. Without the lock both would read the same balance and both would spend it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest.mock import Mock

import pytest

from rosters import services
from rosters.services import grant_create
from slaughterball.models import Purchase
from tests.factories import LeagueFactory, make_team
from tests.rosters.helpers import client, ledger_sums, race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def poor_team(commissioner, coach, monkeypatch):
    """A team in a league without budgets, holding 150,000 credits: enough for one 100,000 spend, not two."""
    # The sign-up really commits here, so its notification would run, eagerly: not this test's business, and
    # an eager Celery call caches the app's broker connection, which tests/tasks later points at Redis.
    monkeypatch.setattr(services, "notify", Mock())
    league = LeagueFactory(commissioner=commissioner, options={})
    team = make_team(league, coach)
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=150_000, reason="Sponsor")
    return team


def hire_cheerleader(team, key: str | None = None) -> Callable[[], Any]:
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return lambda: client(team.coach).post(
        f"/api/teams/{team.pk}/purchases/", {"kind": "staff", "item": "cheerleader"}, format="json", **headers
    )


def fine(team, commissioner) -> Callable[[], Any]:
    return lambda: client(commissioner).post(
        f"/api/leagues/{team.league_id}/grants/", {"team": team.pk, "amount": -100_000, "reason": "Brawl"}, format="json"
    )


@pytest.mark.parametrize(
    "spends",
    [
        pytest.param(("purchase", "purchase"), id="two-purchases"),
        pytest.param(("purchase", "fine"), id="a-purchase-and-a-fine"),
        pytest.param(("fine", "fine"), id="two-fines"),
    ],
)
def test_two_spends_that_together_exceed_the_treasury_one_wins(spends, poor_team, commissioner):
    requests = {"purchase": hire_cheerleader(poor_team), "fine": fine(poor_team, commissioner)}

    responses = race(*(requests[spend] for spend in spends))

    assert sorted(r.status_code for r in responses) == [201, 400]
    [refused] = [r for r in responses if r.status_code == 400]
    assert [e["code"] for e in refused.json()["errors"]] == ["insufficient-funds"]
    balances = ledger_sums(poor_team)
    assert balances["treasury"] == 50_000
    assert min(balances.values()) >= 0


def test_the_same_idempotency_key_at_once_buys_once(poor_team):
    responses = race(hire_cheerleader(poor_team, key="double-click"), hire_cheerleader(poor_team, key="double-click"))

    assert sorted(r.status_code for r in responses) == [200, 201]
    assert responses[0].json()["id"] == responses[1].json()["id"]
    assert Purchase.objects.filter(team=poor_team).count() == 1
    assert ledger_sums(poor_team)["treasury"] == 50_000
