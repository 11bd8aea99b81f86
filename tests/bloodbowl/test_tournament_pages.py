"""The tournament pages: a league's tournaments, the tournament page and its forms, CSRF and permissions."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from bloodbowl.models import Match, Player, TeamProfile, Tournament, WrittenChallenge
from bloodbowl.services import tournaments as services
from games.models import Game
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import advance, enter, play, run_to_final, teams_of, tournament

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
    answer = reverse("bb-tournament-challenge-answer", args=[challenge.pk])
    asked = client_as(rival).post(answer, {"response": "refuse"})
    assert asked.status_code == 200
    assert "Croakers 9, Bog Kings 0 stands as a confirmed play-off match" in asked.content.decode()
    assert WrittenChallenge.objects.get().status == WrittenChallenge.Status.OPEN
    refused = client_as(rival).post(answer, {"response": "refuse", "confirm": "1"})
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
    asked = client_as(commissioner).post(url, {})
    assert asked.status_code == 200
    assert "Week 1 ends for good" in asked.content.decode()
    assert Tournament.objects.get(pk=t.pk).week == 1
    assert client_as(commissioner).post(url, {"confirm": "1"}).status_code == 302
    assert Tournament.objects.get(pk=t.pk).week == 2


def test_a_post_without_the_csrf_token_is_refused(bb, commissioner):
    league, *_ = bb
    t = tournament(league, "spike")
    client = Client(enforce_csrf_checks=True)
    client.force_login(commissioner)
    assert client.post(reverse("bb-tournament-action", args=[t.pk, "advance"]), {}).status_code == 403
    assert Tournament.objects.get(pk=t.pk).week == 1


def test_ending_the_play_offs_the_prizes_and_the_player_of_the_year_ask_first(client_as, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)  # the helpers play every die a 3
    teams = teams_of(league, "Alpha", "Beta", "Gamma", "Delta")
    t = tournament(league, "chaos-cup")
    enter(t, *teams)
    alpha, beta, gamma, delta = teams
    play(t, alpha, gamma, 3, 0)
    play(t, delta, beta, 2, 1)
    unplayed, _ = services.tournament_match_arrange(
        tournament_id=t.pk, user=alpha.coach, home_team_id=alpha.pk, away_team_id=beta.pk
    )
    t = advance(t, 2)
    client = client_as(commissioner)
    url = reverse("bb-tournament-action", args=[t.pk, "advance"])

    asked = client.post(url, {})
    text = asked.content.decode()
    assert "The play-offs end: their matches not confirmed do not count and are voided (1: Alpha v Beta)." in text
    assert "The four teams with most points go through (Alpha, Delta, Beta, Gamma)" in text
    assert Match.objects.get(pk=unplayed.pk).state == Game.State.SCHEDULED

    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert Match.objects.get(pk=unplayed.pk).state == Game.State.VOIDED

    spike, (home, away) = run_to_final(league, "spike", teams_of(league, "Epsilon", "Zeta", "Eta", "Theta"))
    play(spike, home, away, 2, 1)
    prizes = reverse("bb-tournament-action", args=[spike.pk, "final"])
    asked = client.post(prizes, {})
    assert f"The Glittering Prizes go to {home.name} (winner) and {away.name} (runner-up)" in asked.content.decode()
    assert Tournament.objects.get(pk=spike.pk).status == Tournament.Status.RUNNING
    assert client.post(prizes, {"confirm": "1"}).status_code == 302

    players = list(Player.objects.filter(team__league=league).select_related("team"))
    most = max(p.spp for p in players)
    fan_factors = dict(TeamProfile.objects.filter(team__league=league).values_list("team_id", "fan_factor"))
    named = reverse("bb-tournament-action", args=[spike.pk, "player-of-the-year"])
    asked = client.post(named, {})
    text = asked.content.decode()
    assert f"Star Player Points ({most}) is named: " in text
    assert all(f"{p.name} of {p.team.name}" in text for p in players if p.spp == most)  # a tie is drawn when named
    assert dict(TeamProfile.objects.filter(team__league=league).values_list("team_id", "fan_factor")) == fan_factors
    assert client.post(named, {"confirm": "1"}).status_code == 302
    team = Tournament.objects.get(pk=spike.pk).player_of_the_year["team"]
    assert TeamProfile.objects.get(team_id=team).fan_factor == fan_factors[team] + 1
