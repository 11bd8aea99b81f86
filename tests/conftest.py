"""The cast of every permission test: a league's commissioner, its own coach (owner of `team`),
a rival coach in the same league, the commissioner of another league, and anonymous."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import LeagueFactory, UserFactory, make_team


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Every test user gets a password; the production hasher spends a quarter of a second on each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def commissioner(db):
    return UserFactory(username="commissioner")


@pytest.fixture
def league(commissioner):
    return LeagueFactory(commissioner=commissioner)


@pytest.fixture
def coach(db):
    return UserFactory(username="own_coach")


@pytest.fixture
def rival(db):
    return UserFactory(username="rival_coach")


@pytest.fixture
def other_commissioner(db):
    other = UserFactory(username="other_commissioner")
    LeagueFactory(commissioner=other)
    return other


@pytest.fixture
def team(league, coach):
    return make_team(league, coach)


@pytest.fixture
def rival_team(league, rival):
    return make_team(league, rival, name="Venture Cabal", portfolio="nemesis")


@pytest.fixture
def api():
    """An API client; `api.force_authenticate(user)` to act as someone."""
    return APIClient()


@pytest.fixture
def api_as(api):
    def act_as(user):
        api.force_authenticate(user)
        return api

    return act_as


def pytest_collection_modifyitems(config, items):
    """Tests marked `postgres` need row locks and concurrent transactions: skip them on SQLite."""
    from django.db import connection

    if connection.vendor != "postgresql":
        skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL)")
        for item in items:
            if "postgres" in item.keywords:
                item.add_marker(skip)
