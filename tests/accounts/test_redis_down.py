"""Redis down (the cache and the broker): log-in, sign-up and the token API degrade, they never answer 500."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_log_in_page_works_and_still_locks_out_with_redis_down(redis_down, client, coach, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "own_coach", "password": "guess"})
    assert client.post("/accounts/login/", {"username": "own_coach", "password": PASSWORD}).status_code == 429

    other = APIClient(REMOTE_ADDR="198.51.100.9")
    assert other.post("/accounts/login/", {"username": "own_coach", "password": PASSWORD}).status_code == 302


def test_the_token_api_answers_unthrottled_with_redis_down(redis_down, coach):
    response = APIClient().post("/api/auth/token/", {"username": "own_coach", "password": PASSWORD}, format="json")

    assert response.status_code == 200
    assert response.json()["token"]


def test_sign_up_works_with_redis_down(redis_down, client):
    form = {
        "username": "newcoach",
        "email": "new@example.com",
        "password1": "a-long-passphrase-9",
        "password2": "a-long-passphrase-9",
    }

    response = client.post("/accounts/signup/", form)

    assert response.status_code == 302
    assert User.objects.filter(username="newcoach").exists()
