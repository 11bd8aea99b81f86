"""The dashboard's "to choose" for Blitz Bowl (issue 13): a Coach Trait rolled twice waits for its coach, one click from
his coach roster (where he chooses), until he has chosen."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from blitzbowl import services
from blitzbowl.models import TraitGain
from tests.blitzbowl.helpers import play_rolling_a_trait_twice


def home_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def test_a_trait_rolled_twice_waits_on_the_dashboard_until_chosen(short_league, three):
    ann, bob, cid = three
    play_rolling_a_trait_twice(short_league, ann, (cid, bob))  # Bribe the Ref, twice
    body = home_of(ann.coach)
    assert f"{escape(ann.name)}: choose a Coach Trait." in body
    assert f'href="{reverse("blitz-coach", args=[ann.pk])}"' in body
    assert "choose a Coach Trait" not in home_of(bob.coach)

    services.trait_choose(gain_id=TraitGain.objects.get(team=ann, trait="").pk, user=ann.coach, trait="glory-hound")
    assert "choose a Coach Trait" not in home_of(ann.coach)
