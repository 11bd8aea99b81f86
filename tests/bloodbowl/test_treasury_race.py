"""Two purchases of one Blood Bowl team at the same moment that together exceed its treasury, each in its
own thread, connection and transaction (PostgreSQL). The service locks the team row first, so the second
waits for the first to commit and then sees what is left (as tests/slaughterball/teams/test_treasury_race.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest.mock import Mock

import pytest

from bloodbowl.models import TeamProfile
from rosters import services as roster_services
from rosters.services import grant_create
from tests.bloodbowl.factories import BloodBowlLeagueFactory, make_bb_team
from tests.rosters.helpers import client, ledger_sums, race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team_with_200_000(commissioner, coach, monkeypatch):
    """50,000 left from the budget plus 150,000: one re-roll at double cost (120,000), not two."""
    monkeypatch.setattr(roster_services, "notify", Mock())  # the sign-up really commits: not this test's business
    league = BloodBowlLeagueFactory(commissioner=commissioner)
    team = make_bb_team(league, coach)
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=150_000, reason="Sponsor")
    return team


def purchase(team, body: dict[str, Any], key: str | None = None) -> Callable[[], Any]:
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return lambda: client(team.coach).post(f"/api/bloodbowl/teams/{team.pk}/purchases/", body, format="json", **headers)


REROLL = {"kind": "reroll"}
BRUISER = {"kind": "player", "position": "mud-bruiser", "name": "Sludge", "number": 13}


@pytest.mark.parametrize(
    ("first", "second", "left"),
    [
        pytest.param(REROLL, REROLL, 80_000, id="two-rerolls"),
        pytest.param(REROLL, BRUISER, None, id="a-reroll-and-a-player"),
    ],
)
def test_two_purchases_that_together_exceed_the_treasury_one_wins(first, second, left, team_with_200_000):
    responses = race(purchase(team_with_200_000, first), purchase(team_with_200_000, second))

    assert sorted(r.status_code for r in responses) == [201, 400]
    [won] = [r for r in responses if r.status_code == 201]
    [refused] = [r for r in responses if r.status_code == 400]
    assert [e["code"] for e in refused.json()["errors"]] == ["treasury-short"]
    treasury = ledger_sums(team_with_200_000)["treasury"]
    assert treasury == 200_000 - won.json()["cost"]
    assert treasury >= 0
    if left is not None:
        assert treasury == left
        assert TeamProfile.objects.get(team=team_with_200_000).rerolls == 3


def test_the_same_idempotency_key_at_once_buys_once(team_with_200_000):
    responses = race(purchase(team_with_200_000, REROLL, "double-click"), purchase(team_with_200_000, REROLL, "double-click"))

    assert sorted(r.status_code for r in responses) == [200, 201]
    assert responses[0].json()["ledger_entry"] == responses[1].json()["ledger_entry"]
    assert TeamProfile.objects.get(team=team_with_200_000).rerolls == 3
    assert ledger_sums(team_with_200_000)["treasury"] == 80_000
