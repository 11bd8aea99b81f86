"""A Blitz Bowl league with three coaches: the cast's own coach and rival coach (tests/conftest.py) and a third,
Cid. `short_league` plays 2 matches a coach (a house choice), a round robin of three matches."""

from __future__ import annotations

import pytest

from blitzbowl.services import coach_signup
from leagues.models import League
from tests.factories import UserFactory


def make_league(commissioner, **options):
    league = League.objects.create(name="Crush League", game_system="blitzbowl", options=options)
    league.commissioners.add(commissioner)
    return league


@pytest.fixture
def third(db):
    return UserFactory(username="cid")


@pytest.fixture
def blitz_league(commissioner):
    return make_league(commissioner)


@pytest.fixture
def short_league(commissioner):
    return make_league(commissioner, matches=2)


@pytest.fixture
def ann(short_league, coach):
    return coach_signup(league=short_league, coach=coach, name="Ann's Ambushers")


@pytest.fixture
def bob(short_league, rival):
    return coach_signup(league=short_league, coach=rival, name="Bob's Bashers")


@pytest.fixture
def cid(short_league, third):
    return coach_signup(league=short_league, coach=third, name="Cid's Crushers")


@pytest.fixture
def three(ann, bob, cid):
    return ann, bob, cid


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
