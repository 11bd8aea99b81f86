"""Sign-ups and new leagues are limited per client (pitside.throttling); the forms themselves are not."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from leagues.models import League
from pitside.throttling import LeagueCreateThrottle, SignupThrottle

pytestmark = pytest.mark.django_db


def allowed(throttle: type, settings) -> int:
    count, _ = throttle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][throttle.scope])
    return count


def test_sign_ups_are_throttled_per_address(client, settings):
    def sign_up(client: Client, n: int):
        password = "a long and unusual passphrase"
        return client.post(
            "/accounts/signup/",
            {"username": f"coach{n}", "email": f"coach{n}@example.com", "password1": password, "password2": password},
        )

    for n in range(allowed(SignupThrottle, settings)):
        assert sign_up(Client(), n).status_code == 302  # a fresh session each time, from the same address

    refused = sign_up(Client(), 999)

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert not User.objects.filter(username="coach999").exists()
    assert client.get("/accounts/signup/").status_code == 200  # the form still shows
    assert sign_up(Client(REMOTE_ADDR="192.0.2.7"), 999).status_code == 302  # another address


def test_new_leagues_are_throttled_per_user_on_the_page_and_in_the_api(client, api_as, coach, rival, settings):
    client.force_login(coach)
    for n in range(allowed(LeagueCreateThrottle, settings)):
        assert client.post("/leagues/new/", {"name": f"League {n}", "game_system": "slaughterball"}).status_code == 302

    assert client.post("/leagues/new/", {"name": "One too many", "game_system": "slaughterball"}).status_code == 429
    refused = api_as(coach).post("/api/leagues/", {"name": "One too many", "game_system": "slaughterball"}, format="json")
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert not League.objects.filter(name="One too many").exists()
    assert api_as(coach).get("/api/leagues/").status_code == 200  # reading is not limited
    assert (
        api_as(rival).post("/api/leagues/", {"name": "Rival's", "game_system": "slaughterball"}, format="json").status_code == 201
    )
