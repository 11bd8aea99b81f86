"""The pre-game pages: the live auction room (htmx polling, bid buttons), the lineup picker (Pit Power as you
pick) and the pre-game summary. Every form carries a CSRF token and works without JavaScript."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from slaughterball.models import Auction, Bid, Game, GameSide, Lot
from slaughterball.services import auctions as services
from slaughterball.services import pregame as pregame_services
from slaughterball.services.pregame import lasting_injuries_apply, lineup_pick
from tests.engine.test_auctions import Scripted
from tests.slaughterball.pregame.helpers import make_game, six

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client_as(client: Client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as


def test_the_room_before_the_auction_opens(game, client, client_as, coach):
    page = client.get(f"/games/{game.pk}/auction/").content.decode()
    assert "Not open yet" in page
    assert "Open the auction" not in page  # a spectator cannot open it
    page = client_as(coach).get(f"/games/{game.pk}/auction/").content.decode()
    assert "Open the auction and roll the dice" in page
    assert "csrfmiddlewaretoken" in page


def test_opening_from_the_page_then_polling(game, client_as, coach):
    client = client_as(coach)
    response = client.post(f"/games/{game.pk}/auction/open/")
    assert response.status_code == 302
    assert Auction.objects.filter(game=game).exists()
    live = client.get(f"/games/{game.pk}/auction/live/").content.decode()
    assert f'hx-get="/games/{game.pk}/auction/live/"' in live
    assert 'hx-trigger="every 2s"' in live
    assert "Dice and draws" in live


def test_opening_with_htmx_swaps_the_live_part(game, client_as, coach):
    response = client_as(coach).post(f"/games/{game.pk}/auction/open/", **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="auction-live"')
    assert "<html" not in body


@pytest.fixture
def lot(game, coach, open_auction):
    auction = open_auction(game, coach)
    return services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")


def test_the_bid_buttons_bid_the_next_step_once(lot, game, client_as, coach, rival):
    client = client_as(coach)  # the coach who put it up bids first
    live = client.get(f"/games/{game.pk}/auction/live/").content.decode()
    assert "+50,000: bid 50,000" in live
    key = re.search(r'name="idempotency_key" value="([0-9a-f]+)"', live).group(1)
    form = {
        "lot": lot.pk,
        "team": GameSide.objects.get(game=game, team__coach=coach).team_id,
        "amount": "50000",
        "idempotency_key": key,
    }

    first = client.post(f"/lots/{lot.pk}/bid/", form, **HTMX)
    second = client.post(f"/lots/{lot.pk}/bid/", form, **HTMX)  # a double click

    assert (first.status_code, second.status_code) == (200, 200)
    assert Bid.objects.count() == 1
    assert "Your team has the highest bid" in second.content.decode()


def test_the_page_shows_whose_turn_and_only_that_coach_bids_or_passes(lot, game, client_as, coach, rival, team):
    rival_page = client_as(rival).get(f"/games/{game.pk}/auction/live/").content.decode()
    assert f"<strong>{team.name}</strong> bids or passes now" in rival_page
    assert "+50,000: bid" not in rival_page
    assert ">Pass<" not in rival_page
    assert "Wait for your turn" in rival_page
    coach_page = client_as(coach).get(f"/games/{game.pk}/auction/live/").content.decode()
    assert ">Pass<" in coach_page
    assert f'hx-post="/lots/{lot.pk}/pass/"' in coach_page


def test_a_pass_from_the_page_once_then_the_last_pass_closes_the_lot(lot, game, client_as, coach, rival, team, rival_team):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    client = client_as(rival)
    live = client.get(f"/games/{game.pk}/auction/live/").content.decode()
    key = re.search(rf'action="/lots/{lot.pk}/pass/".*?name="idempotency_key" value="([0-9a-f]+)"', live, re.S).group(1)
    form = {"team": rival_team.pk, "idempotency_key": key}

    first = client.post(f"/lots/{lot.pk}/pass/", form, **HTMX)
    second = client.post(f"/lots/{lot.pk}/pass/", form, **HTMX)  # a double click

    assert (first.status_code, second.status_code) == (200, 200)
    assert Lot.objects.get(pk=lot.pk).state == "hired"
    assert f"Hired by {team.name}" in second.content.decode()


def test_a_custom_bid_with_separators_and_a_refused_one(lot, game, client_as, coach, rival, team, rival_team):
    client = client_as(coach)
    ok = client.post(
        f"/lots/{lot.pk}/bid/", {"lot": lot.pk, "team": team.pk, "amount": "250,000", "idempotency_key": "a"}, **HTMX
    )
    assert ok.status_code == 200
    assert Lot.objects.get(pk=lot.pk).high_amount == 250_000
    client = client_as(rival)
    refused = client.post(
        f"/lots/{lot.pk}/bid/", {"lot": lot.pk, "team": rival_team.pk, "amount": "260000", "idempotency_key": "b"}, **HTMX
    )
    assert refused.status_code == 400
    assert "steps of 50,000" in refused.content.decode()
    out_of_turn = client_as(coach).post(
        f"/lots/{lot.pk}/bid/", {"lot": lot.pk, "team": team.pk, "amount": "300000", "idempotency_key": "c"}, **HTMX
    )
    assert out_of_turn.status_code == 400
    assert "turn to bid or pass" in out_of_turn.content.decode()
    assert Bid.objects.count() == 1


def test_the_commissioner_closes_a_stalled_lot_from_the_page(lot, game, client_as, commissioner, coach, rival, team):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    for someone in (coach, rival):
        assert "close a stalled lot" not in client_as(someone).get(f"/games/{game.pk}/auction/live/").content.decode()
    client = client_as(commissioner)
    assert "close a stalled lot" in client.get(f"/games/{game.pk}/auction/live/").content.decode()
    # It asks first, saying who pays what, and closes nothing yet; in htmx, the question takes the live part's place.
    for headers in ({}, HTMX):
        asked = client.post(f"/lots/{lot.pk}/close/", **headers)
        assert asked.status_code == 200
        assert f"{team.name} has the highest bid: it pays 100,000 credits and hires {lot.name}" in asked.content.decode()
        assert ("<html" in asked.content.decode()) == (not headers)
    lot.refresh_from_db()
    assert lot.state == Lot.State.OPEN
    response = client.post(f"/lots/{lot.pk}/close/", {"confirm": "1"})
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert f"Hired by {team.name}" in page


def test_coaches_cannot_close_from_the_page(lot, client_as, coach, rival):
    for someone in (coach, rival):
        assert client_as(someone).post(f"/lots/{lot.pk}/close/").status_code == 403


def test_forms_need_the_csrf_token(lot, coach, rival):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(rival)
    response = strict.post(f"/lots/{lot.pk}/bid/", {"lot": lot.pk, "amount": "50000", "idempotency_key": "x"})
    assert response.status_code == 403
    assert not Bid.objects.exists()


def test_polling_stops_once_lineups_begin(game, coach, team, client_as, open_auction):
    open_auction(game, coach)
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    live = client_as(coach).get(f"/games/{game.pk}/auction/live/").content.decode()
    assert "hx-trigger" not in live
    assert "choosing athletes" in live


def test_draws_can_be_put_up_and_returned_from_the_page(game, coach, team, client_as, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    draw = auction.draws.get()
    client = client_as(coach)
    live = client.get(f"/games/{game.pk}/auction/live/").content.decode()
    assert "Put up for auction" in live
    assert "Return to the box" in live
    response = client.post(f"/auctions/{auction.pk}/nominate/", {"draw": draw.pk}, **HTMX)
    assert response.status_code == 200
    assert "Lot 1: Gibraltar" in response.content.decode()


def test_a_draw_that_is_not_a_number_is_a_400(game, coach, team, client_as, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    response = client_as(coach).post(f"/auctions/{auction.pk}/nominate/", {"draw": "²"}, **HTMX)
    assert response.status_code == 400
    assert not Lot.objects.exists()


# --- Lineup picker and summary ----------------------------------------------------------------------------------


def test_the_lineup_picker_shows_pit_power_as_you_pick(game, coach, team, client_as, open_auction):
    open_auction(game, coach)
    client = client_as(coach)
    page = client.get(f"/games/{game.pk}/lineup/").content.decode()
    assert re.search(r"Brutal Berthas <span[^>]*>\(0 League Points, [^)]*\)</span> <span class=\"badge\">chooses first", page)
    assert page.count('name="athletes"') == 8
    assert f'hx-post="/games/{game.pk}/lineup/preview/"' in page
    chosen = six(team)[:2]
    preview = client.post(f"/games/{game.pk}/lineup/preview/", {"team": team.pk, "athletes": chosen}).content.decode()
    assert "<strong>2</strong> of 6 chosen" in preview
    value = sum(team.athletes.get(pk=a).base_value for a in chosen)
    assert f"{value:,}" in preview


def test_choosing_from_the_page(game, coach, team, client_as, open_auction):
    open_auction(game, coach)
    client = client_as(coach)
    refused = client.post(f"/games/{game.pk}/lineup/", {"team": team.pk, "athletes": six(team)[:4]})
    assert refused.status_code == 400
    assert "Choose exactly 6 athletes" in refused.content.decode()
    response = client.post(f"/games/{game.pk}/lineup/", {"team": team.pk, "athletes": six(team)})
    assert response.status_code == 302
    assert len(GameSide.objects.get(game=game, team=team).lineup) == 6
    assert "has chosen and revealed" in client.get(response.url).content.decode()


@pytest.mark.parametrize(
    "form",
    [
        lambda team: {"team": team.pk, "athletes": [*six(team)[:5], "²"]},
        lambda team: {"team": team.pk, "athletes": [*six(team)[:5], "9" * 5000]},
        lambda team: {"team": "²", "athletes": six(team)},
    ],
)
def test_ids_that_are_not_numbers_are_a_400(game, coach, team, client_as, open_auction, form):
    open_auction(game, coach)
    client = client_as(coach)
    assert client.post(f"/games/{game.pk}/lineup/", form(team)).status_code == 400
    assert client.post(f"/games/{game.pk}/lineup/preview/", form(team)).status_code == 400
    assert client.get(f"/games/{game.pk}/lineup/?team=²").status_code == 400
    assert not GameSide.objects.get(game=game, team=team).lineup


def test_an_injured_athlete_is_shown_out(game, season, coach, team, rival_team, client_as, open_auction, monkeypatch):
    athlete = team.athletes.get(number=1)
    GameSide.objects.filter(game=game, team=team).update(lineup=[{"id": athlete.pk, "value": 0}])
    Game.objects.filter(pk=game.pk).update(state=Game.State.CONFIRMED)
    monkeypatch.setattr(pregame_services, "new_rng", lambda: (Scripted(["knife"]), "s"))
    lasting_injuries_apply(game=game, injuries=[{"athlete": athlete.pk, "tokens": 1}])
    following = make_game(season, [team, rival_team], week=2)
    open_auction(following, coach)
    page = client_as(coach).get(f"/games/{following.pk}/lineup/").content.decode()
    assert "is out with a lasting injury" in page
    assert re.search(rf'value="{athlete.pk}"\s+disabled', page)


def test_the_pre_game_summary(game, coach, rival, team, rival_team, client, open_auction):
    open_auction(game, coach)
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    page = client.get(f"/games/{game.pk}/pregame/").content.decode()
    assert "computed once every coach has chosen" in page
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    page = client.get(f"/games/{game.pk}/pregame/").content.decode()
    side = GameSide.objects.get(game=game, team=team)
    assert f"{side.pit_power:,}" in page
    assert "Order of picking Underdog Bonus tokens" in page


def test_the_pre_game_page_records_the_order_of_play_and_shows_the_staff_token_order(
    game, client, client_as, coach, team, rival_team
):
    page = client.get(f"/games/{game.pk}/pregame/").content.decode()
    assert "Record the order of play (who has the First Coach token" in page
    assert "Record the order of play</button>" not in page  # a spectator only reads
    client = client_as(coach)
    refused = client.post(f"/games/{game.pk}/order-of-play/", {f"order_{team.pk}": 1, f"order_{rival_team.pk}": 1})
    assert refused.status_code == 400
    assert "its own place in the order of play" in refused.content.decode()

    response = client.post(f"/games/{game.pk}/order-of-play/", {f"order_{team.pk}": 1, f"order_{rival_team.pk}": 2})

    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    staff = re.search(r'<ol class="pregame-staff-order" id="staff-token-order">(.*?)</ol>', page, re.S).group(1)
    assert re.findall(r"<li>(.*?)</li>", staff) == [rival_team.name, team.name]  # to the First Coach's right first
