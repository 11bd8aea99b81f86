"""A league with maverick house values, Rogues and Lasting Injuries on; the cast's two teams funded and
playing one game in week 1. `open_auction` opens it with scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from slaughterball.demo import demo_house_values
from slaughterball.models import Auction
from slaughterball.services import auctions as auction_services
from tests.factories import LeagueFactory, UserFactory
from tests.slaughterball.pregame.helpers import fund, make_game, make_season, make_team_for, maverick_house_values, scripted_dice

OPTIONS = {"skill_budget": 300_000, "staff_budget": 200_000, "rogues": True, "lasting_injuries": True}


@pytest.fixture
def league(commissioner):
    return LeagueFactory(
        commissioner=commissioner, options=dict(OPTIONS), house_values=demo_house_values() | maverick_house_values()
    )


@pytest.fixture
def third(db):
    return UserFactory(username="third_coach")


@pytest.fixture
def third_team(league, third):
    return make_team_for(league, third, "Olympian Hoplites", "swords-of-damocles")


@pytest.fixture
def funded(team, rival_team):
    fund(team, 1_000_000)
    fund(rival_team, 1_000_000)
    return [team, rival_team]


@pytest.fixture
def season(league, team, rival_team, third_team):
    return make_season(league, [team, rival_team, third_team])


@pytest.fixture
def game(season, team, rival_team, funded):
    return make_game(season, [team, rival_team])


@pytest.fixture
def open_auction(monkeypatch) -> Callable[..., Auction]:
    """Open a game's auction as `user` with each team's dice scripted ({team id: faces}; a boot otherwise)."""

    def opener(game: Any, user: Any, faces: dict[int, list[str]] | None = None, picks: list[int] | None = None) -> Auction:
        rng = scripted_dice(game, faces or {}, picks)
        monkeypatch.setattr(auction_services, "new_rng", lambda: (rng, "scripted"))
        auction, _ = auction_services.auction_open(game_id=game.pk, user=user)
        return auction

    return opener
