"""The results API: a game with its sides and history, its result (read, submit, confirm, approve,
dispute, void), the live-entry draft, and a league's standings. One view per operation; every rule
and permission is the services' (slaughterball.services.results)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import ScheduleInputSerializer, ScheduleOutputSerializer
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.errors import NotFound
from pitside.pagination import page_parameters, page_with_own
from pitside.paging import coached_by
from pitside.write_api import WriteApi
from slaughterball.models import Game, ResultDraft, Season, Standing
from slaughterball.selectors import (
    game_get,
    game_pending_teams,
    game_submission,
    league_get,
    league_season,
    standings_rows,
    standings_weeks,
)
from slaughterball.selectors_pregame import game_pregame_missing
from slaughterball.services import results as services
from slaughterball.services.standings import standings_fill_missing_games
from slaughterball.sheets import TIE_BREAK_NOTE

MAX_NUMBER = 1_000_000  # far above any score or token count, far below the database's integer columns

# --- Output -------------------------------------------------------------------------------------------------


class ResultSideOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    order_of_play = serializers.IntegerField(allow_null=True)
    lineup = serializers.JSONField(help_text="The athletes chosen for the game, as they were then.")
    pit_power = serializers.IntegerField(allow_null=True, help_text="Pit Power at the start of the game (null: not recorded).")
    edge_tokens = serializers.IntegerField(
        source="edge_tokens_received",
        allow_null=True,
        help_text="Edge tokens received, Underdog Bonus and support staff (null: not recorded, counts as 0).",
    )
    score = serializers.IntegerField(allow_null=True)
    unused_edge_tokens = serializers.IntegerField()
    no_show = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True, help_text="1 = first; tied teams share a place. Set once confirmed.")
    league_points = serializers.IntegerField(allow_null=True)
    prize_money = serializers.IntegerField(allow_null=True)


class ResultEventOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    action = serializers.CharField()
    actor = serializers.CharField(source="user.username")
    team = serializers.IntegerField(source="team_id", allow_null=True)
    payload = serializers.JSONField()
    created_at = serializers.DateTimeField()


class PregameStepOutputSerializer(serializers.Serializer[Any]):
    step = serializers.CharField(help_text="auction or lineup.")
    team = serializers.IntegerField(allow_null=True, help_text="The team that has not chosen its athletes (null: the auction).")
    message = serializers.CharField()


PREGAME_MISSING_HELP = (
    "What the game's pre-game lacks (empty: finished): the maverick auction (not held or not over; none under No "
    "Mavericks in Leagues) and each team that has not chosen its athletes. A result is accepted without them (the "
    "page asks first): the pre-game cannot go on once a result is in, the game keeps no hire, Pit Power or Underdog "
    "Bonus it lacks, and any six athletes of a team without a lineup may learn after it (the first six to learn)."
)


class PregameMissingOutputSerializer(serializers.Serializer[Any]):
    """What a game's answers say of its pre-game (the game and its result)."""

    pregame_missing = serializers.SerializerMethodField(help_text=PREGAME_MISSING_HELP)

    @extend_schema_field(PregameStepOutputSerializer(many=True))
    def get_pregame_missing(self, game: Game) -> Any:
        return PregameStepOutputSerializer(game_pregame_missing(game), many=True).data


class GameOutputSerializer(ScheduleOutputSerializer, PregameMissingOutputSerializer):
    """A game with its sides (in order of play) and its result's history. Built from
    slaughterball.selectors.game_get (four queries)."""

    id = serializers.IntegerField()
    league = serializers.IntegerField(source="week.season.league_id")
    season = serializers.IntegerField(source="week.season_id")
    week = serializers.IntegerField(source="week.number")
    number = serializers.IntegerField()
    state = serializers.CharField()
    pays = serializers.BooleanField()
    confirmed_at = serializers.DateTimeField(allow_null=True)
    sides = ResultSideOutputSerializer(many=True, source="sides.all")
    pending_confirmations = serializers.SerializerMethodField()
    history = ResultEventOutputSerializer(many=True, source="events.all")

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_pending_confirmations(self, game: Game) -> list[int]:
        return [side.team_id for side in game_pending_teams(game)]


class GameResultOutputSerializer(PregameMissingOutputSerializer):
    """The result standing: state, sides, the scoring log and injuries submitted, who still confirms."""

    game = serializers.IntegerField(source="pk")
    state = serializers.CharField()
    submitted_by = serializers.SerializerMethodField()
    submitted_at = serializers.SerializerMethodField()
    sides = ResultSideOutputSerializer(many=True, source="sides.all")
    scoring_log = serializers.SerializerMethodField()
    injuries = serializers.SerializerMethodField()
    pending_confirmations = serializers.SerializerMethodField()

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_submitted_by(self, game: Game) -> str | None:
        submission = game_submission(game)
        return submission.user.username if submission and submission.user else None

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_submitted_at(self, game: Game) -> Any:
        submission = game_submission(game)
        return serializers.DateTimeField().to_representation(submission.created_at) if submission else None

    @extend_schema_field(serializers.ListField(child=serializers.DictField(), allow_null=True))
    def get_scoring_log(self, game: Game) -> Any:
        submission = game_submission(game)
        return (submission.payload or {}).get("scoring_log") if submission else None

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_injuries(self, game: Game) -> Any:
        submission = game_submission(game)
        return (submission.payload or {}).get("injuries", []) if submission else []

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_pending_confirmations(self, game: Game) -> list[int]:
        return [side.team_id for side in game_pending_teams(game)]


# --- Input --------------------------------------------------------------------------------------------------


@extend_schema_field(OpenApiTypes.INT)
class RawWholeNumberField(serializers.Field[Any, Any, Any, Any]):  # any value, as sent
    """A whole number as sent, so that the engine reports what is wrong with it (negative, not whole)
    together with every other problem of the result; only an absurdly large number stops here."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, (int, float)) and not isinstance(data, bool) and abs(data) > MAX_NUMBER:
            raise serializers.ValidationError(f"At most {MAX_NUMBER:,}.", code="max_value")
        if not isinstance(data, (int, float, str)) or isinstance(data, bool):
            raise serializers.ValidationError("A whole number is required.", code="invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class ResultSideInputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(min_value=1)
    score = RawWholeNumberField(help_text="The final score: a whole number, at least 0 (0 for a no-show).")
    unused_edge_tokens = RawWholeNumberField(required=False, default=0, help_text="Edge tokens not used (50,000 each).")
    no_show = serializers.BooleanField(required=False, default=False)


class ScoringEntryInputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(min_value=1)
    kind = serializers.CharField(max_length=20, help_text="goals-opened, goal, slaughter or spike.")
    target = serializers.CharField(
        max_length=20, required=False, allow_null=True, default=None, help_text="The athlete type slaughtered or spiked."
    )
    distance = RawWholeNumberField(
        required=False, allow_null=True, default=None, help_text="The shoot distance of a goal, the spike distance of a spike."
    )
    injured = serializers.BooleanField(required=False, default=False, help_text="Injured rather than knocked down.")
    penalized = serializers.BooleanField(required=False, default=False, help_text="The foul was penalized: points revoked.")


class InjuryInputSerializer(serializers.Serializer[Any]):
    athlete = serializers.IntegerField(min_value=1, required=False, help_text="An athlete who played.")
    maverick = serializers.IntegerField(min_value=1, required=False, help_text="A hired maverick (its hire id).")
    tokens = serializers.IntegerField(min_value=0, max_value=100, required=False, default=0)
    killed = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("athlete" in attrs) == ("maverick" in attrs):
            raise serializers.ValidationError({"athlete": "Name either an athlete or a maverick."})
        return attrs


class ResultSubmitInputSerializer(serializers.Serializer[Any]):
    # max_length goes to the ListSerializers that many=True makes; the stubs miss it.
    sides = ResultSideInputSerializer(many=True, max_length=8, help_text="In order of play, the First Coach's team first.")  # type: ignore[call-arg]
    # The list may be null (no log kept), its entries not: many=True would hand allow_null to each entry too.
    scoring_log: serializers.ListSerializer[Any] = serializers.ListSerializer(
        child=ScoringEntryInputSerializer(), required=False, allow_null=True, default=None, max_length=1000
    )
    injuries = InjuryInputSerializer(many=True, required=False, default=list, max_length=64)  # type: ignore[call-arg]


class ReasonInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)


class DraftInputSerializer(serializers.Serializer[Any]):
    sides = serializers.ListField(child=serializers.DictField(), max_length=8, required=False, default=list)
    scoring_log = serializers.ListField(child=serializers.DictField(), max_length=1000, required=False, default=list)


class DraftOutputSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField(source="game_id")
    # The stubs read this as Serializer.data; DRF's metaclass takes declared fields off the class.
    data = serializers.JSONField()  # type: ignore[assignment]
    updated_by = serializers.CharField(source="updated_by.username")
    updated_at = serializers.DateTimeField()


# --- Views --------------------------------------------------------------------------------------------------


def _game_or_404(game_id: int) -> Game:
    game = game_get(game_id)
    if game is None:
        raise Http404
    return game


class GameDetailApi(APIView):
    @extend_schema(responses={200: GameOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(GameOutputSerializer(_game_or_404(game_id)).data)


class GameWriteApi(WriteApi):
    """A write to a Slaughterball game's result: 201 when it changed something, 200 when it was already so."""

    idempotent = True
    output_serializer: ClassVar[type[serializers.Serializer[Any]]] = GameOutputSerializer

    def found(self, object_id: int) -> Game:
        return _game_or_404(object_id)


class GameResultApi(GameWriteApi):
    """Submit the result (a coach of a team in the game, or a commissioner). A 400 lists every problem at
    once: a tie for first, negative or non-whole scores, a team not in the game, more unused Edge tokens than
    received, a scoring log that does not add up, injuries naming someone who did not play. A game whose pre-game
    is unfinished takes its result all the same; the answer's `pregame_missing` says what it lacked."""

    input_serializer = ResultSubmitInputSerializer
    output_serializer = GameResultOutputSerializer
    service = staticmethod(services.result_submit)

    @extend_schema(description="The result as it stands.", responses={200: GameResultOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(GameResultOutputSerializer(_game_or_404(game_id)).data)


class GameConfirmApi(GameWriteApi):
    """Another coach in the game confirms the result; once all have, it is confirmed and paid. 201 when this
    changed something, 200 when it was already done."""

    service = staticmethod(services.result_confirm)


class GameApproveApi(GameWriteApi):
    """A commissioner approves the result standing: it is confirmed at once."""

    service = staticmethod(services.result_approve)


class GameDisputeApi(GameWriteApi):
    """Another coach disputes the result, with a reason; a commissioner approves or voids it."""

    input_serializer = ReasonInputSerializer
    service = staticmethod(services.result_dispute)


class GameVoidApi(GameWriteApi):
    """A commissioner voids the result, with a reason: prize money is taken back by reversing ledger rows,
    places and League Points cleared; the history stays."""

    input_serializer = ReasonInputSerializer
    service = staticmethod(services.result_void)


class GameScheduleApi(GameWriteApi):
    """The game's date and place, set as sent: a commissioner at any time, a coach of a team in it until it is played."""

    idempotent = False  # it sets two values: sent again, it changes nothing
    input_serializer = ScheduleInputSerializer
    service = staticmethod(services.game_schedule)


class GameDraftApi(APIView):
    """Live entry: the result as it is being entered during the game, kept on the server."""

    @extend_schema(responses={200: DraftOutputSerializer, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        _game_or_404(game_id)
        draft = ResultDraft.objects.select_related("updated_by").filter(game_id=game_id).first()
        if draft is None:
            raise NotFound.one("draft-none", "game", "Nothing has been entered for this game yet.")
        return Response(DraftOutputSerializer(draft).data)

    @extend_schema(request=DraftInputSerializer, responses={200: DraftOutputSerializer, **ERRORS})
    def put(self, request: Request, game_id: int) -> Response:
        _game_or_404(game_id)
        data = DraftInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        draft = services.result_draft_save(game_id=game_id, user=request.user, data=data.validated_data)
        return Response(DraftOutputSerializer(draft).data)


# --- Standings ----------------------------------------------------------------------------------------------


class StandingOutputSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    league_points = serializers.IntegerField()
    games_played = serializers.IntegerField()
    team_potential = serializers.IntegerField()


class StandingsSeasonOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()


class StandingsOutputSerializer(serializers.Serializer[Any]):
    league = serializers.IntegerField()
    season = StandingsSeasonOutputSerializer(allow_null=True)
    week = serializers.IntegerField(allow_null=True, help_text="The ranking after this week (0: before the first game).")
    weeks = serializers.ListField(child=serializers.IntegerField(), help_text="The weeks that have a ranking.")
    tie_break = serializers.CharField()
    # A page of the ranking, as pitside.pagination's lists (?page=, ?page_size= up to 200).
    count = serializers.IntegerField(help_text="Teams in the ranking.")
    next = serializers.URLField(allow_null=True, help_text="The next page of the ranking.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page of the ranking.")
    results = StandingOutputSerializer(many=True, help_text="This page of the ranking, first to last.")
    own = StandingOutputSerializer(many=True, help_text="The rows of the requesting coach's teams, on any page.")


class LeagueStandingsApi(APIView):
    class StandingsFilterSerializer(serializers.Serializer[Any]):
        season = serializers.IntegerField(min_value=1, required=False)
        week = serializers.IntegerField(min_value=0, max_value=10_000, required=False)

    @extend_schema(
        parameters=[
            OpenApiParameter("season", int, description="A season of this league (default: its latest)."),
            OpenApiParameter("week", int, description="The ranking after this week (default: the latest)."),
            *page_parameters("rows"),
        ],
        responses={200: StandingsOutputSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
        description="League Rank: most League Points, then higher Team Potential, then a recorded random draw. "
        "A page of it (?page=, ?page_size= up to 200), and the requesting coach's own rows; "
        "answers in a fixed number of queries whatever the league's size.",
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        filters = self.StandingsFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        season = league_season(league, filters.validated_data.get("season"))
        if season is None and "season" in filters.validated_data:
            raise NotFound.one("season-unknown", "season", "This league has no such season.")
        weeks = standings_weeks(season) if season else []
        week = filters.validated_data.get("week", weeks[-1] if weeks else None)
        if "week" in filters.validated_data and week not in weeks:
            raise NotFound.one("week-unranked", "week", "There is no ranking for that week yet.")
        rows = standings_rows(season, week) if season is not None and week is not None else Standing.objects.none()
        body = {
            "league": league.pk,
            "season": season,
            "week": week,
            "weeks": weeks,
            "tie_break": TIE_BREAK_NOTE,
            **page_with_own(request, self, rows, coached_by(request, "team__coach")),
        }
        return Response(StandingsOutputSerializer(body).data)


class MissedGamesOutputSerializer(serializers.Serializer[Any]):
    recorded = serializers.IntegerField(help_text="Last places recorded now (0 when every team has its games).")


class SeasonMissedGamesApi(APIView):
    @extend_schema(
        request=None,
        responses={200: MissedGamesOutputSerializer, **ERRORS},
        description="Teams That Haven't Played 10 Games: a commissioner records each game a team is short as a last "
        "place with no League Points and no winnings. Refused while a game of the season has no settled result; "
        "sending it again records nothing more.",
    )
    def post(self, request: Request, season_id: int) -> Response:
        get_object_or_404(Season, pk=season_id)
        recorded = standings_fill_missing_games(season_id=season_id, user=request.user)
        return Response(MissedGamesOutputSerializer({"recorded": recorded}).data)


urlpatterns = [
    path("games/<id:game_id>/", GameDetailApi.as_view(), name="api-game"),
    path("games/<id:game_id>/result/", GameResultApi.as_view(), name="api-game-result"),
    path("games/<id:game_id>/confirm/", GameConfirmApi.as_view(), name="api-game-confirm"),
    path("games/<id:game_id>/approve/", GameApproveApi.as_view(), name="api-game-approve"),
    path("games/<id:game_id>/dispute/", GameDisputeApi.as_view(), name="api-game-dispute"),
    path("games/<id:game_id>/void/", GameVoidApi.as_view(), name="api-game-void"),
    path("games/<id:game_id>/draft/", GameDraftApi.as_view(), name="api-game-draft"),
    path("games/<id:game_id>/schedule/", GameScheduleApi.as_view(), name="api-game-schedule"),
    path("leagues/<id:league_id>/standings/", LeagueStandingsApi.as_view(), name="api-league-standings"),
    path("seasons/<id:season_id>/missed-games/", SeasonMissedGamesApi.as_view(), name="api-season-missed-games"),
]
