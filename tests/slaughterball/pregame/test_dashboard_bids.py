"""The dashboard's "your bid" (issue 13): the coach whose turn it is on the open lot sees it, one click from the auction
room, and the turn moves on with his pass."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from slaughterball.services import auctions as services
from tests.slaughterball.pregame.helpers import auction_order


def waiting_on(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def test_the_coach_whose_turn_it_is_on_a_lot_is_told_to_bid(game, coach, team, rival_team, open_auction):
    lowest = auction_order(game)[0]  # the lowest Team Potential draws Gibraltar
    auction = open_auction(game, coach, {lowest: ["knife"]})
    draw = auction.draws.get()
    first, second = (team, rival_team) if draw.team_id == team.pk else (rival_team, team)
    lot = services.lot_nominate(auction_id=auction.pk, user=first.coach, draw_id=draw.pk)
    room = f'href="{reverse("game-auction", args=[game.pk])}"'

    body = waiting_on(first.coach)  # who put it up bids first
    assert f"{first.name} bids or passes on Gibraltar" in body
    assert room in body
    assert "bids or passes" not in waiting_on(second.coach)

    services.lot_pass(lot_id=lot.pk, user=first.coach)
    assert "bids or passes" not in waiting_on(first.coach)
    assert f"{second.name} bids or passes on Gibraltar (Season 1, week 1, game 1)." in waiting_on(second.coach)
