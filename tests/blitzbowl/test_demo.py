"""seed_demo's Blitz Bowl league: three coaches, a short league (a house choice) and its first round; safe twice."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from blitzbowl.models import Match
from leagues.models import League

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_a_blitz_bowl_league_once(client):
    first, second = io.StringIO(), io.StringIO()

    call_command("seed_demo", password="demo-password", stdout=first)
    call_command("seed_demo", password="demo-password", stdout=second)

    [league] = League.objects.filter(game_system="blitzbowl")
    assert league.options == {"matches": 2, "quarter_finals": False}
    assert sorted(t.coach.username for t in league.teams.all()) == ["coach1", "coach2", "coach3"]
    assert Match.objects.filter(league=league).count() == 1
    assert "Blitz Bowl Demo League already exists" in second.getvalue()
    assert client.get(f"/leagues/{league.pk}/").status_code == 200
