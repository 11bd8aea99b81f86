"""A Blood Bowl league with the sample house team lists and the demo's house values, and one team each
for the cast's own coach and rival coach (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.bloodbowl.factories import BloodBowlLeagueFactory, make_bb_team


@pytest.fixture
def bb_league(commissioner):
    return BloodBowlLeagueFactory(commissioner=commissioner)


@pytest.fixture
def bb_team(bb_league, coach):
    return make_bb_team(bb_league, coach)


@pytest.fixture
def bb_rival_team(bb_league, rival):
    return make_bb_team(bb_league, rival, name="Reedwater Wardens")


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
