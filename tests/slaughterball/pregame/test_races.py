"""Auction requests racing each other, each in its own thread, connection and transaction (PostgreSQL: SQLite
runs one writer at a time, so it cannot race). The bid locks its lot, then the bidder's team: two bids on one
lot run one after the other (and the second is out of turn), and two bids of one team on different lots see
each other's promise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest.mock import Mock

import pytest

from rosters import services as roster_services
from slaughterball.models import Auction, Bid, Lot, LotPass, MaverickHire
from slaughterball.services import auctions as services
from tests.rosters.helpers import client, ledger_sums, race
from tests.slaughterball.pregame.helpers import make_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_eager_notifications(monkeypatch):
    """Sign-ups and auction openings really commit here, so their notifications would run eagerly: not these
    tests' business (and an eager Celery call caches the broker connection that tests/tasks points at Redis)."""
    monkeypatch.setattr(roster_services, "notify", Mock())
    monkeypatch.setattr(services, "notify", Mock())


def put_up_rogue(game, user) -> Lot:
    auction, _ = services.auction_open(game_id=game.pk, user=user)
    return services.lot_nominate(auction_id=auction.pk, user=user, rogue_portfolio="nemesis", rogue_type="razor")


def bid(user, lot: Lot, amount: int, key: str | None = None) -> Callable[[], Any]:
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    url = f"/api/auctions/{lot.auction_id}/bids/"
    return lambda: client(user).post(url, {"lot": lot.pk, "amount": amount}, format="json", **headers)


def pass_turn(user, lot: Lot) -> Callable[[], Any]:
    return lambda: client(user).post(f"/api/lots/{lot.pk}/pass/", {}, format="json")


def test_two_bids_at_once_on_one_lot_one_wins(game, coach, rival, team, rival_team):
    lot = put_up_rogue(game, coach)

    responses = race(bid(coach, lot, 100_000), bid(coach, lot, 150_000))  # two tabs, no idempotency key

    assert sorted(r.status_code for r in responses) == [201, 400]
    [refused] = [r for r in responses if r.status_code == 400]
    assert [e["code"] for e in refused.json()["errors"]] == ["bid-turn"]  # the turn passed to the rival
    assert Bid.objects.count() == 1
    lot.refresh_from_db()
    assert (lot.high_amount, lot.high_team_id) == (Bid.objects.get().amount, team.pk)


def test_a_bid_and_a_pass_at_once_only_one_takes_the_turn(game, coach, rival, rival_team):
    lot = put_up_rogue(game, coach)

    responses = race(bid(coach, lot, 100_000), pass_turn(coach, lot))

    assert sorted(r.status_code for r in responses) == [201, 400]
    [refused] = [r for r in responses if r.status_code == 400]
    assert [e["code"] for e in refused.json()["errors"]] == ["bid-turn"]
    assert Bid.objects.count() + LotPass.objects.count() == 1
    assert client(rival).get(f"/api/auctions/{lot.auction_id}/").json()["current_lot"]["turn"] == rival_team.pk


def test_bids_of_one_team_on_two_lots_never_promise_more_than_its_treasury(
    season, game, commissioner, rival, team, rival_team, third_team
):
    other = make_game(season, [rival_team, third_team], week=2)
    first, second = put_up_rogue(game, rival), put_up_rogue(other, rival)  # the rival holds 1,000,000 and bids first

    responses = race(bid(rival, first, 600_000), bid(rival, second, 600_000))

    assert sorted(r.status_code for r in responses) == [201, 400]
    [refused] = [r for r in responses if r.status_code == 400]
    assert [e["code"] for e in refused.json()["errors"]] == ["bid-over-treasury"]
    for lot in (first, second):
        services.lot_close(lot_id=lot.pk, user=commissioner)
    assert MaverickHire.objects.filter(team=rival_team).count() == 1
    assert ledger_sums(rival_team)["treasury"] == 400_000


def test_the_same_idempotency_key_at_once_bids_once(game, coach, rival):
    lot = put_up_rogue(game, coach)

    responses = race(bid(coach, lot, 150_000, key="double-click"), bid(coach, lot, 150_000, key="double-click"))

    assert sorted(r.status_code for r in responses) == [200, 201]
    assert responses[0].json()["id"] == responses[1].json()["id"]
    assert Bid.objects.count() == 1


def test_two_openings_at_once_roll_once(game, coach, rival):
    url = f"/api/games/{game.pk}/auction/"

    responses = race(lambda: client(coach).post(url), lambda: client(rival).post(url))

    assert sorted(r.status_code for r in responses) == [200, 201]
    assert responses[0].json()["order"] == responses[1].json()["order"]
    assert responses[0].json()["seed"] == responses[1].json()["seed"]
    assert Auction.objects.count() == 1


def test_a_bid_racing_the_close_either_wins_or_is_refused_never_lost(game, commissioner, coach, rival, team, rival_team):
    lot = put_up_rogue(game, coach)
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)

    close = lambda: client(commissioner).post(f"/api/lots/{lot.pk}/close/")  # noqa: E731
    responses = race(close, bid(rival, lot, 150_000))

    hire = MaverickHire.objects.get()
    lot.refresh_from_db()
    assert (hire.price, hire.team_id) == (lot.high_amount, lot.high_team_id)
    bid_response = responses[1]
    if bid_response.status_code == 201:  # the bid came first: the rival hires for 150,000
        assert (hire.team_id, hire.price) == (rival_team.pk, 150_000)
    else:  # the close came first: the coach hires for 100,000 and the late bid is refused
        assert [e["code"] for e in bid_response.json()["errors"]] == ["lot-closed"]
        assert (hire.team_id, hire.price) == (team.pk, 100_000)
    assert ledger_sums(team)["treasury"] + ledger_sums(rival_team)["treasury"] == 2_000_000 - hire.price


def test_a_purchase_racing_the_close_never_takes_the_treasury_below_zero(game, commissioner, coach, rival, team, rival_team):
    lot = put_up_rogue(game, coach)
    services.bid_place(lot_id=lot.pk, user=coach, amount=50_000)
    services.bid_place(lot_id=lot.pk, user=rival, amount=900_000)

    buy = lambda: client(rival).post(  # noqa: E731
        f"/api/teams/{rival_team.pk}/purchases/", {"kind": "staff", "item": "defensive-coach"}, format="json"
    )
    close = lambda: client(commissioner).post(f"/api/lots/{lot.pk}/close/")  # noqa: E731
    race(buy, close)

    balances = ledger_sums(rival_team)
    assert min(balances.values()) >= 0
    hire = MaverickHire.objects.get()
    # Either the close came first (the rival paid 900,000 and the purchase was refused), or the purchase came first
    # and the lot fell to the coach's 50,000.
    assert (hire.team_id, hire.price) in {(rival_team.pk, 900_000), (team.pk, 50_000)}
