"""The tournament pages: a league's tournaments, the tournament page and its forms, CSRF and permissions."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from bloodbowl.models import Tournament, WrittenChallenge
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import enter, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_as(client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as


@pytest.fixture
def bb(commissioner, coach, rival):
    league = bloodbowl_league(commissioner)
    return league, bloodbowl_team(league, coach, "Croakers"), bloodbowl_team(league, rival, "Bog Kings")


def test_the_commissioner_starts_a_tournament_from_the_league_s_list(bb, client_as, commissioner):
    league, *_ = bb
    page = client_as(commissioner).get(reverse("bb-league-tournaments", args=[league.pk]))
    assert page.status_code == 200
    assert b'name="viewport"' in page.content
    assert b"Start a tournament" in page.content
    response = client_as(commissioner).post(
        reverse("bb-tournament-create", args=[league.pk]),
        {"kind": "minor", "name": "Far Albion Cup", "winner_prize": "80,000", "runner_up_prize": "40,000"},
    )
    created = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("bb-tournament", args=[created.pk])
    assert (created.winner_prize, created.runner_up_prize) == (80_000, 40_000)


def test_prizes_over_the_cap_are_refused_on_the_form(bb, client_as, commissioner):
    league, *_ = bb
    response = client_as(commissioner).post(
        reverse("bb-tournament-create", args=[league.pk]),
        {"kind": "minor", "name": "Greedy Cup", "winner_prize": "100000", "runner_up_prize": "60000"},
    )
    assert response.status_code == 400
    assert "may not exceed 150,000" in response.content.decode()
    assert not Tournament.objects.exists()


def test_anyone_reads_but_only_a_commissioner_gets_the_form(bb, client, client_as, coach):
    league, *_ = bb
    t = tournament(league, "spike")
    url = reverse("bb-league-tournaments", args=[league.pk])
    pages = [client.get(url), client.get(reverse("bb-tournament", args=[t.pk]))]  # anonymous
    pages.append(client_as(coach).get(url))
    for page in pages:
        assert page.status_code == 200
        assert b"Spike! Magazine Trophy" in page.content
        assert b"Start a tournament" not in page.content


def test_enter_challenge_and_refuse_on_the_page(bb, client_as, coach, rival):
    league, own, rival_team = bb
    t = tournament(league, "chaos-cup")
    enter(t, rival_team)
    page = client_as(coach).get(reverse("bb-tournament", args=[t.pk])).content.decode()
    assert "Enter my team" in page
    entered = client_as(coach).post(reverse("bb-tournament-action", args=[t.pk, "enter"]), {"team": own.pk})
    assert entered.status_code == 302
    challenged = client_as(coach).post(
        reverse("bb-tournament-action", args=[t.pk, "challenge"]),
        {"challenger": own.pk, "challenged": rival_team.pk, "idempotency_key": "k1"},
    )
    assert challenged.status_code == 302
    challenge = WrittenChallenge.objects.get()
    page = client_as(rival).get(reverse("bb-tournament", args=[t.pk])).content.decode()
    assert "Refuse (9-0)" in page
    assert (
        client_as(coach).post(reverse("bb-tournament-challenge-answer", args=[challenge.pk]), {"response": "refuse"}).status_code
        == 403
    )
    refused = client_as(rival).post(reverse("bb-tournament-challenge-answer", args=[challenge.pk]), {"response": "refuse"})
    assert refused.status_code == 302
    page = client_as(rival).get(reverse("bb-tournament", args=[t.pk])).content.decode()
    assert "Croakers 9 v Bog Kings 0" in page
    assert "(refused): 24" in page  # 15 for the win + 9 - 0
    assert client_as(rival).get(reverse("bb-match-detail", args=[WrittenChallenge.objects.get().match_id])).status_code == 200


def test_a_second_challenge_in_the_week_shows_the_rule(bb, client_as, coach, rival):
    league, own, rival_team = bb
    t = tournament(league, "spike")
    enter(t, own, rival_team)
    url = reverse("bb-tournament-action", args=[t.pk, "challenge"])
    client_as(coach).post(url, {"challenger": own.pk, "challenged": rival_team.pk})
    again = client_as(coach).post(url, {"challenger": own.pk, "challenged": rival_team.pk})
    assert again.status_code == 400
    assert "only one written challenge per week" in again.content.decode()


def test_only_the_commissioner_advances_the_week(bb, client_as, coach, commissioner):
    league, *_ = bb
    t = tournament(league, "spike")
    url = reverse("bb-tournament-action", args=[t.pk, "advance"])
    assert client_as(coach).post(url, {}).status_code == 403
    assert client_as(commissioner).post(url, {}).status_code == 302
    assert Tournament.objects.get(pk=t.pk).week == 2


def test_a_post_without_the_csrf_token_is_refused(bb, commissioner):
    league, *_ = bb
    t = tournament(league, "spike")
    client = Client(enforce_csrf_checks=True)
    client.force_login(commissioner)
    assert client.post(reverse("bb-tournament-action", args=[t.pk, "advance"]), {}).status_code == 403
    assert Tournament.objects.get(pk=t.pk).week == 1
