"""Calendar fixtures: the cast's league (tests/conftest.py) grown to eight teams, and a season."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from slaughterball.services.calendar import week_draw
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, next_week, started_season, week


@pytest.fixture
def eight(league, team, rival_team):
    """The cast's two teams and six more."""
    return [team, rival_team, *add_teams(league, 6)]


@pytest.fixture
def season(league, commissioner, eight):
    return started_season(league, commissioner)


@pytest.fixture
def round_week(season, commissioner):
    """The season's second week, a challenge round, after the first week's draw and results."""
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    return next_week(season, commissioner)


@pytest.fixture
def client_of(request: pytest.FixtureRequest):
    """A fresh API client acting as one of the cast by fixture name; "anonymous" logs in as nobody."""

    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client
