"""Calendar fixtures: the cast's league (tests/conftest.py) grown to eight teams, and a season."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.slaughterball.calendar.helpers import add_teams, started_season


@pytest.fixture
def eight(league, team, rival_team):
    """The cast's two teams and six more."""
    return [team, rival_team, *add_teams(league, 6)]


@pytest.fixture
def season(league, commissioner, eight):
    return started_season(league, commissioner)


@pytest.fixture
def client_of(request: pytest.FixtureRequest):
    """A fresh API client acting as one of the cast by fixture name; "anonymous" logs in as nobody."""

    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client
