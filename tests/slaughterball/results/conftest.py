"""A season in play for the result tests: the cast's two teams and two more, one week, one
4-team game (in that order of play), with or without Pit Power and Edge tokens recorded."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for


@pytest.fixture
def third(db):
    return UserFactory(username="third_coach")


@pytest.fixture
def fourth(db):
    return UserFactory(username="fourth_coach")


@pytest.fixture
def third_team(league, third):
    return make_team_for(league, third, "Olympian Hoplites", "swords-of-damocles")


@pytest.fixture
def fourth_team(league, fourth):
    return make_team_for(league, fourth, "Great Lakes Ogres", "carnage")


@pytest.fixture
def teams(team, rival_team, third_team, fourth_team):
    return [team, rival_team, third_team, fourth_team]


@pytest.fixture
def season(league, teams):
    return make_season(league, teams)


@pytest.fixture
def game(season, teams):
    return make_game(season, teams, week=1)


# The API's and the pages' clients for the cast (tests/api/conftest.py, tests/pages/conftest.py).
from tests.api.conftest import client_of  # noqa: E402, F401
from tests.pages.conftest import client_as  # noqa: E402, F401
