"""seed_demo's Pit Fighter campaign: its house values (labelled so) and two stables of five; safe twice."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from leagues.models import League
from pitfighter.demo import DEMO_HOUSE_VALUES

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_a_pit_fighter_campaign_once(client):
    first, second = io.StringIO(), io.StringIO()
    call_command("seed_demo", password="demo-password", stdout=first)
    call_command("seed_demo", password="demo-password", stdout=second)
    [league] = League.objects.filter(game_system="pitfighter")
    assert league.house_values == DEMO_HOUSE_VALUES
    assert sorted(t.coach.username for t in league.teams.all()) == ["coach1", "coach2"]
    assert all(t.pit_fighters.count() == 5 for t in league.teams.all())
    assert "Pit Fighter Demo Campaign already exists" in second.getvalue()
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "house values" in page
