"""Guessing passwords: django-axes counts failed log-ins per username and client address, one counter for
the log-in page, /admin/login/ and the token API, whatever the username's spelling or the forwarded header."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from tests.api.helpers import errors
from tests.factories import PASSWORD, UserFactory

LIMIT = settings.AXES_FAILURE_LIMIT
TOKEN = "/api/auth/token/"

pytestmark = pytest.mark.django_db


def page_login(client: Client, username: str, password: str, **headers: str):
    return client.post("/accounts/login/", {"username": username, "password": password}, headers=headers)


def token(username: str, password: str, **headers: str):
    return APIClient().post(TOKEN, {"username": username, "password": password}, format="json", headers=headers)


def test_the_page_locks_a_username_out_after_the_limit_even_with_the_right_password(client, coach):
    for _ in range(LIMIT - 1):
        assert page_login(client, "own_coach", "guess").status_code == 200

    assert page_login(client, "own_coach", "guess").status_code == 429
    locked = page_login(client, "own_coach", PASSWORD)

    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("spelling", ["own_coach ", " OWN_COACH", "\uff4f\uff57\uff4e_\uff43\uff4f\uff41\uff43\uff48"])
def test_every_spelling_of_a_username_counts_against_one_quota(client, coach, spelling):
    """`"own_coach "` and full-width letters log in as own_coach (the form strips and NFKC-normalises), so they
    must not get a fresh quota while own_coach is locked out."""
    for _ in range(LIMIT):
        page_login(client, "own_coach", "guess")

    assert page_login(client, spelling, PASSWORD).status_code == 429
    assert token(spelling, PASSWORD).status_code == 429


def test_the_page_the_admin_and_the_token_api_share_one_counter(client, coach):
    admin = UserFactory(username="admin_user", is_staff=True, is_superuser=True)
    tries = [
        lambda: page_login(client, "admin_user", "guess"),
        lambda: client.post("/admin/login/", {"username": "admin_user", "password": "guess"}),
        lambda: token("admin_user", "guess"),
    ]
    for attempt in range(LIMIT):
        tries[attempt % 3]()

    assert client.post("/admin/login/", {"username": admin.username, "password": PASSWORD}).status_code == 429
    assert page_login(client, admin.username, PASSWORD).status_code == 429
    refused = token(admin.username, PASSWORD)
    assert refused.status_code == 429
    assert [e["code"] for e in errors(refused)] == ["locked-out"]
    assert "_auth_user_id" not in client.session


def test_the_token_api_locks_out_a_forwarded_header_that_changes_each_try(coach):
    for attempt in range(LIMIT):
        token("own_coach", "guess", x_forwarded_for=f"10.0.0.{attempt}")

    assert token("own_coach", PASSWORD, x_forwarded_for="10.9.9.9").status_code == 429


def test_the_lock_out_is_per_address_so_a_guesser_does_not_lock_the_coach_out(coach):
    for _ in range(LIMIT):
        APIClient(REMOTE_ADDR="203.0.113.7").post(TOKEN, {"username": "own_coach", "password": "guess"}, format="json")

    assert token("own_coach", PASSWORD).status_code == 200


def test_behind_a_proxy_the_address_it_forwards_is_the_client(settings, coach):
    """NUM_PROXIES=1: the last address in X-Forwarded-For is the one our proxy saw; what the client wrote
    before it is ignored, and REMOTE_ADDR (the proxy) is everyone's."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for attempt in range(LIMIT):
        token("own_coach", "guess", x_forwarded_for=f"10.0.0.{attempt}, 198.51.100.1")

    assert token("own_coach", PASSWORD, x_forwarded_for="10.9.9.9, 198.51.100.1").status_code == 429
    assert token("own_coach", PASSWORD, x_forwarded_for="198.51.100.2").status_code == 200
