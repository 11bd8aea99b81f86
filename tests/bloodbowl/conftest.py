"""A Blood Bowl league with the sample house team lists and the demo's house values, and one team each
for the cast's own coach and rival coach (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.bloodbowl.factories import BloodBowlLeagueFactory, make_bb_team
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory


@pytest.fixture
def bb_league(commissioner):
    return BloodBowlLeagueFactory(commissioner=commissioner)


@pytest.fixture
def bb_team(bb_league, coach):
    return make_bb_team(bb_league, coach)


@pytest.fixture
def bb_rival_team(bb_league, rival):
    return make_bb_team(bb_league, rival, name="Reedwater Wardens")


@pytest.fixture
def bb(db, commissioner):
    """A league with two teams for a match (some files of matches make their own, with table dice or more players)."""
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    return league, home, away


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
