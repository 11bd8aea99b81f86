"""A password reset is limited per address and per account asked for, answers alike whether the account exists, and
its mail is sent by the worker after the request; the log-in page's tries count per address, with the API's."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts import tasks
from pitside.throttling import LoginPageThrottle, PasswordResetAccountThrottle, PasswordResetThrottle
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

RESET = "/accounts/password/reset/"


def allowed(throttle: type[Any]) -> int:
    count, _ = throttle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][throttle.scope])
    assert count is not None
    return count


def from_address(number: int) -> Client:
    return Client(REMOTE_ADDR=f"192.0.2.{number}")


def answer(response: Any) -> tuple[int, str | None]:
    return response.status_code, response.get("Location")


def test_the_resets_one_address_asks_for_are_limited(coach, django_capture_on_commit_callbacks):
    client = from_address(1)
    with django_capture_on_commit_callbacks() as queued:
        for n in range(allowed(PasswordResetThrottle)):  # each for another address: the account limit is not the one hit
            assert answer(client.post(RESET, {"email": f"someone{n}@example.com"})) == (302, "/accounts/password/reset/sent/")
        refused = client.post(RESET, {"email": coach.email})

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert queued == []  # no mail for the refused one (the others named no account)
    assert client.get(RESET).status_code == 200  # the form still shows
    assert answer(from_address(2).post(RESET, {"email": coach.email}))[0] == 302  # another address


@pytest.mark.parametrize("account", ["own_coach@example.com", "nobody@example.com"])
def test_the_resets_asked_for_one_account_are_limited_from_any_address(coach, account):
    """The same answers, one after the other, whether an account has the address or not."""
    answers = [answer(from_address(n).post(RESET, {"email": account})) for n in range(allowed(PasswordResetAccountThrottle))]
    assert answers == [(302, "/accounts/password/reset/sent/")] * allowed(PasswordResetAccountThrottle)

    refused = from_address(99).post(RESET, {"email": f"  {account.upper()}"})  # another spelling of the same address

    assert refused.status_code == 429
    assert answer(from_address(99).post(RESET, {"email": "other@example.com"}))[0] == 302  # another account


def test_the_mail_is_queued_on_commit_and_sent_by_the_task(coach, monkeypatch, django_capture_on_commit_callbacks):
    queued: list[tuple[Any, ...]] = []
    send = tasks.password_reset_mail.apply_async

    def record(args: tuple[Any, ...], **options: Any) -> Any:
        queued.append(args)
        return send(args, **options)  # eagerly, as the worker would

    monkeypatch.setattr(tasks.password_reset_mail, "apply_async", record)
    with django_capture_on_commit_callbacks() as callbacks:
        assert answer(Client().post(RESET, {"email": coach.email})) == (302, "/accounts/password/reset/sent/")
    assert (queued, mail.outbox) == ([], [])  # nothing sent inside the request

    for callback in callbacks:
        callback()

    assert tasks.password_reset_mail.name == "accounts.tasks.password_reset_mail"  # routed with the other mail
    [(user_id, context, *templates)] = queued
    assert user_id == coach.pk
    assert json.loads(json.dumps([context, templates])) == [context, templates]  # ids and strings only
    [message] = mail.outbox
    assert message.to == [coach.email]
    assert re.search(r"/accounts/password/reset/[^/]+/[^/]+/", message.body)
    assert "own_coach" in message.body


def test_a_mail_for_a_user_deactivated_meanwhile_is_not_sent(coach):
    context = {"email": coach.email, "domain": "testserver", "site_name": "testserver", "uid": "x", "token": "y"}
    coach.is_active = False
    coach.save()
    subject, body = "registration/password_reset_subject.txt", "registration/password_reset_email.html"
    assert tasks.password_reset_mail(coach.pk, {**context, "protocol": "http"}, subject, body) is False
    assert mail.outbox == []


def test_the_log_in_page_counts_tries_per_address_with_the_api(coach):
    client = from_address(3)
    for n in range(allowed(LoginPageThrottle)):  # another username each time: the lock-out (per name) is not the one hit
        assert client.post("/accounts/login/", {"username": f"guess{n}", "password": "wrong"}).status_code == 200

    refused = client.post("/accounts/login/", {"username": coach.username, "password": PASSWORD})

    assert refused.status_code == 429  # before any password is checked: the right one too
    assert "_auth_user_id" not in client.session
    api = APIClient(REMOTE_ADDR="192.0.2.3")
    assert api.post("/api/auth/token/", {"username": coach.username, "password": PASSWORD}, format="json").status_code == 429
    assert client.post("/admin/login/", {"username": coach.username, "password": PASSWORD}).status_code == 429
    assert client.get("/accounts/login/").status_code == 200  # the form still shows
    assert from_address(4).post("/accounts/login/", {"username": coach.username, "password": PASSWORD}).status_code == 302
