"""Log-in tries sent at once from one address: no more passwords are checked than the lock-out allows."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.test import Client
from rest_framework.test import APIClient

from tests.rosters.helpers import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

LIMIT = settings.AXES_FAILURE_LIMIT
TRIES = 3 * LIMIT


@pytest.fixture
def password_checks(monkeypatch):
    """Each password check the tries reach, slowed as the production hasher is, so that they overlap."""
    checks: list[str] = []
    check = ModelBackend.authenticate

    def counted(self, request, username=None, password=None, **kwargs):
        checks.append(username)
        time.sleep(0.05)
        return check(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    return checks


def test_tries_at_once_on_the_page_check_no_more_passwords_than_the_limit(coach, password_checks):
    answers = race(*[lambda: Client().post("/accounts/login/", {"username": "own_coach", "password": "guess"})] * TRIES)

    assert len(password_checks) == LIMIT
    assert sorted(a.status_code for a in answers) == [200] * (LIMIT - 1) + [429] * (TRIES - LIMIT + 1)


def test_tries_at_once_on_the_token_api_check_no_more_passwords_than_the_limit(coach, password_checks):
    def guess():
        return APIClient().post("/api/auth/token/", {"username": "own_coach", "password": "guess"}, format="json")

    answers = race(*[guess] * TRIES)

    assert len(password_checks) == LIMIT
    assert sorted(a.status_code for a in answers) == [400] * (LIMIT - 1) + [429] * (TRIES - LIMIT + 1)
