"""Pre-game reads: the auction room's state, the lineups, Pit Power and Edge tokens, as stored.

Each read costs a fixed number of queries whatever the league size; the figures shown are the ones stored
when they were computed (as they were at the game), never recomputed from today's rosters.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse

from engine.slaughterball import auctions
from engine.slaughterball.auctions import BiddingTurn
from engine.slaughterball.catalog import Catalog
from engine.slaughterball.ruleset import RULESET
from leagues.setup import league_house_values
from slaughterball.models import Auction, Bid, Game, GameSide, Lot, LotPass, MaverickDraw, MaverickHire, Pregame
from slaughterball.services.standings import standings_now


def game_with_league(game_id: Any) -> Game | None:
    return Game.objects.select_related("week__season__league").filter(pk=game_id).first()


def auction_get(auction_id: Any) -> Auction | None:
    return Auction.objects.select_related("game__week__season__league").filter(pk=auction_id).first()


def auction_for_game(game: Game) -> Auction | None:
    auction = Auction.objects.filter(game=game).first()
    if auction is not None:
        auction.game = game  # already loaded with its league
    return auction


def _card(catalog: Catalog, key: str) -> dict[str, Any]:
    card = auctions.card_for(catalog, key)
    if card is None:
        return {
            "key": key,
            "name": key,
            "type": "",
            "traits": {},
            "skills": None,
            "pit_power_adjustment": None,
            "house_value_required": True,
        }
    return {
        "key": card.key,
        "name": card.name,
        "type": card.type,
        "traits": auctions.card_traits(card),
        "skills": list(card.skills) if card.skills is not None else None,
        "pit_power_adjustment": card.pit_power_adjustment,
        "house_value_required": card.pit_power_adjustment is None,
    }


def lot_turn(lot: Lot) -> tuple[BiddingTurn, int]:
    """Whose turn it is on a lot (the engine's bidding_turn) and how many turns were taken: two queries,
    its bids and its passes, in the order they were made."""
    return lot_turns([lot])[lot.pk]


def lot_turns(lots: Sequence[Lot]) -> dict[int, tuple[BiddingTurn, int]]:
    """lot_turn of each of `lots` (by lot id), in two queries however many (the dashboard's lots of every game)."""
    moves: dict[int, list[tuple[int, int, int, bool]]] = {lot.pk: [] for lot in lots}
    for lot_id, position, move_id, team in Bid.objects.filter(lot__in=lots).values_list("lot_id", "position", "id", "team_id"):
        moves[lot_id].append((position, move_id, team, True))
    for lot_id, position, move_id, team in LotPass.objects.filter(lot__in=lots).values_list(
        "lot_id", "position", "id", "team_id"
    ):
        moves[lot_id].append((position, move_id, team, False))
    turns = {}
    for lot in lots:
        made = sorted(moves[lot.pk])
        order = [entry["team"] for entry in lot.auction.order]
        turn = auctions.bidding_turn(order, lot.nominated_by_id, [auctions.Move(team, bid) for _, _, team, bid in made])
        turns[lot.pk] = (turn, len(made))
    return turns


def _lot_data(lot: Lot, names: dict[int, str], turn: BiddingTurn | None = None) -> dict[str, Any]:
    hire = getattr(lot, "hire", None) if lot.state == Lot.State.HIRED else None
    return {
        "id": lot.pk,
        "number": lot.number,
        "card": lot.card,
        "name": lot.name,
        "rogue": lot.draw_id is None,
        "nominated_by": lot.nominated_by_id,
        "nominated_by_name": names.get(lot.nominated_by_id, ""),
        "state": lot.state,
        "high_amount": lot.high_amount,
        "high_team": lot.high_team_id,
        "high_team_name": names.get(lot.high_team_id, "") if lot.high_team_id else "",
        "next_bid": lot.high_amount + 50_000,
        "note": lot.note,
        "hire": hire.pk if hire else None,
        "turn": turn.team if turn else None,
        "turn_name": names.get(turn.team, "") if turn and turn.team else "",
    }


def auction_state(auction: Auction) -> dict[str, Any]:
    """Everything the auction room shows: order, dice, draws, lots, whose turn, the cards. Three queries:
    the auction's game (when not loaded), its draws with their lots, its lots with their hires; two more
    (the open lot's bids and passes) while a maverick is up."""
    league = auction.game.week.season.league
    catalog = RULESET.catalog(league_house_values(league))
    names = {entry["team"]: entry["name"] for entry in auction.order}
    draws = list(auction.draws.all().order_by("position"))
    lots = list(auction.lots.select_related("hire").order_by("number"))
    nominated = {lot.draw_id for lot in lots if lot.draw_id}
    held: dict[int, int] = {}
    for draw in draws:
        if draw.returned_at is None and draw.pk not in nominated:
            held[draw.team_id] = held.get(draw.team_id, 0) + 1
    last = next((lot.nominated_by_id for lot in reversed(lots) if lot.draw_id), None)
    current = next((lot for lot in lots if lot.state == Lot.State.OPEN), None)
    turn = None if current or auction.closed_at else auctions.next_nominator([e["team"] for e in auction.order], held, last)
    bidding, _ = lot_turn(current) if current else (None, 0)
    if auction.closed_at:
        status = "closed"
    elif current:
        status = "bidding"
    elif held:
        status = "nominating"
    else:
        status = "done"
    keys = sorted({d.maverick for d in draws} | {lot.card for lot in lots})
    return {
        "id": auction.pk,
        "game": auction.game_id,
        "status": status,
        "rogues": auction.rogues,
        "opened_at": auction.opened_at,
        "closed_at": auction.closed_at,
        "seed": auction.seed,
        "order": [
            {
                "team": entry["team"],
                "name": entry["name"],
                "team_potential": entry["team_potential"],
                "dice": auction.dice.get(str(entry["team"]), []),
                "knives": auctions.knives(auction.dice.get(str(entry["team"]), [])),
                "holds": held.get(entry["team"], 0),
            }
            for entry in auction.order
        ],
        "draws": [
            {
                "id": d.pk,
                "team": d.team_id,
                "team_name": names.get(d.team_id, ""),
                "maverick": d.maverick,
                "name": _card(catalog, d.maverick)["name"],
                "returned": d.returned_at is not None,
                "nominated": d.pk in nominated,
            }
            for d in draws
        ],
        "next_nominator": turn,
        "next_nominator_name": names.get(turn, "") if turn else "",
        "current_lot": _lot_data(current, names, bidding) if current else None,
        "lots": [_lot_data(lot, names, bidding if lot is current else None) for lot in lots],
        "cards": [_card(catalog, key) for key in keys],
    }


def auction_bids(auction: Auction) -> QuerySet[Bid]:
    return Bid.objects.filter(lot__auction=auction).select_related("team", "created_by").order_by("-id")


def lot_bids(lot_id: int, limit: int = 10) -> list[Bid]:
    return list(Bid.objects.filter(lot_id=lot_id).select_related("team").order_by("-amount", "-id")[:limit])


def game_hires(game: Game) -> list[MaverickHire]:
    return list(MaverickHire.objects.filter(game=game).select_related("team").order_by("id"))


def league_rank_order(game: Game, teams: Collection[int]) -> list[dict[str, int]]:
    """The order in which the game's coaches (of `teams`) choose athletes: ascending League Rank, the lowest first.

    League Rank's figures as the standings compute them now (standings_now: League Points from the season's
    confirmed games, Team Potential, the recorded draw), in the engine's order."""
    return league_rank_orders(game.week.season_id, {game.pk: teams})[game.pk]


def league_rank_orders(season_id: int, teams_of: Mapping[int, Collection[int]]) -> dict[int, list[dict[str, int]]]:
    """`league_rank_order` of several games of one season ({game id: its teams}), the standings read once."""
    standings = standings_now(season_id=season_id)
    orders = {}
    for game_id, teams in teams_of.items():
        rows = {row.team: row for row in standings if row.team in teams}
        entries = [row.ranking_entry() for row in rows.values()]
        orders[game_id] = [
            {"team": team, "league_points": rows[team].league_points, "team_potential": rows[team].team_potential}
            for team in auctions.lineup_order(entries)
        ]
    return orders


def pregame_state(game: Game) -> dict[str, Any]:
    """The lineups, in the order coaches choose (fixed at the first pick; until then League Rank as it stands now)
    and who chooses next, and (once all have chosen) each side's Pit Power, Underdog Bonus
    Edge tokens, staff tokens and the order of picking Edge tokens, as stored at the game; once the order of play
    is recorded, the order of taking support-staff tokens."""
    league = game.week.season.league
    sides = list(GameSide.objects.filter(game=game).select_related("team").order_by("id"))
    pregame = Pregame.objects.filter(game=game).first()
    by_team = {side.team_id: side for side in sides}
    fixed = bool(pregame and pregame.lineup_order)
    order = pregame.lineup_order if pregame and fixed else league_rank_order(game, by_team)
    ordered = [by_team[entry["team"]] for entry in order if entry["team"] in by_team]
    ordered += [side for side in sides if side not in ordered]
    complete = bool(sides) and all(side.pit_power is not None for side in sides)
    next_to_pick = next((side.team_id for side in ordered if not side.lineup), None)
    powers = {side.team_id: side.pit_power or 0 for side in ordered}
    picking = auctions.edge_token_picking_order(powers) if complete else []
    seated = all(side.order_of_play is not None for side in sides)
    order_of_play = [side.team_id for side in sorted(sides, key=lambda s: s.order_of_play or 0)] if sides and seated else []
    return {
        "game": game.pk,
        "mavericks_allowed": not RULESET.option_value(league.options, "no_mavericks"),
        "lineup_order": [
            {
                "team": entry["team"],
                "name": by_team[entry["team"]].team.name if entry["team"] in by_team else "",
                "league_points": entry["league_points"],
                "team_potential": entry["team_potential"],
                "picked": bool(by_team.get(entry["team"]) and by_team[entry["team"]].lineup),
            }
            for entry in order
        ],
        "lineup_order_fixed": fixed,
        "next_to_pick": next_to_pick,
        "complete": complete,
        "figures_at": pregame.figures_at if pregame else None,
        "sides": [
            {
                "team": side.team_id,
                "name": side.team.name,
                "picked": bool(side.lineup),
                "lineup": side.lineup,
                "pit_power": side.pit_power,
                "edge_tokens": side.edge_tokens,
                "staff_tokens": side.staff_tokens or {},
                "edge_tokens_received": side.edge_tokens_received,
            }
            for side in ordered
        ],
        "picking_order": picking,
        "order_of_play": order_of_play,
        "staff_token_order": auctions.staff_token_order(order_of_play),
    }


# --- What is left of a game's pre-game, and whose turn it is -------------------------------------------------------


@dataclass(frozen=True)
class PregameTurn:
    """The next step of a game's pre-game: who takes it (`team` None: any coach of the game or a commissioner) and
    where. `text` names the team and the step, not the game ("Berthas chooses its athletes")."""

    step: str  # "auction-open", "nominate", "bid" or "lineup"
    team: int | None
    text: str
    url: str


@dataclass(frozen=True)
class PregameProgress:
    missing: list[auctions.PregameStep]  # empty: the pre-game is finished
    turn: PregameTurn | None  # None once finished, and for a game whose result is in


def pregame_progress(games: Sequence[Game], *, turns: bool = False) -> dict[int, PregameProgress]:
    """What the pre-game of each of `games` still lacks (the engine's pregame_missing) and, with `turns`, whose turn
    it is, by game id. `games` as games_listed reads them (league, season, sides with their teams).

    Queries, whatever the number of games, only where needed: the auctions of the games in which nobody has chosen
    yet (one; once a lineup is chosen the auction is over); with `turns`, the drawn mavericks held and the lots of
    the auctions going on (two), the bids and passes of the lots up (two, lot_turns), and for the games whose
    coaches are choosing athletes, their fixed lineup orders (one) and League Rank for those not fixed yet (one a
    season, standings_now)."""
    sides = {game.pk: list(game.sides.all()) for game in games}
    names = {side.team_id: side.team.name for own in sides.values() for side in own}
    mavericks = {game.pk: not RULESET.option_value(game.league.options, "no_mavericks") for game in games}
    unstarted = [game.pk for game in games if mavericks[game.pk] and not any(side.lineup for side in sides[game.pk])]
    going_on = Exists(Lot.objects.filter(auction=OuterRef("pk"), state=Lot.State.OPEN)) | Exists(
        MaverickDraw.objects.filter(auction=OuterRef("pk"), returned_at=None, lot=None)
    )
    held = Auction.objects.filter(game__in=unstarted).annotate(going_on=going_on)
    auction_of = {auction.game_id: auction for auction in held} if unstarted else {}
    status = {
        pk: auctions.AUCTION_NOT_HELD
        if pk not in auction_of
        else auctions.AUCTION_GOING_ON
        if auction_of[pk].closed_at is None and auction_of[pk].going_on
        else auctions.AUCTION_OVER
        for pk in unstarted
    }
    choosing = [
        game
        for game in games
        if turns
        and game.state == Game.State.SCHEDULED
        and status.get(game.pk, auctions.AUCTION_OVER) == auctions.AUCTION_OVER
        and not all(side.lineup for side in sides[game.pk])
    ]
    orders = _lineup_orders(choosing, sides) if choosing else {}
    progress = {}
    for game in games:
        order = orders.get(game.pk) or [side.team_id for side in sides[game.pk]]
        chosen = {side.team_id: bool(side.lineup) for side in sides[game.pk]}
        missing = auctions.pregame_missing(
            mavericks=mavericks[game.pk],
            auction=status.get(game.pk, auctions.AUCTION_OVER),
            chosen={team: chosen[team] for team in order if team in chosen},
            names=names,
        )
        progress[game.pk] = PregameProgress(missing, None)
    if turns:
        going = {pk: auction_of[pk] for pk, state in status.items() if state == auctions.AUCTION_GOING_ON}
        auction_turns = _auction_turns(list(going.values()), names)
        for game in games:
            missing = progress[game.pk].missing
            if game.state != Game.State.SCHEDULED or not missing:
                continue
            progress[game.pk] = PregameProgress(missing, _turn(game, missing[0], auction_turns.get(game.pk), names))
    return progress


def game_pregame_missing(game: Game) -> list[auctions.PregameStep]:
    """What the game's pre-game still lacks (or lacked when its result was reported: it cannot go on after)."""
    return pregame_progress([game])[game.pk].missing


def _turn(game: Game, first: auctions.PregameStep, auction_turn: PregameTurn | None, names: Mapping[int, str]) -> PregameTurn:
    if first.step == "lineup":
        assert first.team is not None  # a lineup step names its team
        url = reverse("game-lineup", args=[game.pk])
        return PregameTurn("lineup", first.team, f"{names[first.team]} chooses its athletes", url)
    if auction_turn is not None:
        return auction_turn
    return PregameTurn("auction-open", None, "the maverick auction is to open", reverse("game-auction", args=[game.pk]))


def _lineup_orders(games: Sequence[Game], sides: Mapping[int, list[GameSide]]) -> dict[int, list[int]]:
    """The order each game's coaches choose athletes in: as fixed at the first pick, else League Rank as it stands now
    (as lineup_pick will fix it)."""
    pregames = Pregame.objects.filter(game__in=[g.pk for g in games]).exclude(lineup_order=[])
    fixed = dict(pregames.values_list("game", "lineup_order"))
    orders = {pk: [entry["team"] for entry in order] for pk, order in fixed.items()}
    unfixed: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for game in games:
        teams = [side.team_id for side in sides[game.pk]]
        if set(orders.get(game.pk, [])) != set(teams):
            unfixed[game.week.season_id][game.pk] = teams
    for season_id, teams_of in unfixed.items():
        for pk, order in league_rank_orders(season_id, teams_of).items():
            orders[pk] = [entry["team"] for entry in order]
    return orders


def _auction_turns(going: Sequence[Auction], names: Mapping[int, str]) -> dict[int, PregameTurn]:
    """Whose turn it is in each auction going on (by game id): to bid or pass on the maverick up, else to put one up."""
    if not going:
        return {}
    held: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for auction_id, team in MaverickDraw.objects.filter(auction__in=going, returned_at=None, lot=None).values_list(
        "auction", "team"
    ):
        held[auction_id][team] += 1
    lots: dict[int, list[Lot]] = defaultdict(list)
    by_id = {auction.pk: auction for auction in going}
    for lot in Lot.objects.filter(auction__in=going).only("auction", "number", "state", "nominated_by", "draw", "name"):
        lot.auction = by_id[lot.auction_id]
        lots[lot.auction_id].append(lot)
    up = [lot for own in lots.values() for lot in own if lot.state == Lot.State.OPEN]
    bidding = lot_turns(up)
    turns = {}
    for auction in going:
        url = reverse("game-auction", args=[auction.game_id])
        up_now = next((lot for lot in lots[auction.pk] if lot.state == Lot.State.OPEN), None)
        if up_now is not None:
            bidder = bidding[up_now.pk][0].team
            text = f"{names.get(bidder or 0, '')} bids or passes on {up_now.name}"
            turns[auction.game_id] = PregameTurn("bid", bidder, text, url)
            continue
        drawn = sorted((lot for lot in lots[auction.pk] if lot.draw_id), key=lambda lot: lot.number)
        last = drawn[-1].nominated_by_id if drawn else None
        nominator = auctions.next_nominator([entry["team"] for entry in auction.order], held[auction.pk], last)
        if nominator is not None:
            text = f"{names.get(nominator, '')} puts up a maverick it drew, or returns it"
            turns[auction.game_id] = PregameTurn("nominate", nominator, text, url)
    return turns
