"""Two coaches refused for the same unset house value at the same moment, each in its own thread, connection and
transaction (PostgreSQL: SQLite runs one writer at a time, so it cannot race): the commissioner is told once. Each
refused purchase rolls back its locked transaction; the notice, written after, stays."""

from __future__ import annotations

from unittest.mock import Mock

import pytest

from notifications import services as notifications
from notifications.models import Notification
from rosters import services as rosters
from slaughterball.models import Purchase
from tests.factories import LeagueFactory, make_team
from tests.rosters.helpers import client, race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_coaches_refused_at_once_make_one_notice(commissioner, coach, rival, monkeypatch):
    # The sign-ups' own notices and every e-mail task are not this test's business: an eager Celery call caches
    # the app's broker connection, which tests/tasks later points at Redis.
    monkeypatch.setattr(rosters, "notify", Mock())
    monkeypatch.setattr(notifications, "notification_email", Mock())
    league = LeagueFactory(commissioner=commissioner)
    teams = [make_team(league, coach), make_team(league, rival, name="Venture Cabal", portfolio="nemesis")]
    league.house_values = {}
    league.save()

    def buy_leadership(team):
        athlete = team.athletes.get(number=3)  # a cleaver
        body = {"kind": "skill", "item": "leadership", "athlete": athlete.pk}
        return lambda: client(team.coach).post(f"/api/teams/{team.pk}/purchases/", body, format="json")

    responses = race(*(buy_leadership(team) for team in teams))

    assert [r.status_code for r in responses] == [400, 400]
    assert all(r.json()["errors"][0]["code"] == "league-setup-unfinished" for r in responses)
    assert not Purchase.objects.exists()
    assert Notification.objects.filter(user=commissioner, event__startswith="house-values-unset:").count() == 1
