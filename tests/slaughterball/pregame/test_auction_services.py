"""The maverick auction through its services: stored dice and draws, returns, turns, bids, closing and paying."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from pitside.errors import Invalid, NotPermitted
from rosters.models import LedgerEntry, Team
from slaughterball.models import Auction, Bid, Game, Lot, LotPass, MaverickDraw, MaverickHire
from slaughterball.selectors_pregame import auction_state
from slaughterball.services import auctions as services
from slaughterball.services.teams import purchase_make
from tests.refusals import raises_invalid
from tests.rosters.helpers import ledger_sums
from tests.slaughterball.pregame.helpers import auction_order, fund, make_game, maverick_house_values

pytestmark = pytest.mark.django_db


def codes(error: pytest.ExceptionInfo) -> list[str]:
    return [item.code for item in error.value.items]


# --- Opening: dice and draws stored once ---------------------------------------------------------------------------


def test_opening_rolls_each_coach_s_die_and_draws_one_maverick_per_knife(game, coach, team, rival_team, open_auction):
    low, high = auction_order(game)
    auction = open_auction(game, coach, {low: ["double-knife"], high: ["knife"]}, picks=[2, 0, 1])

    assert auction.dice == {str(low): ["double-knife"], str(high): ["knife"]}
    assert [e["team"] for e in auction.order] == [low, high]
    draws = list(auction.draws.order_by("position").values_list("team", "maverick"))
    # The lowest Team Potential draws first: two cards (index 2 of the pool, then index 0 of what is left).
    assert draws == [(low, "simba-khan"), (low, "gibraltar"), (high, "toccata")]
    assert auction.seed == "scripted"


def test_no_knife_no_draw(game, coach, open_auction):
    auction = open_auction(game, coach, {t: ["star"] for t in auction_order(game)})
    assert auction.draws.count() == 0
    assert auction_state(auction)["status"] == "done"


def test_a_maverick_agent_rolls_one_more_die(game, coach, team, open_auction):
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="maverick-agent")
    auction = open_auction(game, coach, {team.pk: ["knife", "skull"]})
    assert auction.dice[str(team.pk)] == ["knife", "skull"]
    assert sorted(len(faces) for faces in auction.dice.values()) == [1, 2]


def test_opening_again_returns_the_same_dice(game, coach, rival, commissioner):
    first, created = services.auction_open(game_id=game.pk, user=coach)
    again, created_again = services.auction_open(game_id=game.pk, user=rival)
    by_commissioner, _ = services.auction_open(game_id=game.pk, user=commissioner)

    assert (created, created_again) == (True, False)
    assert first.pk == again.pk == by_commissioner.pk
    assert Auction.objects.get().dice == first.dice
    assert MaverickDraw.objects.count() == first.draws.count()


def test_opening_tells_each_coach_once(game, coach, rival, commissioner):
    services.auction_open(game_id=game.pk, user=coach)
    services.auction_open(game_id=game.pk, user=commissioner)
    notes = Notification.objects.filter(event=f"auction-open:game:{game.pk}")
    assert sorted(n.user.username for n in notes) == ["own_coach", "rival_coach"]
    assert notes[0].url == f"/games/{game.pk}/auction/"


def test_a_league_without_mavericks_has_no_auction(game, coach, league):
    league.options = {**league.options, "no_mavericks": True}
    league.save()
    with pytest.raises(Invalid) as refused:
        services.auction_open(game_id=game.pk, user=coach)
    assert codes(refused) == ["no-mavericks"]


def test_only_the_game_s_coaches_and_commissioner_open_it(game, other_commissioner, third):
    for outsider in (other_commissioner, third):
        with pytest.raises(NotPermitted):
            services.auction_open(game_id=game.pk, user=outsider)
    assert not Auction.objects.exists()


def test_no_auction_once_the_result_is_in(game, coach):
    Game.objects.filter(pk=game.pk).update(state=Game.State.CONFIRMED)
    with pytest.raises(Invalid) as refused:
        services.auction_open(game_id=game.pk, user=coach)
    assert codes(refused) == ["game-not-scheduled"]


# --- Returning draws and putting mavericks up --------------------------------------------------------------------


@pytest.fixture
def two_draws(game, coach, team, rival_team, open_auction):
    """Both coaches drew one maverick each: the lowest Team Potential Gibraltar, the other Fugue."""
    low, high = auction_order(game)
    auction = open_auction(game, coach, {low: ["knife"], high: ["knife"]})
    draws = {d.team_id: d for d in auction.draws.all()}
    return auction, draws[low], draws[high]


def _coach_of(draw):
    return draw.team.coach


def test_a_coach_returns_a_draw_to_the_box(two_draws):
    auction, first, _ = two_draws
    services.draw_return(draw_id=first.pk, user=_coach_of(first))
    services.draw_return(draw_id=first.pk, user=_coach_of(first))  # again: nothing more happens
    first.refresh_from_db()
    assert first.returned_at is not None
    assert auction_state(auction)["draws"][0]["returned"]


def test_only_the_drawing_coach_or_the_commissioner_returns_it(two_draws, commissioner, other_commissioner):
    _, first, second = two_draws
    for someone in (_coach_of(second), other_commissioner):
        with pytest.raises(NotPermitted):
            services.draw_return(draw_id=first.pk, user=someone)
    assert services.draw_return(draw_id=first.pk, user=commissioner).returned_at is not None  # the coach walked away


def test_the_lowest_team_potential_puts_up_first_then_in_turn(two_draws):
    auction, first, second = two_draws
    with pytest.raises(Invalid) as refused:
        services.lot_nominate(auction_id=auction.pk, user=_coach_of(second), draw_id=second.pk)
    assert codes(refused) == ["nominate-turn"]

    lot = services.lot_nominate(auction_id=auction.pk, user=_coach_of(first), draw_id=first.pk)
    assert (lot.number, lot.card, lot.name, lot.state) == (1, first.maverick, "Gibraltar", "open")
    with pytest.raises(Invalid) as refused:  # one lot on the Meat Grinder at a time
        services.lot_nominate(auction_id=auction.pk, user=_coach_of(second), draw_id=second.pk)
    assert codes(refused) == ["lot-open"]

    services.lot_pass(lot_id=lot.pk, user=_coach_of(first))
    services.lot_pass(lot_id=lot.pk, user=_coach_of(second))  # nobody bid in a full turn: Gibraltar leaves
    assert auction_state(auction)["next_nominator"] == second.team_id
    assert services.lot_nominate(auction_id=auction.pk, user=_coach_of(second), draw_id=second.pk).number == 2


def test_a_returned_draw_cannot_be_put_up_and_a_put_up_one_cannot_be_returned(two_draws):
    auction, first, second = two_draws
    services.draw_return(draw_id=first.pk, user=_coach_of(first))
    with pytest.raises(Invalid) as refused:
        services.lot_nominate(auction_id=auction.pk, user=_coach_of(first), draw_id=first.pk)
    assert codes(refused) == ["draw-gone"]
    # With the first returned, it is the second coach's turn.
    services.lot_nominate(auction_id=auction.pk, user=_coach_of(second), draw_id=second.pk)
    with pytest.raises(Invalid) as refused:
        services.draw_return(draw_id=second.pk, user=_coach_of(second))
    assert codes(refused) == ["draw-nominated"]


def test_a_maverick_without_its_adjustment_cannot_be_put_up(two_draws, league):
    auction, first, _ = two_draws
    league.house_values = {k: v for k, v in league.house_values.items() if k != "mavericks.gibraltar.pit_power_adjustment"}
    league.save()
    with raises_invalid() as refused:
        services.lot_nominate(auction_id=auction.pk, user=_coach_of(first), draw_id=first.pk)
    (item,) = refused.value.items
    assert (item.code, item.field) == ("house-value-required", "mavericks.gibraltar.pit_power_adjustment")
    assert "Gibraltar Pit Power adjustment" in item.message


def test_injured_mavericks_are_not_in_the_pool(game, coach, team, rival_team, season, open_auction, monkeypatch):
    monkeypatch.setattr(services, "mavericks_out", lambda game: {"gibraltar"})
    low, _ = auction_order(game)
    auction = open_auction(game, coach, {low: ["knife"]})
    assert list(auction.draws.values_list("maverick", flat=True)) == ["fugue"]


# --- Rogues ----------------------------------------------------------------------------------------------------------


def test_any_coach_puts_up_a_rogue_when_the_league_allows_them(game, coach, rival, open_auction):
    auction = open_auction(game, coach)
    lot = services.lot_nominate(auction_id=auction.pk, user=rival, rogue_portfolio="nemesis", rogue_type="razor")
    assert (lot.card, lot.name, lot.draw_id) == ("rogue:nemesis:razor", "Nemesis razor (rogue)", None)


def test_no_rogues_unless_the_league_allows_them(game, coach, league, open_auction):
    league.options = {**league.options, "rogues": False}
    league.save()
    auction = open_auction(game, coach)
    with pytest.raises(Invalid) as refused:
        services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")
    assert codes(refused) == ["rogues-off"]


def test_an_unknown_rogue_or_one_without_a_value(game, coach, league, open_auction):
    auction = open_auction(game, coach)
    with pytest.raises(Invalid) as refused:
        services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nobody", rogue_type="razor")
    assert codes(refused) == ["rogue-unknown"]
    league.house_values = {k: v for k, v in league.house_values.items() if k != "athletes.carnage.butcher.value"}
    league.save()
    with raises_invalid() as refused:
        services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="carnage", rogue_type="butcher")
    assert codes(refused) == ["house-value-required"]


# --- Bids --------------------------------------------------------------------------------------------------------------


@pytest.fixture
def lot(game, coach, open_auction):
    """A rogue put up by the own coach, no bids yet."""
    auction = open_auction(game, coach)
    return services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")


def test_the_nominating_coach_may_open_then_the_others_raise(lot, coach, rival, team, rival_team):
    services.bid_place(lot_id=lot.pk, user=coach, amount=50_000)
    services.bid_place(lot_id=lot.pk, user=rival, amount=150_000)
    services.bid_place(lot_id=lot.pk, user=coach, amount=200_000)
    lot.refresh_from_db()
    assert (lot.high_amount, lot.high_team_id, lot.state) == (200_000, team.pk, "open")
    assert list(Bid.objects.order_by("id").values_list("team", "amount", "position")) == [
        (team.pk, 50_000, 0),
        (rival_team.pk, 150_000, 1),
        (team.pk, 200_000, 2),
    ]


@pytest.fixture
def three_coach_lot(season, funded, team, rival_team, third_team, coach, open_auction):
    """A 3-team game; the third coach (not the lowest Team Potential) puts a rogue up."""
    fund(third_team, 1_000_000)
    game = make_game(season, [team, rival_team, third_team], week=2)
    auction = open_auction(game, coach)
    order = auction_order(game)
    nominator = order[1]  # the middle Team Potential: the lowest bids right after him
    lot = services.lot_nominate(
        auction_id=auction.pk, user=Team.objects.get(pk=nominator).coach, rogue_portfolio="nemesis", rogue_type="razor"
    )
    return lot, [nominator, *[t for t in order if t != nominator]]


def test_the_nominator_bids_first_then_the_others_in_ascending_team_potential(three_coach_lot):
    lot, rotation = three_coach_lot
    coaches = [Team.objects.get(pk=t).coach for t in rotation]
    assert auction_state(lot.auction)["current_lot"]["turn"] == rotation[0]
    with raises_invalid() as refused:  # out of turn: the second coach cannot open
        services.bid_place(lot_id=lot.pk, user=coaches[1], amount=50_000)
    assert codes(refused) == ["bid-turn"]
    assert refused.value.items[0].field == "team"
    with raises_invalid() as refused:  # nor pass out of turn
        services.lot_pass(lot_id=lot.pk, user=coaches[2])
    assert codes(refused) == ["bid-turn"]

    services.bid_place(lot_id=lot.pk, user=coaches[0], amount=50_000)
    services.lot_pass(lot_id=lot.pk, user=coaches[1])
    services.bid_place(lot_id=lot.pk, user=coaches[2], amount=100_000)
    assert auction_state(lot.auction)["current_lot"]["turn"] == rotation[0]  # then the original coach may raise
    services.bid_place(lot_id=lot.pk, user=coaches[0], amount=150_000)
    services.lot_pass(lot_id=lot.pk, user=coaches[1])  # a coach who passed may raise later; he passes again
    lot.refresh_from_db()
    assert lot.state == "open"
    services.lot_pass(lot_id=lot.pk, user=coaches[2])  # every other coach has passed since the last bid

    lot.refresh_from_db()
    assert (lot.state, lot.high_team_id, lot.high_amount) == ("hired", rotation[0], 150_000)
    assert ledger_sums(Team.objects.get(pk=rotation[0]))["treasury"] == 850_000
    assert MaverickHire.objects.get().team_id == rotation[0]
    with pytest.raises(Invalid) as refused:
        services.bid_place(lot_id=lot.pk, user=coaches[1], amount=200_000)
    assert codes(refused) == ["lot-closed"]


def test_nobody_bids_in_a_full_turn_the_maverick_leaves(three_coach_lot):
    lot, rotation = three_coach_lot
    for team_id in rotation:
        lot.refresh_from_db()
        assert lot.state == "open"
        services.lot_pass(lot_id=lot.pk, user=Team.objects.get(pk=team_id).coach)
    lot.refresh_from_db()
    assert lot.state == Lot.State.UNSOLD
    assert "leaves" in lot.note
    assert not MaverickHire.objects.exists()
    assert not LedgerEntry.objects.filter(reason__startswith="Hired").exists()


def test_the_same_pass_sent_twice_passes_once(three_coach_lot):
    lot, rotation = three_coach_lot
    first_coach = Team.objects.get(pk=rotation[0]).coach
    first, created = services.lot_pass(lot_id=lot.pk, user=first_coach, idempotency_key="p1")
    again, created_again = services.lot_pass(lot_id=lot.pk, user=first_coach, idempotency_key="p1")
    assert (created, created_again, first.pk) == (True, False, again.pk)
    assert LotPass.objects.count() == 1
    assert auction_state(lot.auction)["current_lot"]["turn"] == rotation[1]


@pytest.mark.parametrize(
    ("amount", "code"),
    [(0, "bid-step"), (30_000, "bid-step"), (125_000, "bid-step"), (100_000, "bid-not-higher"), (1_050_000, "bid-over-treasury")],
)
def test_bids_refused(lot, coach, rival, amount, code):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    with raises_invalid() as refused:
        services.bid_place(lot_id=lot.pk, user=rival, amount=amount)
    assert codes(refused) == [code]
    assert refused.value.items[0].field == "amount"
    assert Bid.objects.count() == 1


def test_a_bid_as_high_as_the_treasury_is_allowed(lot, coach):
    services.bid_place(lot_id=lot.pk, user=coach, amount=1_000_000)  # funded with exactly 1,000,000


def test_the_leader_never_has_the_turn_to_outbid_himself(lot, coach):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    with raises_invalid() as refused:
        services.bid_place(lot_id=lot.pk, user=coach, amount=150_000)
    assert codes(refused) == ["bid-turn"]


def test_leading_bids_on_other_open_lots_count_against_the_treasury(
    season, team, rival_team, third_team, coach, lot, open_auction
):
    other = make_game(season, [team, third_team], week=2)
    other_auction = open_auction(other, coach)
    other_lot = services.lot_nominate(auction_id=other_auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="cleaver")
    services.bid_place(lot_id=lot.pk, user=coach, amount=700_000)
    with raises_invalid() as refused:
        services.bid_place(lot_id=other_lot.pk, user=coach, amount=350_000)
    assert codes(refused) == ["bid-over-treasury"]
    services.bid_place(lot_id=other_lot.pk, user=coach, amount=300_000)


def test_only_coaches_of_the_game_bid_for_their_own_team(lot, commissioner, other_commissioner, third, team):
    for someone in (commissioner, other_commissioner, third):
        with pytest.raises(NotPermitted):
            services.bid_place(lot_id=lot.pk, user=someone, amount=50_000)
        with pytest.raises(NotPermitted):
            services.lot_pass(lot_id=lot.pk, user=someone)
    with pytest.raises(Invalid) as refused:
        services.bid_place(lot_id=lot.pk, user=team.coach, amount=50_000, team_id=999_999)
    assert codes(refused) == ["team-not-in-game"]


def test_the_same_idempotency_key_bids_once(lot, coach):
    first, created = services.bid_place(lot_id=lot.pk, user=coach, amount=100_000, idempotency_key="k1")
    again, created_again = services.bid_place(lot_id=lot.pk, user=coach, amount=100_000, idempotency_key="k1")
    assert (created, created_again, first.pk) == (True, False, again.pk)
    with pytest.raises(Invalid) as refused:
        services.bid_place(lot_id=lot.pk, user=coach, amount=150_000, idempotency_key="k1")
    assert codes(refused) == ["idempotency-key-reused"]
    assert Bid.objects.count() == 1


# --- Closing ------------------------------------------------------------------------------------------------------------


def test_the_highest_bidder_pays_when_the_others_pass_and_hires_for_this_game(lot, coach, rival, team, rival_team, game):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    services.bid_place(lot_id=lot.pk, user=rival, amount=250_000)
    assert ledger_sums(rival_team)["treasury"] == 1_000_000  # nothing paid before the close

    services.lot_pass(lot_id=lot.pk, user=coach)

    lot.refresh_from_db()
    assert (lot.state, lot.closed_by) == ("hired", coach)
    assert ledger_sums(rival_team)["treasury"] == 750_000
    assert ledger_sums(team)["treasury"] == 1_000_000
    hire = MaverickHire.objects.get()
    assert (hire.game_id, hire.team_id, hire.price, hire.pit_power_adjustment) == (game.pk, rival_team.pk, 250_000, 3_100_000)
    assert hire.ledger_entry.amount == -250_000
    assert "Nemesis razor (rogue)" in hire.ledger_entry.reason


def test_the_commissioner_closes_a_stalled_lot_once(lot, coach, rival_team, commissioner):
    services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)  # the rival walked away without passing
    closed, changed = services.lot_close(lot_id=lot.pk, user=commissioner)
    _again, changed_again = services.lot_close(lot_id=lot.pk, user=commissioner)
    assert (closed.state, closed.high_amount, closed.closed_by, changed, changed_again) == (
        "hired",
        100_000,
        commissioner,
        True,
        False,
    )


def test_a_stalled_lot_without_a_bid_leaves(lot, commissioner):
    closed, _ = services.lot_close(lot_id=lot.pk, user=commissioner)
    assert closed.state == Lot.State.UNSOLD
    assert not MaverickHire.objects.exists()


def test_only_the_commissioner_closes_early(lot, coach, rival, other_commissioner):
    for someone in (coach, rival, other_commissioner):
        with pytest.raises(NotPermitted):
            services.lot_close(lot_id=lot.pk, user=someone)
    lot.refresh_from_db()
    assert lot.state == "open"


def test_a_bidder_who_spent_the_money_meanwhile_is_passed_over(lot, coach, rival, team, rival_team, league):
    services.bid_place(lot_id=lot.pk, user=coach, amount=200_000)
    services.bid_place(lot_id=lot.pk, user=rival, amount=950_000)
    purchase_make(team_id=rival_team.pk, user=rival, kind="staff", item="defensive-coach")  # 500,000 from the treasury?
    rival_treasury = ledger_sums(rival_team)["treasury"]
    assert rival_treasury < 950_000

    services.lot_pass(lot_id=lot.pk, user=coach)

    lot.refresh_from_db()
    assert (lot.state, lot.high_team_id, lot.high_amount) == ("hired", team.pk, 200_000)
    assert ledger_sums(team)["treasury"] == 800_000
    assert ledger_sums(rival_team)["treasury"] == rival_treasury


def test_closing_refuses_a_maverick_whose_adjustment_was_unset_meanwhile(two_draws, league):
    auction, first, second = two_draws
    lot = services.lot_nominate(auction_id=auction.pk, user=_coach_of(first), draw_id=first.pk)
    services.bid_place(lot_id=lot.pk, user=_coach_of(first), amount=50_000)
    league.house_values = maverick_house_values(unset=("gibraltar",)) | {
        k: v for k, v in league.house_values.items() if not k.startswith("mavericks.")
    }
    league.save()
    with raises_invalid() as refused:  # the last pass would close it
        services.lot_pass(lot_id=lot.pk, user=_coach_of(second))
    assert codes(refused) == ["house-value-required"]
    assert not MaverickHire.objects.exists()
