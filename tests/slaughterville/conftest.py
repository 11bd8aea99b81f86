"""A Slaughterville group with the demo catalogue; the cast's own coach and rival coach are members (Ash and
Laurie), `bystander` a member who plays in none of the tests' sessions; the commissioner is not a member."""

from __future__ import annotations

from typing import Any

import pytest

from leagues.services import league_create
from slaughterville.demo import DEMO_CATALOGUE
from slaughterville.services import catalogue_import, member_join
from tests.factories import UserFactory

TOWN = ["old-mill", "chapel", "roadside-diner", "motel", "high-school", "cornfield"]


@pytest.fixture
def group(commissioner):
    league = league_create(user=commissioner, name="Friday Horror Club", game_system="slaughterville", options={})
    catalogue_import(league=league, user=commissioner, fmt="yaml", text=DEMO_CATALOGUE)
    return league


@pytest.fixture
def ash(group, coach):
    return member_join(league=group, coach=coach, name="Ash")


@pytest.fixture
def laurie(group, rival):
    return member_join(league=group, coach=rival, name="Laurie")


@pytest.fixture
def bystander(db):
    return UserFactory(username="bystander")


@pytest.fixture
def nancy(group, bystander):
    return member_join(league=group, coach=bystander, name="Nancy")


def session_log(ash: Any, laurie: Any, **changes: Any) -> dict[str, Any]:
    """A legal log of Ash and Laurie against the Pale Choir (no mandatory location), as the API takes it."""
    return {
        "played_on": "2026-01-09",
        "players": [{"member": ash.pk, "character": "skeptic"}, {"member": laurie.pk, "character": "drifter"}],
        "villain": "pale-choir",
        "locations": TOWN,
        "first_player": ash.pk,
        "outcome": "players",
        "turns": 12,
        "clues": 5,
        "defeated": 1,
        "notes": "Close one.",
        **changes,
    }


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
