"""seed_demo's Blood Bowl league: the sample house team lists, its house values and two teams; safe to run twice."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from bloodbowl.demo import BLOOD_BOWL_HOUSE_VALUES
from bloodbowl.models import TeamLists
from leagues.models import League
from tests.rosters.helpers import ledger_sums

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_a_blood_bowl_league_once(client):
    first, second = io.StringIO(), io.StringIO()

    call_command("seed_demo", password="demo-password", stdout=first)
    call_command("seed_demo", password="demo-password", stdout=second)

    [league] = League.objects.filter(game_system="bloodbowl")
    assert league.house_values == BLOOD_BOWL_HOUSE_VALUES
    assert [r["slug"] for r in TeamLists.objects.get(league=league).data["races"]] == ["bogmire-croakers"]
    teams = {t.coach.username: t for t in league.teams.all()}
    assert sorted(teams) == ["coach1", "coach2"]
    assert all(ledger_sums(t)["treasury"] == 50_000 for t in teams.values())
    assert all(t.bb_players.count() == 12 for t in teams.values())
    assert "already exists" in second.getvalue()
    assert League.objects.filter(game_system="slaughterball").count() == 1
    assert client.post("/accounts/login/", {"username": "commissioner", "password": "demo-password"}).status_code == 302
    settings_page = client.get(f"/bloodbowl/leagues/{league.pk}/settings/").content.decode()
    assert settings_page.count('<span class="badge house">house value</span>') == len(BLOOD_BOWL_HOUSE_VALUES)
