"""POST /api/auth/token/: a token for a username and password, throttled against guessing."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.api.helpers import errors, problems
from tests.factories import PASSWORD

URL = "/api/auth/token/"


def login_rate() -> int:
    """How many log-in attempts the throttle allows per period (settings: DEFAULT_THROTTLE_RATES["login"])."""
    allowed, _ = ScopedRateThrottle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"])
    assert allowed is not None
    return allowed


def test_the_token_answers_for_the_user(coach):
    api = APIClient()

    response = api.post(URL, {"username": "own_coach", "password": PASSWORD}, format="json")

    assert response.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    created = api.post("/api/leagues/", {"name": "Token League", "game_system": "slaughterball"}, format="json")
    assert created.status_code == 201
    assert created.json()["commissioners"] == ["own_coach"]


@pytest.mark.parametrize(
    ("username", "password", "expected"),
    [
        pytest.param("own_coach", "wrong-password", {("authorization", "")}, id="wrong-password"),
        pytest.param("nobody", PASSWORD, {("authorization", "")}, id="unknown-user"),
        pytest.param("own_coach", "", {("blank", "password")}, id="blank-password"),
    ],
)
def test_wrong_credentials_get_a_400_in_the_error_shape(username, password, expected, coach):
    response = APIClient().post(URL, {"username": username, "password": password}, format="json")

    assert response.status_code == 400
    assert problems(response) == expected


def test_a_bad_token_is_refused(coach):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = api.get("/api/leagues/")

    assert response.status_code == 401
    assert [e["code"] for e in errors(response)] == ["authentication_failed"]


def test_too_many_attempts_are_throttled_even_with_the_right_password(coach):
    """Each try a new username (the lock-out counts per username) and a new X-Forwarded-For: the throttle
    counts per client address, which a client cannot write (NUM_PROXIES)."""
    api = APIClient()
    for attempt in range(login_rate()):
        guess = {"username": f"nobody{attempt}", "password": "guess"}
        assert api.post(URL, guess, format="json", headers={"x-forwarded-for": f"10.0.0.{attempt}"}).status_code == 400

    throttled = api.post(
        URL, {"username": "own_coach", "password": PASSWORD}, format="json", headers={"x-forwarded-for": "10.1.1.1"}
    )

    assert throttled.status_code == 429
    assert [e["code"] for e in errors(throttled)] == ["throttled"]
    assert int(throttled.headers["Retry-After"]) > 0
