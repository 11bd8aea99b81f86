"""The dashboard's pre-game turns (issue 28): the auction to open waits for every coach of the game, a maverick to put up
and athletes to choose for the coach whose turn it is, and each week's unfinished pre-games for the commissioner, who
may act for a coach; each one click away, gone once done, in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.urls import reverse

from home.selectors import dashboard
from slaughterball.selectors_dashboard import commissioner_waiting
from slaughterball.services import auctions as services
from slaughterball.services.pregame import lineup_pick
from tests.slaughterball.pregame.helpers import make_game, six

pytestmark = pytest.mark.django_db


def items(user) -> list[tuple[str, str, str]]:
    return [(item.kind, item.text, item.url) for item in dashboard(user).waiting if item.kind in ("turn", "pregame")]


def test_each_step_waits_for_whoever_takes_it(league, game, commissioner, coach, rival, team, rival_team, open_auction):
    auction_room, lineup_page = reverse("game-auction", args=[game.pk]), reverse("game-lineup", args=[game.pk])
    week_page = reverse("week-detail", args=[game.week_id])
    label = "Season 1, week 1, game 1"
    opening = ("pregame", f"{label}: the maverick auction is to open; any coach of the game opens it.", auction_room)
    assert items(coach) == items(rival) == [opening]
    assert items(commissioner) == [
        (
            "pregame",
            "Season 1, week 1: pre-game to finish in 1 game: the maverick auction is to open (game 1).",
            week_page,
        )
    ]
    assert {item.league for item in dashboard(commissioner).waiting} == {league.name}  # shown before its text

    auction = open_auction(game, coach, {rival_team.pk: ["knife"]})
    assert items(rival) == [("turn", f"{label}: {rival_team.name} puts up a maverick it drew, or returns it.", auction_room)]
    assert items(coach) == []
    services.draw_return(draw_id=auction.draws.get().pk, user=rival)  # the auction is over: athletes next

    assert items(coach) == [("turn", f"{label}: {team.name} chooses its athletes.", lineup_page)]
    assert items(rival) == []
    assert f"{team.name} chooses its athletes (game 1)" in items(commissioner)[0][1]
    lineup_pick(game_id=game.pk, user=commissioner, team_id=team.pk, athlete_ids=six(team))  # he may act for him
    assert items(coach) == []
    assert items(rival) == [("turn", f"{label}: {rival_team.name} chooses its athletes.", lineup_page)]
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    assert items(coach) == items(rival) == items(commissioner) == []


@pytest.mark.parametrize("games", [1, 4])
def test_the_commissioner_s_pre_games_cost_the_same_queries_however_many(
    league, season, team, rival_team, third_team, games, django_assert_num_queries
):
    for _ in range(games):
        make_game(season, [team, rival_team, third_team])
    # The scheduled games of his leagues' running seasons and their sides; whether their auctions were held.
    with django_assert_num_queries(3):
        (item,) = commissioner_waiting([league])
    assert f"pre-game to finish in {games} game" in item.text
    assert item.text.endswith("; and 1 more.") == (games == 4)  # three games named, the week page has them all
