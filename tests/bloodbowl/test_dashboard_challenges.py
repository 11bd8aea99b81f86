"""The dashboard's written challenges (issue 13): the coach who is to answer one sees it, one click from the
tournament's page, until he has answered."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from bloodbowl.services import tournaments as services
from tests.bloodbowl.match_helpers import bloodbowl_league
from tests.bloodbowl.tournament_helpers import enter, teams_of, tournament


def home_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def test_a_written_challenge_waits_for_the_challenged_coach_until_answered(commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    alpha, bravo = teams_of(league, "Alpha", "Bravo")
    t = tournament(league)
    enter(t, alpha, bravo)
    challenge, _ = services.challenge_issue(tournament_id=t.pk, user=alpha.coach, challenger_id=alpha.pk, challenged_id=bravo.pk)

    body = home_of(bravo.coach)
    assert f"Bravo: accept, refuse or name a substitute (Alpha challenged Bravo, {t.name})." in body
    assert f'href="{reverse("bb-tournament", args=[t.pk])}"' in body
    assert "accept, refuse" not in home_of(alpha.coach)

    services.challenge_answer(challenge_id=challenge.pk, user=bravo.coach, response="accept", substitute_id=None)
    assert "accept, refuse" not in home_of(bravo.coach)
