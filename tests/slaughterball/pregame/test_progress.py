"""What is left of a game's pre-game and whose turn it is (slaughterball.selectors_pregame.pregame_progress), step
by step through the maverick auction and the lineups, as the result page, the API and the dashboard read it."""

from __future__ import annotations

import pytest

from leagues.models import League
from slaughterball.selectors import games_listed
from slaughterball.selectors_pregame import game_pregame_missing, pregame_progress
from slaughterball.services import auctions as auction_services
from slaughterball.services.pregame import lineup_pick
from tests.slaughterball.pregame.helpers import make_game, six

pytestmark = pytest.mark.django_db


def progress(game):
    return pregame_progress([games_listed().get(pk=game.pk)], turns=True)[game.pk]


def left(game) -> list[tuple[str, int | None]]:
    return [(step.step, step.team) for step in progress(game).missing]


def turn(game) -> tuple[str, int | None, str] | None:
    now = progress(game).turn
    return (now.step, now.team, now.text) if now else None


def test_step_by_step_through_the_auction_and_the_lineups(game, coach, rival, team, rival_team, open_auction):
    assert left(game) == [("auction", None), ("lineup", team.pk), ("lineup", rival_team.pk)]
    assert turn(game) == ("auction-open", None, "the maverick auction is to open")

    auction = open_auction(game, coach, {rival_team.pk: ["knife"]})  # the rival draws Gibraltar
    assert left(game)[0] == ("auction", None)
    assert turn(game) == ("nominate", rival_team.pk, f"{rival_team.name} puts up a maverick it drew, or returns it")

    lot = auction_services.lot_nominate(auction_id=auction.pk, user=rival, draw_id=auction.draws.get().pk)
    assert turn(game) == ("bid", rival_team.pk, f"{rival_team.name} bids or passes on Gibraltar")
    auction_services.lot_pass(lot_id=lot.pk, user=rival)
    assert turn(game) == ("bid", team.pk, f"{team.name} bids or passes on Gibraltar")
    auction_services.lot_pass(lot_id=lot.pk, user=coach)  # nobody bids: Gibraltar leaves, the auction is over

    assert left(game) == [("lineup", team.pk), ("lineup", rival_team.pk)]  # the lowest League Rank first
    assert turn(game) == ("lineup", team.pk, f"{team.name} chooses its athletes")
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert turn(game) == ("lineup", rival_team.pk, f"{rival_team.name} chooses its athletes")
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    assert progress(game).missing == []
    assert progress(game).turn is None


def test_no_mavericks_in_leagues_has_no_auction_to_wait_for(league, game, team, rival_team):
    league.options = {**league.options, "no_mavericks": True}
    league.save()
    assert left(game) == [("lineup", team.pk), ("lineup", rival_team.pk)]
    assert turn(game)[:2] == ("lineup", team.pk)


def test_the_turns_of_many_games_cost_a_fixed_number_of_queries(
    season, team, rival_team, third_team, coach, open_auction, django_assert_num_queries
):
    games = [make_game(season, [team, rival_team]), make_game(season, [rival_team, third_team])]
    auction = open_auction(games[0], coach, {team.pk: ["knife"]})
    listed = list(games_listed().filter(pk__in=[g.pk for g in games]))
    # The auctions of the games nobody has chosen in; the draws held and the lots of those going on; the bids and
    # passes of the lots up (none: no query). Nobody chooses athletes yet: no lineup order, no League Rank read.
    with django_assert_num_queries(3):
        found = pregame_progress(listed, turns=True)
    assert [found[g.pk].turn.step for g in games] == ["nominate", "auction-open"]
    auction_services.draw_return(draw_id=auction.draws.get().pk, user=coach)  # the auction over
    lineup_pick(game_id=games[0].pk, user=coach, team_id=team.pk, athlete_ids=six(team))  # its order fixed
    games.append(make_game(season, [third_team, team]))
    League.objects.filter(pk=season.league_id).update(options={"no_mavericks": True})  # choosing in all three
    listed = list(games_listed().filter(pk__in=[g.pk for g in games]))
    # No auction to read: the fixed lineup orders; League Rank of the season, once, for the two not fixed.
    with django_assert_num_queries(2):
        found = pregame_progress(listed, turns=True)
    assert [found[g.pk].turn.step for g in games] == ["lineup", "lineup", "lineup"]


def test_without_turns_a_game_costs_one_query_and_none_once_a_lineup_is_chosen(
    game, coach, team, open_auction, django_assert_num_queries
):
    game = games_listed().get(pk=game.pk)
    with django_assert_num_queries(1):  # was its auction held?
        assert [step.step for step in game_pregame_missing(game)] == ["auction", "lineup", "lineup"]
    open_auction(game, coach)
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    game = games_listed().get(pk=game.pk)
    with django_assert_num_queries(0):
        assert [step.step for step in game_pregame_missing(game)] == ["lineup"]
