"""API tokens expire, a password change revokes them, and a coach sees and revokes his own (page and API)."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.management.commands import changepassword
from django.core.management import call_command
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.helpers import errors
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def new_token(username: str = "own_coach") -> dict:
    response = APIClient().post("/api/auth/token/", {"username": username, "password": PASSWORD}, format="json")
    assert response.status_code == 200
    return response.json()


def with_token(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def leagues_status(key: str) -> int:
    return (
        with_token(key).post("/api/leagues/", {"name": "Token League", "game_system": "slaughterball"}, format="json").status_code
    )


def test_a_token_says_when_it_expires_and_stops_working_then(coach):
    token = new_token()
    assert token["expires"] > token["created"]
    assert leagues_status(token["token"]) == 201

    Token.objects.filter(key=token["token"]).update(created=timezone.now() - settings.API_TOKEN_LIFETIME - timedelta(seconds=1))
    refused = with_token(token["token"]).get("/api/auth/token/current/")

    assert refused.status_code == 401
    assert "expired" in errors(refused)[0]["message"]
    renewed = new_token()
    assert renewed["token"] != token["token"]
    assert leagues_status(renewed["token"]) == 201


def test_asking_again_before_it_expires_gives_the_same_token(coach):
    assert new_token()["token"] == new_token()["token"]


def test_a_password_change_revokes_the_token(client, coach):
    token = new_token()
    client.force_login(coach)

    changed = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": "another-long-passphrase-7", "new_password2": "another-long-passphrase-7"},
    )

    assert changed.status_code == 302
    assert leagues_status(token["token"]) == 401


def test_a_coach_sees_and_revokes_his_token_on_the_page(client, coach):
    token = new_token()
    client.force_login(coach)

    page = client.get("/accounts/token/").content.decode()
    assert token["token"] in page

    asked = client.post("/accounts/token/")
    assert asked.status_code == 200
    assert "stops working at once" in asked.content.decode()
    assert leagues_status(token["token"]) != 401  # not revoked yet
    assert client.post("/accounts/token/", {"confirm": "1"}).status_code == 302
    assert leagues_status(token["token"]) == 401
    assert "You have no API token" in client.get("/accounts/token/").content.decode()


def test_a_coach_sees_and_revokes_his_token_with_the_api(coach, rival):
    token = new_token()
    rivals = new_token("rival_coach")
    api = with_token(token["token"])

    assert api.get("/api/auth/token/current/").json() == token
    assert api.delete("/api/auth/token/current/").status_code == 204

    assert leagues_status(token["token"]) == 401
    assert leagues_status(rivals["token"]) == 201  # only his own
    api.force_authenticate(coach)
    assert api.get("/api/auth/token/current/").status_code == 404


def test_the_token_page_and_api_ask_for_a_log_in(client):
    assert client.get("/accounts/token/").status_code == 302
    assert APIClient().get("/api/auth/token/current/").status_code == 401


def test_setting_a_password_in_the_admin_revokes_the_token(client, coach):
    token = new_token()
    client.force_login(UserFactory(username="admin_user", is_staff=True, is_superuser=True))

    refused = client.post(f"/admin/auth/user/{coach.pk}/password/", {"password1": "short", "password2": "other"})
    assert refused.status_code == 200
    assert leagues_status(token["token"]) == 201  # no password set, the token stands

    new = "another-long-passphrase-7"
    assert client.post(f"/admin/auth/user/{coach.pk}/password/", {"password1": new, "password2": new}).status_code == 302
    assert leagues_status(token["token"]) == 401


def test_changepassword_on_the_command_line_revokes_the_token(coach, monkeypatch):
    token = new_token()
    new = "another-long-passphrase-7"
    monkeypatch.setattr(changepassword.Command, "_get_pass", lambda self, prompt="": new)

    call_command("changepassword", coach.username, stdout=StringIO())

    coach.refresh_from_db()
    assert coach.check_password(new)
    assert leagues_status(token["token"]) == 401
