"""The pre-game API: who may do what (a refused write changes nothing), error shapes naming the field,
idempotent bids, stored dice that reloading never re-rolls, and pinned query counts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest
from rest_framework.test import APIClient

from rosters.models import LedgerEntry
from slaughterball.models import Auction, Bid, GameSide, Lot, LotPass, MaverickDraw, MaverickHire, Pregame
from slaughterball.services import auctions as services
from tests.api.helpers import CAST, errors, problems
from tests.slaughterball.pregame.helpers import fund, make_game, make_team_for, six

pytestmark = pytest.mark.django_db


def pregame_rows() -> dict[str, list[tuple[Any, ...]]]:
    models = [Auction, MaverickDraw, Lot, Bid, LotPass, MaverickHire, Pregame, GameSide, LedgerEntry]
    return {m._meta.label: list(m.objects.order_by("pk").values_list()) for m in models}


@pytest.fixture
def client_of(request) -> Callable[[str], APIClient]:
    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client


# --- Permission matrix -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Write:
    setup: str  # "game": nothing opened; "draw": the coach drew a maverick; "lot": the coach put a rogue up
    method: str
    url: str
    body: Callable[[SimpleNamespace], dict[str, Any]] | None = None


WRITES = {
    "auction-open": Write("game", "post", "/api/games/{game}/auction/"),
    "draw-return": Write("draw", "post", "/api/auctions/{auction}/draws/", lambda w: {"draw": w.draw}),
    "nominate-draw": Write("draw", "post", "/api/auctions/{auction}/lots/", lambda w: {"draw": w.draw}),
    "nominate-rogue": Write(
        "draw", "post", "/api/auctions/{auction}/lots/", lambda w: {"rogue": {"portfolio": "nemesis", "type": "razor"}}
    ),
    "bid": Write("lot", "post", "/api/auctions/{auction}/bids/", lambda w: {"lot": w.lot, "amount": 100_000}),
    "pass": Write("lot", "post", "/api/lots/{lot}/pass/"),
    "close": Write("lot", "post", "/api/lots/{lot}/close/"),
    "lineup": Write("done", "post", "/api/games/{game}/lineup/", lambda w: {"team": w.team, "athletes": w.six}),
}

# fmt: off
WRITE_STATUS = {
    #                 commissioner  coach  rival  other_commissioner  anonymous
    "auction-open":   (201,         201,   201,   403,                401),
    "draw-return":    (200,         200,   403,   403,                401),  # the commissioner, for a coach who left
    "nominate-draw":  (403,         201,   403,   403,                401),
    "nominate-rogue": (403,         201,   201,   403,                401),
    "bid":            (403,         201,   400,   403,                401),  # the coach who put it up bids first
    "pass":           (403,         201,   400,   403,                401),
    "close":          (200,         403,   403,   403,                401),  # the commissioner, for a stalled lot
    "lineup":         (201,         201,   403,   403,                401),
}
# fmt: on


def matrix() -> list[Any]:
    return [
        pytest.param(name, actor, status, id=f"{name}-{actor}")
        for name, row in WRITE_STATUS.items()
        for actor, status in zip(CAST, row, strict=True)
    ]


@pytest.fixture
def world(request, commissioner, coach, rival, other_commissioner, game, team, rival_team, open_auction):
    def build(setup: str) -> SimpleNamespace:
        w = SimpleNamespace(game=game.pk, team=team.pk, six=six(team), auction=None, draw=None, lot=None)
        if setup == "game":
            return w
        auction = open_auction(game, coach, {team.pk: ["knife"]} if setup == "draw" else {})
        w.auction = auction.pk
        if setup == "draw":
            w.draw = auction.draws.get().pk
        if setup == "lot":
            w.lot = services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor").pk
        return w

    return build


@pytest.mark.parametrize(("name", "actor", "status"), matrix())
def test_write_permissions(name, actor, status, world, client_of):
    write = WRITES[name]
    w = world(write.setup)
    before = pregame_rows()

    body = write.body(w) if write.body else None
    response = getattr(client_of(actor), write.method)(write.url.format(**vars(w)), body, format="json")

    assert response.status_code == status, response.content
    if status < 400:
        assert pregame_rows() != before
        return
    assert pregame_rows() == before
    codes = {e["code"] for e in errors(response)}
    if status == 401:
        assert codes == {"not_authenticated"}
    else:
        assert codes <= {"not-in-game", "not-coach", "not-commissioner", "bid-turn"}


READS = [
    "/api/games/{game}/auction/",
    "/api/auctions/{auction}/",
    "/api/auctions/{auction}/bids/",
    "/api/auctions/{auction}/lots/",
    "/api/games/{game}/lineup/",
    "/api/games/{game}/pregame/",
]


@pytest.mark.parametrize("actor", CAST)
@pytest.mark.parametrize("url", READS)
def test_everyone_reads_the_pre_game(url, actor, world, client_of):
    w = world("lot")
    response = client_of(actor).get(url.format(**vars(w)))
    assert response.status_code == 200, response.content


# --- Stored dice: reloading never re-rolls --------------------------------------------------------------------


def test_a_coach_cannot_re_roll_by_reloading(game, client_of):
    api = client_of("coach")
    assert api.get(f"/api/games/{game.pk}/auction/").status_code == 404
    opened = api.post(f"/api/games/{game.pk}/auction/")
    assert opened.status_code == 201
    again = api.post(f"/api/games/{game.pk}/auction/")
    first_get, second_get = api.get(f"/api/games/{game.pk}/auction/"), api.get(f"/api/games/{game.pk}/auction/")

    assert again.status_code == 200
    body = opened.json()
    for response in (again, first_get, second_get):
        assert response.json()["order"] == body["order"]
        assert response.json()["draws"] == body["draws"]
        assert response.json()["seed"] == body["seed"]
    assert Auction.objects.count() == 1
    assert all(len(entry["dice"]) == 1 for entry in body["order"])


def test_unknown_game_or_auction_is_a_404(client_of):
    for url in ("/api/games/999999/auction/", "/api/auctions/999999/", "/api/games/999999/pregame/"):
        response = client_of("coach").get(url)
        assert response.status_code == 404
        errors(response)
    assert client_of("coach").post("/api/games/999999/auction/").status_code == 404


# --- Bids: error shapes, idempotency ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"lot": "{lot}", "amount": "lots"}, ("invalid", "amount")),
        ({"lot": "{lot}"}, ("required", "amount")),
        ({"amount": 100_000}, ("required", "lot")),
        ({"lot": "{lot}", "amount": 75_000}, ("bid-step", "amount")),
        ({"lot": "{lot}", "amount": 2_000_000}, ("bid-over-treasury", "amount")),
        ({"lot": 999_999, "amount": 100_000}, ("invalid", "lot")),
    ],
)
def test_bad_bids_get_a_400_naming_the_field(body, expected, world, client_of):
    w = world("lot")
    body = {k: (w.lot if v == "{lot}" else v) for k, v in body.items()}
    before = pregame_rows()
    response = client_of("coach").post(f"/api/auctions/{w.auction}/bids/", body, format="json")
    assert response.status_code == 400, response.content
    assert expected in problems(response)
    assert pregame_rows() == before


def test_the_same_bid_sent_twice_is_applied_once(world, client_of, team):
    w = world("lot")
    api = client_of("coach")
    first = api.post(
        f"/api/auctions/{w.auction}/bids/", {"lot": w.lot, "amount": 150_000}, format="json", HTTP_IDEMPOTENCY_KEY="double-click"
    )
    second = api.post(
        f"/api/auctions/{w.auction}/bids/", {"lot": w.lot, "amount": 150_000}, format="json", HTTP_IDEMPOTENCY_KEY="double-click"
    )
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json() == second.json()
    assert first.json()["team"] == team.pk
    assert Bid.objects.count() == 1


def test_bids_and_passes_in_turn_over_the_api(world, client_of, team, rival_team):
    w = world("lot")
    state = client_of("anonymous").get(f"/api/auctions/{w.auction}/").json()
    assert (state["current_lot"]["turn"], state["current_lot"]["turn_name"]) == (team.pk, team.name)  # the nominator opens
    out_of_turn = client_of("rival").post(f"/api/lots/{w.lot}/pass/", {}, format="json")
    assert out_of_turn.status_code == 400
    assert problems(out_of_turn) == {("bid-turn", "team")}

    client_of("coach").post(f"/api/auctions/{w.auction}/bids/", {"lot": w.lot, "amount": 300_000}, format="json")
    state = client_of("anonymous").get(f"/api/auctions/{w.auction}/").json()
    assert (state["current_lot"]["high_amount"], state["current_lot"]["next_bid"]) == (300_000, 350_000)
    assert state["current_lot"]["turn"] == rival_team.pk
    passed = client_of("rival").post(f"/api/lots/{w.lot}/pass/", {}, format="json", HTTP_IDEMPOTENCY_KEY="pass-1")
    again = client_of("rival").post(f"/api/lots/{w.lot}/pass/", {}, format="json", HTTP_IDEMPOTENCY_KEY="pass-1")

    assert (passed.status_code, again.status_code) == (201, 200)
    assert (passed.json()["state"], passed.json()["high_team"], passed.json()["turn"]) == ("hired", team.pk, None)
    assert again.json() == passed.json()
    late = client_of("rival").post(f"/api/lots/{w.lot}/pass/", {}, format="json")
    assert problems(late) == {("lot-closed", "lot")}


def test_the_commissioner_closes_a_stalled_lot_over_the_api(world, client_of, team):
    w = world("lot")
    client_of("coach").post(f"/api/auctions/{w.auction}/bids/", {"lot": w.lot, "amount": 300_000}, format="json")
    closed = client_of("commissioner").post(f"/api/lots/{w.lot}/close/")
    assert closed.status_code == 200
    assert (closed.json()["state"], closed.json()["high_team"]) == ("hired", team.pk)
    assert client_of("commissioner").post(f"/api/lots/{w.lot}/close/").json()["state"] == "hired"


def test_nominating_needs_a_draw_or_a_rogue(world, client_of):
    w = world("draw")
    response = client_of("coach").post(f"/api/auctions/{w.auction}/lots/", {}, format="json")
    assert response.status_code == 400
    assert problems(response) == {("lot-what", "draw")}
    response = client_of("coach").post(f"/api/auctions/{w.auction}/lots/", {"rogue": {"portfolio": "nemesis"}}, format="json")
    assert response.status_code == 400
    assert ("required", "rogue.type") in problems(response)


def test_a_lineup_over_the_api(world, client_of, game, rival_team):
    w = world("done")
    response = client_of("coach").post(f"/api/games/{game.pk}/lineup/", {"team": w.team, "athletes": w.six[:5]}, format="json")
    assert response.status_code == 400
    assert problems(response) == {("lineup-size", "athletes")}
    response = client_of("coach").post(f"/api/games/{game.pk}/lineup/", {"team": w.team, "athletes": w.six}, format="json")
    assert response.status_code == 201
    assert (
        client_of("coach").post(f"/api/games/{game.pk}/lineup/", {"team": w.team, "athletes": w.six}, format="json").status_code
        == 200
    )
    client_of("rival").post(f"/api/games/{game.pk}/lineup/", {"team": rival_team.pk, "athletes": six(rival_team)}, format="json")
    pregame = client_of("anonymous").get(f"/api/games/{game.pk}/pregame/").json()
    assert pregame["complete"]
    assert all(side["pit_power"] and side["edge_tokens"] is not None for side in pregame["sides"])
    assert sorted(pregame["picking_order"]) == sorted([w.team, rival_team.pk])


# --- Query counts -----------------------------------------------------------------------------------------------


def grow(game, size: int, league, commissioner) -> None:
    """`size` lots with two bids each in the game's auction."""
    auction = Auction.objects.get(game=game)
    sides = list(GameSide.objects.filter(game=game).select_related("team__coach"))
    for _ in range(size):
        lot = services.lot_nominate(
            auction_id=auction.pk, user=sides[0].team.coach, rogue_portfolio="nemesis", rogue_type="razor"
        )
        services.bid_place(lot_id=lot.pk, user=sides[0].team.coach, amount=50_000)
        services.bid_place(lot_id=lot.pk, user=sides[1].team.coach, amount=100_000)
        services.lot_close(lot_id=lot.pk, user=commissioner)


@pytest.mark.parametrize("size", [1, 6])
@pytest.mark.parametrize(
    ("url", "queries"),
    [
        # 1 auction with its game, week, season and league; 1 count; 1 page of bids joined to team and author.
        ("/api/auctions/{auction}/bids/", 3),
        # 1 auction with its league; 1 draws; 1 lots with their hires.
        ("/api/auctions/{auction}/", 3),
        # 1 game with its league; 1 auction; 1 draws; 1 lots with their hires.
        ("/api/games/{game}/auction/", 4),
        # 1 game with its league; 1 sides with their teams; 1 pre-game row; before the first pick,
        # 1 League Rank as it stands now (the order shown).
        ("/api/games/{game}/pregame/", 4),
    ],
)
def test_read_query_counts_do_not_grow(
    url, queries, size, world, client_of, league, commissioner, game, rival_team, django_assert_num_queries
):
    fund(rival_team, 2_000_000)
    w = world("game")
    client_of("coach").post(f"/api/games/{game.pk}/auction/")
    grow(game, size, league, commissioner)
    url = url.format(auction=Auction.objects.get(game=game).pk, game=game.pk)
    api = client_of("anonymous")

    with django_assert_num_queries(queries):
        response = api.get(url)

    assert response.status_code == 200
    assert w.game == game.pk


@pytest.mark.parametrize("size", [1, 6])
def test_the_auction_with_a_lot_up_costs_two_queries_more(
    size, world, client_of, league, commissioner, game, rival_team, django_assert_num_queries
):
    fund(rival_team, 2_000_000)
    world("game")
    client_of("coach").post(f"/api/games/{game.pk}/auction/")
    grow(game, size, league, commissioner)
    auction = Auction.objects.get(game=game)
    coach = GameSide.objects.filter(game=game).order_by("id").first().team.coach
    services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")
    api = client_of("anonymous")

    # 1 auction with its league; 1 draws; 1 lots with their hires; the open lot's bids and its passes.
    with django_assert_num_queries(5):
        response = api.get(f"/api/auctions/{auction.pk}/")

    assert response.json()["current_lot"]["turn"] is not None


def test_the_schema_documents_the_pre_game(client_of):
    schema = client_of("anonymous").get("/api/schema/?format=json").json()
    for path in (
        "/api/games/{game_id}/auction/",
        "/api/auctions/{auction_id}/bids/",
        "/api/lots/{lot_id}/close/",
        "/api/lots/{lot_id}/pass/",
        "/api/games/{game_id}/lineup/",
        "/api/games/{game_id}/pregame/",
        "/api/auctions/{auction_id}/draws/",
        "/api/auctions/{auction_id}/lots/",
        "/api/auctions/{auction_id}/",
    ):
        assert path in schema["paths"], path


def test_a_third_team_s_coach_is_no_bidder(season, league, world, client_of, rival_team):
    w = world("lot")
    outsider_team = make_team_for(league, rival_team.coach, "Second Rival Team", "carnage")
    make_game(season, [outsider_team])
    response = client_of("rival").post(
        f"/api/auctions/{w.auction}/bids/", {"lot": w.lot, "amount": 50_000, "team": outsider_team.pk}, format="json"
    )
    assert response.status_code == 400
    assert problems(response) == {("team-not-in-game", "team")}


def test_returning_a_draw_of_another_auction_names_the_field(world, client_of):
    w = world("draw")
    response = client_of("coach").post(f"/api/auctions/{w.auction}/draws/", {"draw": 999_999}, format="json")
    assert response.status_code == 400
    assert problems(response) == {("invalid", "draw")}


def test_the_order_of_play_fixes_who_takes_staff_tokens_first(world, client_of, game, team, rival_team, third_team):
    """Team Placement: staff tokens start with the coach to the First Coach's right, counter-clockwise."""
    before = client_of("anonymous").get(f"/api/games/{game.pk}/pregame/").json()
    assert (before["order_of_play"], before["staff_token_order"]) == ([], [])

    response = client_of("rival").post(f"/api/games/{game.pk}/order-of-play/", {"teams": [rival_team.pk, team.pk]}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["order_of_play"] == [rival_team.pk, team.pk]  # the rival holds the First Coach token
    assert response.json()["staff_token_order"] == [team.pk, rival_team.pk]  # so the coach to his right takes first
    assert dict(GameSide.objects.filter(game=game).values_list("team", "order_of_play")) == {rival_team.pk: 1, team.pk: 2}


@pytest.mark.parametrize(
    ("actor", "teams", "status", "code"),
    [
        ("other_commissioner", "both", 403, "not-in-game"),
        ("anonymous", "both", 401, "not_authenticated"),
        ("coach", "one", 400, "order-of-play"),
        ("coach", "stranger", 400, "order-of-play"),
    ],
)
def test_a_wrong_order_of_play_is_refused(actor, teams, status, code, client_of, game, team, rival_team, third_team):
    body = {"both": [team.pk, rival_team.pk], "one": [team.pk], "stranger": [team.pk, third_team.pk]}[teams]
    response = client_of(actor).post(f"/api/games/{game.pk}/order-of-play/", {"teams": body}, format="json")
    assert response.status_code == status
    assert code in {e["code"] for e in errors(response)}
    assert not GameSide.objects.filter(game=game, order_of_play__isnull=False).exists()


def test_staff_tokens_count_as_edge_tokens_received(client_of, game, team):
    """Edge Tokens: "Coaches can get them from the Underdog Bonus or from support staff"."""
    game.sides.update(pit_power=17_000_000, edge_tokens=0)
    game.sides.filter(team=team).update(staff_tokens={"reroll": 1, "cancel-card": 1})
    pregame = client_of("anonymous").get(f"/api/games/{game.pk}/pregame/").json()
    assert {s["team"]: s["edge_tokens_received"] for s in pregame["sides"]}[team.pk] == 2


def test_the_lineup_order_and_who_picks_next_show_before_the_first_pick(world, client_of, game, team, rival_team):
    """Choose Athletes: "In ascending order of League Rank, each coach chooses and reveals the six
    athletes": the order, and who chooses first, are shown from the start."""
    world("done")
    pregame = client_of("anonymous").get(f"/api/games/{game.pk}/pregame/").json()
    order = [entry["team"] for entry in pregame["lineup_order"]]
    assert sorted(order) == sorted([team.pk, rival_team.pk])
    assert not pregame["lineup_order_fixed"]
    assert pregame["next_to_pick"] == order[0]
    first = team if order[0] == team.pk else rival_team
    actor = "coach" if first == team else "rival"
    response = client_of(actor).post(f"/api/games/{game.pk}/lineup/", {"team": first.pk, "athletes": six(first)}, format="json")
    assert response.status_code == 201, response.content
    pregame = client_of("anonymous").get(f"/api/games/{game.pk}/pregame/").json()
    assert [entry["team"] for entry in pregame["lineup_order"]] == order
    assert pregame["lineup_order_fixed"]
    assert pregame["next_to_pick"] == order[1]
