"""Sign-up asks for an e-mail address; a forgotten password is reset through a link sent there."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

NEW = "a-long-passphrase-9"


def test_sign_up_asks_for_an_email_address(client):
    form = {"username": "newcoach", "password1": NEW, "password2": NEW}

    refused = client.post("/accounts/signup/", form)
    assert refused.status_code == 200
    assert "email" in refused.context["form"].errors
    assert not User.objects.filter(username="newcoach").exists()

    assert client.post("/accounts/signup/", {**form, "email": "new@example.com"}).status_code == 302
    assert User.objects.get(username="newcoach").email == "new@example.com"


def test_a_forgotten_password_is_reset_through_the_mailed_link(client, coach, django_capture_on_commit_callbacks):
    token = APIClient().post("/api/auth/token/", {"username": "own_coach", "password": PASSWORD}, format="json").json()["token"]
    assert 'href="/accounts/password/reset/"' in client.get("/accounts/login/").content.decode()

    with django_capture_on_commit_callbacks(execute=True):  # the mail is queued after the request commits
        sent = client.post("/accounts/password/reset/", {"email": coach.email})
    assert sent.status_code == 302
    [message] = mail.outbox
    assert message.to == [coach.email]
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", message.body).group(1)

    form = client.get(link, follow=True)  # Django swaps the token in the link for one in the session
    assert "Choose a new password" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True)

    assert "Password set" in done.content.decode()
    assert client.post("/accounts/login/", {"username": "own_coach", "password": NEW}).status_code == 302
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/auth/token/current/").status_code == 401  # the reset revoked the token


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, coach, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/accounts/password/reset/", {"email": "nobody@example.com"}).status_code == 302
    assert mail.outbox == []


def test_a_reset_asked_while_the_mail_server_is_down_answers_as_usual(
    client, coach, settings, django_capture_on_commit_callbacks
):
    """The mail task fails (its worker retries it): the page answers as for any address, never a 500."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 1, 2

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/password/reset/", {"email": coach.email})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/sent/"
