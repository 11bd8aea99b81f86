"""A Pit Fighter campaign with the demo's house values (house values, not the rulebook's) and three owners: the
cast's own coach (Ann) and rival coach (Bob), and Cid."""

from __future__ import annotations

import pytest

from leagues.models import League
from pitfighter.demo import DEMO_HOUSE_VALUES
from pitfighter.services import stable_create
from tests.factories import UserFactory

BONUS = {"ws": 4, "s": 2, "t": 2, "i": 1, "w": 1}
TYPES = ["orc", "chaos", "skink", "witch-elf", "ogre"]


def fighters(prefix, types=TYPES):
    return [{"name": f"{prefix} {t}", "type": t, "bonus": BONUS} for t in types]


@pytest.fixture
def third(db):
    return UserFactory(username="cid")


@pytest.fixture
def campaign(commissioner):
    league = League.objects.create(name="Blood Sand", game_system="pitfighter", options={}, house_values=DEMO_HOUSE_VALUES)
    league.commissioners.add(commissioner)
    return league


@pytest.fixture
def ann(campaign, coach):
    return stable_create(league=campaign, coach=coach, name="Ann's School", fighters=fighters("Ann"))


@pytest.fixture
def bob(campaign, rival):
    return stable_create(league=campaign, coach=rival, name="Bob's Pit", fighters=fighters("Bob"))


@pytest.fixture
def cid(campaign, third):
    return stable_create(league=campaign, coach=third, name="Cid's Hall", fighters=fighters("Cid"))


def fighter(stable, type_):
    return stable.pit_fighters.get(type=type_)


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
