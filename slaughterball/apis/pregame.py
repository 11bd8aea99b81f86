"""Pre-game API: the maverick auction (open, draws, lots, bids, closing), lineups, Pit Power and Edge tokens.

One view per resource; each validates its input, calls one service and serializes what the selectors read.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.errors import NotFound
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of
from pitside.pagination import Pagination, paginate
from slaughterball.models import Auction, Game, Lot, MaverickDraw
from slaughterball.selectors_pregame import (
    auction_bids,
    auction_for_game,
    auction_get,
    auction_state,
    game_with_league,
    pregame_state,
)
from slaughterball.services import auctions as auction_services
from slaughterball.services import pregame as pregame_services

# --- Output -----------------------------------------------------------------------------------------------------


class AuctionOrderOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    name = serializers.CharField()
    team_potential = serializers.IntegerField()
    dice = serializers.ListField(child=serializers.CharField(), help_text="Faces rolled, stored when the auction opened.")
    knives = serializers.IntegerField()
    holds = serializers.IntegerField(help_text="Drawn mavericks not yet returned or put up.")


class AuctionDrawOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    maverick = serializers.CharField()
    name = serializers.CharField()
    returned = serializers.BooleanField()
    nominated = serializers.BooleanField()


class AuctionLotOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    card = serializers.CharField()
    name = serializers.CharField()
    rogue = serializers.BooleanField()
    nominated_by = serializers.IntegerField()
    nominated_by_name = serializers.CharField()
    state = serializers.ChoiceField(choices=Lot.State.choices)
    high_amount = serializers.IntegerField()
    high_team = serializers.IntegerField(allow_null=True)
    high_team_name = serializers.CharField(allow_blank=True)
    next_bid = serializers.IntegerField(help_text="The lowest bid that beats the current one.")
    note = serializers.CharField(allow_blank=True)
    hire = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(
        allow_null=True,
        help_text="While bidding: the team whose turn it is to bid or pass (the coach who put it up first, then "
        "the others in ascending Team Potential, round and round).",
    )
    turn_name = serializers.CharField(allow_blank=True)


class AuctionCardOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField(allow_blank=True)
    traits = serializers.DictField(child=serializers.IntegerField(allow_null=True))
    skills = serializers.ListField(child=serializers.CharField(), allow_null=True)
    pit_power_adjustment = serializers.IntegerField(allow_null=True)
    house_value_required = serializers.BooleanField()


class AuctionOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["nominating", "bidding", "done", "closed"])
    rogues = serializers.BooleanField()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    seed = serializers.CharField()
    order = AuctionOrderOutputSerializer(many=True)
    draws = AuctionDrawOutputSerializer(many=True)
    next_nominator = serializers.IntegerField(allow_null=True)
    next_nominator_name = serializers.CharField(allow_blank=True)
    current_lot = AuctionLotOutputSerializer(allow_null=True)
    lots = AuctionLotOutputSerializer(many=True)
    cards = AuctionCardOutputSerializer(many=True)


class AuctionBidOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    lot = serializers.IntegerField(source="lot_id")
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    amount = serializers.IntegerField()
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()


class PregameLineupEntryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(allow_null=True, help_text="The athlete; null for a hired maverick.")
    hire = serializers.IntegerField(required=False, help_text="The maverick hire, for a maverick.")
    maverick = serializers.CharField(required=False)
    number = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    type = serializers.CharField()
    value = serializers.IntegerField(help_text="Value at the game (a maverick: its Pit Power adjustment).")


class PregameOrderOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    name = serializers.CharField()
    league_points = serializers.IntegerField()
    team_potential = serializers.IntegerField()
    picked = serializers.BooleanField()


class PregameSideOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    name = serializers.CharField()
    picked = serializers.BooleanField()
    lineup = PregameLineupEntryOutputSerializer(many=True)
    pit_power = serializers.IntegerField(allow_null=True)
    edge_tokens = serializers.IntegerField(allow_null=True, help_text="Underdog Bonus Edge tokens.")
    staff_tokens = serializers.DictField(child=serializers.IntegerField(), help_text='e.g. {"reroll": 2, "cancel-card": 1}')
    edge_tokens_received = serializers.IntegerField(
        allow_null=True, help_text="Every Edge token received: the Underdog Bonus's and the support staff's."
    )


class PregameOutputSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    mavericks_allowed = serializers.BooleanField()
    lineup_order = PregameOrderOutputSerializer(many=True, help_text="Ascending League Rank: the first to choose first.")
    lineup_order_fixed = serializers.BooleanField(
        help_text="False: League Rank as it stands now; the order is fixed when the first coach chooses."
    )
    next_to_pick = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField()
    figures_at = serializers.DateTimeField(allow_null=True)
    sides = PregameSideOutputSerializer(many=True)
    picking_order = serializers.ListField(
        child=serializers.IntegerField(), help_text="Underdog Bonus tokens: the lowest Pit Power picks first."
    )
    order_of_play = serializers.ListField(
        child=serializers.IntegerField(), help_text="The First Coach's team first, then clockwise; empty until recorded."
    )
    staff_token_order = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Support-staff tokens, after the Underdog Bonus: from the coach to the First Coach's right, "
        "counter-clockwise (the order of play backwards); empty until the order of play is recorded.",
    )


# --- Helpers --------------------------------------------------------------------------------------------------------


def _game(game_id: int) -> Game:
    game = game_with_league(game_id)
    if game is None:
        raise NotFound.one("game-unknown", "game", "No such game.")
    return game


def _auction(auction_id: int) -> Auction:
    auction = auction_get(auction_id)
    if auction is None:
        raise NotFound.one("auction-unknown", "auction", "No such auction.")
    return auction


def _state(auction: Auction, code: int = status.HTTP_200_OK) -> Response:
    return Response(AuctionOutputSerializer(auction_state(auction)).data, status=code)


def _fresh_state(auction_id: int, code: int = status.HTTP_200_OK) -> Response:
    return _state(_auction(auction_id), code)


# --- Auction ----------------------------------------------------------------------------------------------------------


class GameAuctionApi(APIView):
    @extend_schema(responses={200: AuctionOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        """The game's maverick auction, as stored (404 until it is opened)."""
        auction = auction_for_game(_game(game_id))
        if auction is None:
            raise NotFound.one("auction-not-open", "game", "The maverick auction of this game has not been opened.")
        return _state(auction)

    @extend_schema(request=None, responses={201: AuctionOutputSerializer, 200: AuctionOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        """Open the auction: the server rolls each coach's dice and draws the mavericks, once. Opening again
        returns the same auction (200)."""
        _game(game_id)
        auction, created = auction_services.auction_open(game_id=game_id, user=request.user)
        return _fresh_state(auction.pk, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class AuctionDetailApi(APIView):
    @extend_schema(responses={200: AuctionOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, auction_id: int) -> Response:
        return _state(_auction(auction_id))


class AuctionDrawsApi(APIView):
    class AuctionDrawReturnInputSerializer(serializers.Serializer[Any]):
        draw = serializers.IntegerField(min_value=1)

    @extend_schema(request=AuctionDrawReturnInputSerializer, responses={200: AuctionOutputSerializer, **ERRORS})
    def post(self, request: Request, auction_id: int) -> Response:
        """Return a drawn maverick to the box (only the coach who drew it, before it is put up)."""
        _auction(auction_id)
        data = self.AuctionDrawReturnInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        draw_id = data.validated_data["draw"]
        if not MaverickDraw.objects.filter(pk=draw_id, auction_id=auction_id).exists():
            raise serializers.ValidationError({"draw": ["Name a maverick drawn in this auction."]})
        auction_services.draw_return(draw_id=draw_id, user=request.user)
        return _fresh_state(auction_id)


class AuctionLotsApi(APIView):
    class AuctionRogueInputSerializer(serializers.Serializer[Any]):
        portfolio = serializers.CharField(max_length=40)
        type = serializers.CharField(max_length=40)

    class AuctionNominateInputSerializer(serializers.Serializer[Any]):
        draw = serializers.IntegerField(min_value=1, required=False, help_text="A maverick you drew.")
        rogue = serializers.DictField(required=False, help_text='A rogue (Rogues option): {"portfolio", "type"}.')
        team = serializers.IntegerField(min_value=1, required=False, help_text="Your team, if you coach two in this game.")

    @extend_schema(responses={200: AuctionLotOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, auction_id: int) -> Response:
        return Response(auction_state(_auction(auction_id))["lots"])

    @extend_schema(request=AuctionNominateInputSerializer, responses={201: AuctionLotOutputSerializer, **ERRORS})
    def post(self, request: Request, auction_id: int) -> Response:
        """Put a maverick you drew (or a rogue) up for auction, in turn."""
        _auction(auction_id)
        data = self.AuctionNominateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rogue: dict[str, Any] | None = None
        if "rogue" in data.validated_data:
            rogue_data = self.AuctionRogueInputSerializer(data=data.validated_data["rogue"])
            if not rogue_data.is_valid():
                raise serializers.ValidationError({"rogue": rogue_data.errors})
            rogue = dict(rogue_data.validated_data)
        lot = auction_services.lot_nominate(
            auction_id=auction_id,
            user=request.user,
            draw_id=data.validated_data.get("draw"),
            rogue_portfolio=rogue["portfolio"] if rogue else None,
            rogue_type=rogue["type"] if rogue else None,
            team_id=data.validated_data.get("team"),
        )
        state = auction_state(_auction(auction_id))
        return Response(next(item for item in state["lots"] if item["id"] == lot.pk), status=status.HTTP_201_CREATED)


class AuctionBidsApi(APIView):
    pagination_class = Pagination

    class AuctionBidInputSerializer(serializers.Serializer[Any]):
        lot = serializers.IntegerField(min_value=1)
        amount = serializers.IntegerField(min_value=0, max_value=10**12, help_text="Credits, in steps of 50,000.")
        team = serializers.IntegerField(min_value=1, required=False, help_text="Your team, if you coach two in this game.")

    @extend_schema(responses={200: AuctionBidOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, auction_id: int) -> Response:
        """Every bid of the auction, the latest first."""
        return paginate(request, self, auction_bids(_auction(auction_id)), AuctionBidOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=AuctionBidInputSerializer,
        responses={201: AuctionBidOutputSerializer, 200: AuctionBidOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, auction_id: int) -> Response:
        """Bid for the maverick up for auction, in your turn. The same Idempotency-Key again is applied once."""
        _auction(auction_id)
        data = self.AuctionBidInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if not Lot.objects.filter(pk=data.validated_data["lot"], auction_id=auction_id).exists():
            raise serializers.ValidationError({"lot": ["Name a lot of this auction."]})
        bid, created = auction_services.bid_place(
            lot_id=data.validated_data["lot"],
            user=request.user,
            amount=data.validated_data["amount"],
            team_id=data.validated_data.get("team"),
            idempotency_key=idempotency_key_of(request),
        )
        bid = auction_bids(_auction(auction_id)).get(pk=bid.pk)
        return Response(AuctionBidOutputSerializer(bid).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _lot_output(auction_id: int, lot_id: int, code: int = status.HTTP_200_OK) -> Response:
    state = auction_state(_auction(auction_id))
    return Response(next(item for item in state["lots"] if item["id"] == lot_id), status=code)


class LotPassApi(APIView):
    class LotPassInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1, required=False, help_text="Your team, if you coach two in this game.")

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=LotPassInputSerializer,
        responses={201: AuctionLotOutputSerializer, 200: AuctionLotOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, lot_id: int) -> Response:
        """Do not raise, in your turn. When every other coach has passed since the last bid, the highest bidder
        pays and hires; when nobody bid in a full turn, the maverick leaves. The same Idempotency-Key again is
        applied once."""
        data = self.LotPassInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        passed, created = auction_services.lot_pass(
            lot_id=lot_id, user=request.user, team_id=data.validated_data.get("team"), idempotency_key=idempotency_key_of(request)
        )
        lot = passed.lot
        return _lot_output(lot.auction_id, lot.pk, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class LotCloseApi(APIView):
    @extend_schema(request=None, responses={200: AuctionLotOutputSerializer, **ERRORS})
    def post(self, request: Request, lot_id: int) -> Response:
        """The commissioner closes a stalled lot: the highest bidder so far pays and hires (or the maverick leaves)."""
        lot, _ = auction_services.lot_close(lot_id=lot_id, user=request.user)
        return _lot_output(lot.auction_id, lot.pk)


# --- Lineups and the pre-game figures -------------------------------------------------------------------------------


class GameLineupApi(APIView):
    class LineupPickInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1)
        athletes = serializers.ListField(child=serializers.IntegerField(min_value=1), max_length=20)
        mavericks = serializers.ListField(
            child=serializers.IntegerField(min_value=1),
            max_length=20,
            required=False,
            default=list,
            help_text="Maverick hires of this team for this game.",
        )

    @extend_schema(responses={200: PregameOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(PregameOutputSerializer(pregame_state(_game(game_id))).data)

    @extend_schema(
        request=LineupPickInputSerializer, responses={201: PregameOutputSerializer, 200: PregameOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Choose and reveal a team's athletes, in ascending League Rank. The same lineup again changes nothing (200)."""
        _game(game_id)
        data = self.LineupPickInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _, created = pregame_services.lineup_pick(
            game_id=game_id,
            user=request.user,
            team_id=data.validated_data["team"],
            athlete_ids=data.validated_data["athletes"],
            maverick_ids=data.validated_data["mavericks"],
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(PregameOutputSerializer(pregame_state(_game(game_id))).data, status=code)


class GameOrderOfPlayApi(APIView):
    class OrderOfPlayInputSerializer(serializers.Serializer[Any]):
        teams = serializers.ListField(
            child=serializers.IntegerField(min_value=1), max_length=8, help_text="The First Coach's team first, then clockwise."
        )

    @extend_schema(request=OrderOfPlayInputSerializer, responses={200: PregameOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        """Record the order of play settled at the table (Team Placement); it fixes the staff tokens' order."""
        _game(game_id)
        data = self.OrderOfPlayInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pregame_services.order_of_play_set(game_id=game_id, user=request.user, team_ids=data.validated_data["teams"])
        return Response(PregameOutputSerializer(pregame_state(_game(game_id))).data)


class GamePregameApi(APIView):
    @extend_schema(responses={200: PregameOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        """Pit Power, Underdog Bonus Edge tokens, staff tokens and the order of picking Edge tokens, as stored."""
        return Response(PregameOutputSerializer(pregame_state(_game(game_id))).data)


urlpatterns = [
    path("games/<id:game_id>/auction/", GameAuctionApi.as_view(), name="api-game-auction"),
    path("games/<id:game_id>/lineup/", GameLineupApi.as_view(), name="api-game-lineup"),
    path("games/<id:game_id>/pregame/", GamePregameApi.as_view(), name="api-game-pregame"),
    path("games/<id:game_id>/order-of-play/", GameOrderOfPlayApi.as_view(), name="api-game-order-of-play"),
    path("auctions/<id:auction_id>/", AuctionDetailApi.as_view(), name="api-auction"),
    path("auctions/<id:auction_id>/draws/", AuctionDrawsApi.as_view(), name="api-auction-draws"),
    path("auctions/<id:auction_id>/lots/", AuctionLotsApi.as_view(), name="api-auction-lots"),
    path("auctions/<id:auction_id>/bids/", AuctionBidsApi.as_view(), name="api-auction-bids"),
    path("lots/<id:lot_id>/pass/", LotPassApi.as_view(), name="api-lot-pass"),
    path("lots/<id:lot_id>/close/", LotCloseApi.as_view(), name="api-lot-close"),
]
