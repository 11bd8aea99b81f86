"""The maverick auction (rulebook: Maverick Auction, Rogues, No Mavericks in Leagues).

The server rolls every coach's dice and draws the Maverick cards when the auction opens, and stores
them before anything depends on them. Coaches return draws, put mavericks up in turn, and bid or pass
in turn (the engine's bidding_turn); the lot closes when every other coach has passed since the last
bid, and the highest bidder pays (a ledger row) and hires the maverick for this game.

Locks, always taken in this order so that two requests never wait on each other in a circle:
the auction row (nominations, returns), then a lot row (bids, passes, closing), then a team row (money).
A bid locks the lot, so two bids on one lot run one after the other and the second must beat the
first (and the second is out of turn); it then locks the bidder's team, so two bids of one team on different lots cannot together
promise more than its treasury, and a purchase cannot spend the treasury in between.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from engine.core.money import TREASURY, format_credits
from engine.core.violations import raise_if_any
from engine.slaughterball import auctions as auction_rules
from engine.slaughterball.ruleset import RULESET
from leagues.selectors import league_is_commissioner
from leagues.setup import league_house_values
from notifications.services import notify
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import LedgerEntry, LedgerKind, Team
from slaughterball.models import Auction, Bid, Game, GameSide, Lot, LotPass, MaverickDraw, MaverickHire
from slaughterball.selectors import game_label
from slaughterball.selectors_pregame import lot_turn
from slaughterball.services.pregame import (
    game_get,
    game_league,
    game_sides,
    lineups_open_notify,
    mavericks_out,
    new_rng,
    require_game_member,
    require_game_scheduled,
    season_draws,
    team_potentials,
    teams_facts,
    user_team,
)
from webhooks.models import Channel
from webhooks.services import league_announce


def auction_open(*, game_id: Any, user: Any) -> tuple[Auction, bool]:
    """Maverick Auction, steps 1-3: roll each coach's dice (one, plus one for a Maverick Agent) and, in
    ascending order of Team Potential, draw one random maverick per knife. Everything is stored now.

    A commissioner or any coach of the game opens it. Returns (auction, created): opening again (or
    reloading) returns the auction already rolled, never new dice."""
    try:
        with transaction.atomic():
            game = game_get(game_id, lock=True)  # two openings at once: the second waits, then finds the first
            sides = game_sides(game)
            require_game_member(game=game, user=user, sides=sides)
            existing = Auction.objects.filter(game=game).first()
            if existing is not None:
                return existing, False
            league = game_league(game)
            if RULESET.option_value(league.options, "no_mavericks"):
                raise Invalid.one("no-mavericks", "game", "This league bans mavericks (No Mavericks in Leagues): no auction.")
            require_game_scheduled(game)
            if any(side.lineup for side in sides):
                raise Invalid.one("lineups-started", "game", "The coaches are choosing athletes already: too late to auction.")
            auction = _roll_and_draw(game, sides, user)
    except IntegrityError:  # lost a race on the one-auction-per-game constraint (no row lock on SQLite)
        return Auction.objects.get(game_id=game_id), False
    _notify_auction_open(auction, sides)
    _nominate_turn_notify(auction)
    lineups_open_notify(auction.game, auction)  # nobody rolled a knife: the auction is over at once
    return auction, True


def _roll_and_draw(game: Game, sides: list[GameSide], user: Any) -> Auction:
    league = game_league(game)
    facts = teams_facts([s.team_id for s in sides], league.game_system)
    potentials = team_potentials(facts, league.game_system)
    order = auction_rules.potential_order(potentials, season_draws(game, potentials))
    rng, seed = new_rng()
    dice = auction_rules.roll_auction_dice({team: auction_rules.auction_dice_count(facts[team].staff) for team in order}, rng)
    catalog = RULESET.catalog(league_house_values(league))
    out = mavericks_out(game)
    pool = [slug for slug in catalog.mavericks if slug not in out]
    drawn = auction_rules.draw_mavericks(order, {team: auction_rules.knives(faces) for team, faces in dice.items()}, pool, rng)
    names = {s.team_id: s.team.name for s in sides}
    auction = Auction.objects.create(
        game=game,
        order=[{"team": team, "name": names[team], "team_potential": potentials[team]} for team in order],
        dice={str(team): faces for team, faces in dice.items()},
        seed=seed,
        rogues=bool(RULESET.option_value(league.options, "rogues")),
        opened_by=user,
    )
    MaverickDraw.objects.bulk_create(
        MaverickDraw(auction=auction, team_id=team, maverick=slug, position=index) for index, (team, slug) in enumerate(drawn)
    )
    return auction


def _notify_auction_open(auction: Auction, sides: list[GameSide]) -> None:
    url = reverse("game-auction", args=[auction.game_id])
    text = f"The maverick auction of {auction.game} is open."
    notify(
        users=[side.team.coach for side in sides],
        league=auction.game.league,
        event=f"auction-open:game:{auction.game_id}",
        text=text,
        url=url,
    )
    league_announce(
        league_id=auction.game.league_id, event=Channel.Event.AUCTION, key=f"auction-open:{auction.pk}", text=text, url=url
    )


def _nominate_turn_notify(auction: Auction) -> None:
    """Maverick Auction, steps 5 and 8: tell the coach whose turn it is to put up a maverick he drew (or return it)
    that it is, with a link to the auction room; once a turn (`nominate-turn:<auction>:<lots so far>:<team>`)."""
    if auction.closed_at is not None or Lot.objects.filter(auction=auction, state=Lot.State.OPEN).exists():
        return
    team_id = next_nominator(auction)
    if team_id is None:
        return
    team = Team.objects.select_related("coach").get(pk=team_id)
    notify(
        users=[team.coach],
        league=team.league,
        event=f"nominate-turn:{auction.pk}:{Lot.objects.filter(auction=auction).count()}:{team_id}",
        text=f"{game_label(auction.game)}: your turn to put up for auction a maverick {team.name} drew, or to return it.",
        url=reverse("game-auction", args=[auction.game_id]),
    )


def _locked_auction(auction_id: Any) -> Auction:
    auction = (
        Auction.objects.select_for_update(of=("self",)).select_related("game__week__season__league").filter(pk=auction_id).first()
    )
    if auction is None:
        raise NotFound.one("auction-unknown", "auction", "No such auction.")
    return auction


def draw_return(*, draw_id: Any, user: Any) -> MaverickDraw:
    """Maverick Auction, step 4: a coach returns a maverick he drew to the box (before putting it up). The
    commissioner may return it for him, so that a coach who walked away does not hold up the auction."""
    draw = MaverickDraw.objects.filter(pk=draw_id).first()
    if draw is None:
        raise NotFound.one("draw-unknown", "draw", "No such draw.")
    with transaction.atomic():
        auction = _locked_auction(draw.auction_id)
        draw = MaverickDraw.objects.select_related("team").get(pk=draw.pk)
        if draw.team.coach_id != getattr(user, "pk", None) and not league_is_commissioner(game_league(auction.game), user):
            raise NotPermitted.one("not-coach", "draw", "Only the coach who drew this maverick, or the commissioner, returns it.")
        if draw.returned_at is not None:
            return draw
        if Lot.objects.filter(draw=draw).exists():
            raise Invalid.one("draw-nominated", "draw", "This maverick has been put up for auction already.")
        if auction.closed_at is not None:
            raise Invalid.one("auction-closed", "draw", "The auction is over.")
        draw.returned_at = timezone.now()
        draw.save(update_fields=["returned_at"])
        _nominate_turn_notify(auction)  # his was the turn, or the turn skips him now
        lineups_open_notify(auction.game, auction)  # the last draw held returned: lineups may begin
    return draw


def held_draws(auction: Auction) -> dict[int, int]:
    """How many drawn mavericks each coach still holds (not returned, not put up)."""
    held: dict[int, int] = {}
    for team in MaverickDraw.objects.filter(auction=auction, returned_at=None, lot=None).values_list("team", flat=True):
        held[team] = held.get(team, 0) + 1
    return held


def next_nominator(auction: Auction) -> int | None:
    """Whose turn it is to put a drawn maverick up (rogues are put up by any coach, out of turn)."""
    last = Lot.objects.filter(auction=auction, draw__isnull=False).order_by("-number").values_list("nominated_by", flat=True)
    nominator: int | None = auction_rules.next_nominator(
        [entry["team"] for entry in auction.order], held_draws(auction), last.first()
    )
    return nominator


def lot_nominate(
    *,
    auction_id: Any,
    user: Any,
    draw_id: int | None = None,
    rogue_portfolio: str | None = None,
    rogue_type: str | None = None,
    team_id: int | None = None,
) -> Lot:
    """Maverick Auction, steps 5 and 8: in ascending order of Team Potential each coach puts one of the
    mavericks he drew on the Meat Grinder. Rogues (when the league allows them): any coach of the game
    puts up a spare pro-team athlete of a portfolio and type. One lot at a time."""
    if (draw_id is None) == (rogue_portfolio is None):
        raise Invalid.one("lot-what", "draw", "Put up either a maverick you drew (draw) or a rogue (rogue).")
    with transaction.atomic():
        auction = _locked_auction(auction_id)
        game = auction.game
        league = game_league(game)
        sides = game_sides(game)
        require_game_scheduled(game)
        if auction.closed_at is not None:
            raise Invalid.one("auction-closed", "auction", "The auction is over: the coaches are choosing athletes.")
        catalog = RULESET.catalog(league_house_values(league))
        if draw_id is not None:
            draw = MaverickDraw.objects.filter(pk=draw_id, auction=auction).select_related("team").first()
            if draw is None:
                raise Invalid.one("draw-unknown", "draw", "Name a maverick drawn in this auction.")
            team = user_team(user=user, sides=sides, team_id=draw.team_id)
            if draw.returned_at is not None or Lot.objects.filter(draw=draw).exists():
                raise Invalid.one("draw-gone", "draw", "This maverick was returned or put up already.")
            card = auction_rules.maverick_card(catalog, draw.maverick)
        else:
            if not auction.rogues:
                raise Invalid.one("rogues-off", "rogue", "This league does not allow rogues.")
            team = user_team(user=user, sides=sides, team_id=team_id)
            card = auction_rules.rogue_card(catalog, rogue_portfolio or "", rogue_type or "")
            if card is None:
                raise Invalid.one("rogue-unknown", "rogue", "Name a pro team portfolio and an athlete type.")
        assert card is not None
        if Lot.objects.filter(auction=auction, state=Lot.State.OPEN).exists():
            raise Invalid.one("lot-open", "auction", "A maverick is already up for auction: wait until its bidding ends.")
        if draw_id is not None and next_nominator(auction) != team.pk:
            raise Invalid.one("nominate-turn", "draw", "It is another coach's turn to put a maverick up for auction.")
        problems = auction_rules.check_hireable(catalog, card)
        raise_if_any(problems)
        number = Lot.objects.filter(auction=auction).count() + 1
        lot = Lot.objects.create(
            auction=auction, number=number, nominated_by=team, draw_id=draw_id, card=card.key, name=card.name
        )
        _bid_turn_notify(lot, *lot_turn(lot))
    return lot


def _locked_lot(lot_id: Any) -> Lot:
    lot = (
        Lot.objects.select_for_update(of=("self",))
        .select_related("auction__game__week__season__league", "nominated_by")
        .filter(pk=lot_id)
        .first()
    )
    if lot is None:
        raise NotFound.one("lot-unknown", "lot", "No such lot.")
    return lot


def _lock_team(team_id: int) -> None:
    Team.objects.select_for_update(of=("self",)).filter(pk=team_id).first()


def _free_credits(team_id: int, except_lot: int) -> int:
    """The treasury (the sum of its ledger rows) less the team's leading bids on other open lots."""
    treasury = LedgerEntry.objects.filter(team_id=team_id, account=TREASURY).aggregate(t=Sum("amount"))["t"] or 0
    promised = (
        Lot.objects.filter(state=Lot.State.OPEN, high_team_id=team_id).exclude(pk=except_lot).aggregate(t=Sum("high_amount"))["t"]
        or 0
    )
    return treasury - promised


def _turn_names(lot: Lot) -> dict[int, str]:
    return {entry["team"]: entry["name"] for entry in lot.auction.order}


def bid_place(
    *, lot_id: Any, user: Any, amount: int, team_id: int | None = None, idempotency_key: str | None = None
) -> tuple[Bid, bool]:
    """Maverick Auction, steps 5-7: a coach of the game bids for the maverick on the Meat Grinder in his turn
    (the coach who put it up first, then the others in ascending order of Team Potential, round and round):
    in steps of 50,000, higher than the current bid, and never more than his treasury (less his leading bids
    on other open lots). Returns (bid, created); the same idempotency key again returns the first bid."""
    with transaction.atomic():
        lot = _locked_lot(lot_id)
        game = lot.auction.game
        sides = game_sides(game)
        team = user_team(user=user, sides=sides, team_id=team_id)
        _lock_team(team.pk)
        if idempotency_key:
            earlier = Bid.objects.filter(team=team, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if (earlier.lot_id, earlier.amount) != (lot.pk, amount):
                    raise Invalid.one(
                        "idempotency-key-reused", "idempotency_key", "This idempotency key was already used for a different bid."
                    )
                return earlier, False
        if lot.state != Lot.State.OPEN:
            raise Invalid.one("lot-closed", "lot", "Bidding on this maverick is over.")
        turn, made = lot_turn(lot)
        out_of_turn = auction_rules.check_turn(turn, team.pk, _turn_names(lot))
        raise_if_any(out_of_turn or auction_rules.check_bid(amount, lot.high_amount, _free_credits(team.pk, lot.pk)))
        bid = Bid.objects.create(
            lot=lot, team=team, amount=amount, position=made, created_by=user, idempotency_key=idempotency_key or None
        )
        lot.high_amount, lot.high_team = amount, team
        lot.save(update_fields=["high_amount", "high_team"])
        _after_move(lot, user)
    return bid, True


def lot_pass(*, lot_id: Any, user: Any, team_id: int | None = None, idempotency_key: str | None = None) -> tuple[LotPass, bool]:
    """Maverick Auction, step 7: a coach does not raise in his turn. When every other coach has passed since
    the last bid, the highest bidder takes the maverick and pays; when nobody bid in a full turn, it leaves.
    Returns (pass, created); the same idempotency key again returns the first pass."""
    with transaction.atomic():
        lot = _locked_lot(lot_id)
        team = user_team(user=user, sides=game_sides(lot.auction.game), team_id=team_id)
        if idempotency_key:
            earlier = LotPass.objects.filter(team=team, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.lot_id != lot.pk:
                    raise Invalid.one(
                        "idempotency-key-reused", "idempotency_key", "This idempotency key was already used on another lot."
                    )
                return earlier, False
        if lot.state != Lot.State.OPEN:
            raise Invalid.one("lot-closed", "lot", "Bidding on this maverick is over.")
        turn, made = lot_turn(lot)
        raise_if_any(auction_rules.check_turn(turn, team.pk, _turn_names(lot)))
        passed = LotPass.objects.create(
            lot=lot, team=team, position=made, created_by=user, idempotency_key=idempotency_key or None
        )
        _after_move(lot, user)
    return passed, True


def _after_move(lot: Lot, user: Any) -> None:
    """After a bid or a pass (under the lot's lock): close the lot once the turn order says the bidding is
    over; otherwise tell the coach whose turn it is now."""
    turn, made = lot_turn(lot)
    if turn.state != "bidding":
        _settle(lot, user)
    else:
        _bid_turn_notify(lot, turn, made)


def _bid_turn_notify(lot: Lot, turn: auction_rules.BiddingTurn, made: int) -> None:
    """Maverick Auction, steps 5-7: tell the coach whose turn it is on the lot (to bid or pass) that it is,
    with a link to the auction room; once a turn (`made`: the turns taken before it)."""
    if turn.state != "bidding" or turn.team is None:
        return
    team = Team.objects.select_related("coach").get(pk=turn.team)
    names = _turn_names(lot)
    standing = (
        f"the bid stands at {format_credits(lot.high_amount)} ({names.get(lot.high_team_id or 0, '')})"
        if lot.high_team_id
        else "nobody has bid yet"
    )
    notify(
        users=[team.coach],
        league=lot.auction.game.league,
        event=f"bid-turn:{lot.pk}:{made}",
        text=f"{lot.name} is up for auction in {game_label(lot.auction.game)}: your turn to bid or pass for {team.name}; "
        f"{standing}.",
        url=reverse("game-auction", args=[lot.auction.game_id]),
    )


def lot_close(*, lot_id: Any, user: Any) -> tuple[Lot, bool]:
    """The commissioner closes a stalled lot (a coach who walked away does not hold the auction up): the
    highest bidder so far pays and hires the maverick, or it leaves without a bid. Returns (lot, changed);
    closing a closed lot changes nothing."""
    with transaction.atomic():
        lot = _locked_lot(lot_id)
        if not league_is_commissioner(game_league(lot.auction.game), user):
            raise NotPermitted.one(
                "not-commissioner",
                "lot",
                "Only the commissioner closes a lot early; otherwise it closes when every other coach has passed.",
            )
        if lot.state != Lot.State.OPEN:
            return lot, False
        _settle(lot, user)
    return lot, True


def _settle(lot: Lot, user: Any) -> None:
    """Maverick Auction, step 7: the highest bidder pays (a ledger row) and hires the maverick for this game; a
    maverick without a bid leaves. A bidder who can no longer pay (he spent the money meanwhile) is passed over
    for the next highest bid of another team."""
    game = lot.auction.game
    league = game_league(game)
    catalog = RULESET.catalog(league_house_values(league))
    card = auction_rules.card_for(catalog, lot.card)
    if card is None:
        raise Invalid.one("card-unknown", "lot", "This lot's maverick is not in the league's tables.")
    raise_if_any(auction_rules.check_hireable(catalog, card))
    adjustment = card.pit_power_adjustment
    assert adjustment is not None  # check_hireable refuses a card whose adjustment is an unset house value
    winner = None
    tried: set[int] = set()
    for bid in Bid.objects.filter(lot=lot).order_by("-amount", "id"):
        if bid.team_id in tried:
            continue
        tried.add(bid.team_id)
        _lock_team(bid.team_id)
        if _free_credits(bid.team_id, lot.pk) >= bid.amount:
            winner = bid
            break
    lot.closed_at, lot.closed_by = timezone.now(), user
    if winner is None:
        lot.state = Lot.State.UNSOLD
        lot.note = f"No bid: {lot.name} leaves." if not tried else f"No bidder could still pay: {lot.name} leaves."
        lot.high_team, lot.high_amount = None, 0
    else:
        lot.state = Lot.State.HIRED
        lot.high_team_id, lot.high_amount = winner.team_id, winner.amount
        entry = LedgerEntry.objects.create(
            team_id=winner.team_id,
            account=TREASURY,
            amount=-winner.amount,
            kind=LedgerKind.AUCTION,
            created_by=user,
            reason=f"Hired {lot.name} (maverick) for {game}",
        )
        MaverickHire.objects.create(
            game=game,
            team_id=winner.team_id,
            lot=lot,
            card=card.key,
            name=card.name,
            type=card.type,
            price=winner.amount,
            pit_power_adjustment=adjustment,
            traits=auction_rules.card_traits(card),
            skills=list(card.skills or ()),
            ledger_entry=entry,
        )
        lot.note = f"Hired for {format_credits(winner.amount)}."
    lot.save(update_fields=["state", "closed_at", "closed_by", "note", "high_team", "high_amount"])
    _nominate_turn_notify(lot.auction)  # the next coach puts one up
    lineups_open_notify(game, lot.auction)  # the last lot closed: lineups may begin
