"""The Slaughterville API: the catalogue, members, sessions (log, confirm, dispute, approve, void) and the
statistics. Each view checks the input's shape, calls one service and serializes what it returns; the engine
checks the rules (every violation at once, in the shared error shape)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.slaughterville.catalogue import catalogue_to_data
from engine.slaughterville.sessions import OUTCOMES
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of
from pitside.pagination import Pagination, paginate
from pitside.serializers import PlainOutputSerializer
from pitside.write_api import WriteApi
from slaughterville import services
from slaughterville.forms import MAX_TEXT
from slaughterville.models import Session
from slaughterville.selectors import catalogue_of, group_statistics, league_get, members, session_get, sessions

# --- The catalogue ------------------------------------------------------------------------------------


class SlaughtervilleEntrySerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()


class SlaughtervilleVillainSerializer(SlaughtervilleEntrySerializer):
    location = serializers.CharField(required=False, help_text="The location it makes mandatory, if any.")


class SlaughtervilleCatalogueOutputSerializer(serializers.Serializer[Any]):
    characters = SlaughtervilleEntrySerializer(many=True)
    locations = SlaughtervilleEntrySerializer(many=True)
    villains = SlaughtervilleVillainSerializer(many=True)


class CatalogueApi(APIView):
    class SlaughtervilleCatalogueImportInputSerializer(serializers.Serializer[Any]):
        format = serializers.ChoiceField(choices=["yaml", "json"])
        text = serializers.CharField(max_length=MAX_TEXT, trim_whitespace=False, help_text="The file's text (README).")

    @extend_schema(responses={200: SlaughtervilleCatalogueOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return Response(catalogue_to_data(catalogue_of(league_get(league_id))))

    @extend_schema(
        request=SlaughtervilleCatalogueImportInputSerializer, responses={200: SlaughtervilleCatalogueOutputSerializer, **ERRORS}
    )
    def put(self, request: Request, league_id: int) -> Response:
        """The commissioner replaces the group's catalogue: all or nothing, one error per bad field."""
        league = league_get(league_id)
        data = self.SlaughtervilleCatalogueImportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        catalogue = services.catalogue_import(
            league=league, user=request.user, fmt=data.validated_data["format"], text=data.validated_data["text"]
        )
        return Response(catalogue_to_data(catalogue))


# --- Members ------------------------------------------------------------------------------------------


class SlaughtervilleMemberOutputSerializer(PlainOutputSerializer):
    id = serializers.IntegerField(help_text="The member's id in the group's sessions (his team).")
    name = serializers.CharField()
    user = serializers.CharField(source="coach.username")


class MembersApi(APIView):
    pagination_class = Pagination

    class SlaughtervilleJoinInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=100, help_text="The name you play by in this group.")

    @extend_schema(responses={200: SlaughtervilleMemberOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        listed = members(league_get(league_id)).only("name", "coach__username")  # what the serializer reads
        return paginate(request, self, listed, SlaughtervilleMemberOutputSerializer)

    @extend_schema(request=SlaughtervilleJoinInputSerializer, responses={201: SlaughtervilleMemberOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """Join the group (the shared sign-up), once."""
        data = self.SlaughtervilleJoinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = services.member_join(league=league_get(league_id), coach=request.user, name=data.validated_data["name"])
        return Response(SlaughtervilleMemberOutputSerializer(team).data, status=status.HTTP_201_CREATED)


# --- Sessions -----------------------------------------------------------------------------------------


class SlaughtervillePlayerOutputSerializer(serializers.Serializer[Any]):
    member = serializers.IntegerField(source="team_id")
    name = serializers.CharField(source="team.name")
    user = serializers.CharField(source="team.coach.username")
    seat = serializers.IntegerField()
    character = serializers.CharField()
    dealt = serializers.BooleanField(help_text="Dealt at random by the server.")


class SlaughtervilleHistoryOutputSerializer(serializers.Serializer[Any]):
    action = serializers.CharField()
    user = serializers.CharField(source="user.username", allow_null=True)
    team = serializers.IntegerField(source="team_id", allow_null=True)
    reason = serializers.CharField(source="payload.reason", default="")
    created_at = serializers.DateTimeField()


class SlaughtervilleSessionOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    state = serializers.CharField()
    played_on = serializers.DateField()
    players = SlaughtervillePlayerOutputSerializer(source="sides.all", many=True)
    villain = serializers.CharField()
    locations = serializers.ListField(child=serializers.CharField())
    first_player = serializers.IntegerField(source="first_player_id")
    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    turns = serializers.IntegerField()
    clues = serializers.IntegerField()
    defeated = serializers.IntegerField()
    notes = serializers.CharField()
    logged_by = serializers.CharField(source="submitted_by.username", allow_null=True)


class SlaughtervilleSessionDetailOutputSerializer(SlaughtervilleSessionOutputSerializer):
    pending = serializers.SerializerMethodField(help_text="Members still to confirm the log.")
    history = SlaughtervilleHistoryOutputSerializer(source="events.all", many=True)

    def get_pending(self, session: Session) -> list[int]:
        return [side.team_id for side in services.RESULTS.pending_sides(session)]


class SlaughtervillePlayerInputSerializer(serializers.Serializer[Any]):
    member = serializers.IntegerField(help_text="A member's id (GET .../members/).")
    character = serializers.CharField(
        allow_null=True, required=False, default=None, help_text="A character's slug; null: dealt at random by the server."
    )


class SessionsApi(APIView):
    pagination_class = Pagination

    class SlaughtervilleSessionLogInputSerializer(serializers.Serializer[Any]):
        played_on = serializers.DateField()
        players = SlaughtervillePlayerInputSerializer(many=True, help_text="1 to 6 players, in seat order.")
        villain = serializers.CharField(allow_blank=True)
        locations = serializers.ListField(child=serializers.CharField(allow_blank=True), max_length=20)
        first_player = serializers.IntegerField(help_text="The member who was first player.")
        outcome = serializers.CharField(help_text="players (they won) or villain.")
        turns = serializers.IntegerField()
        clues = serializers.IntegerField()
        defeated = serializers.IntegerField(help_text="Characters defeated.")
        notes = serializers.CharField(allow_blank=True, required=False, default="", trim_whitespace=False)

    @extend_schema(responses={200: SlaughtervilleSessionOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, sessions(league_get(league_id)), SlaughtervilleSessionOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=SlaughtervilleSessionLogInputSerializer,
        responses={201: SlaughtervilleSessionDetailOutputSerializer, 200: SlaughtervilleSessionDetailOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        """A player of the session logs it: 400 with every setup problem, each naming its field."""
        league = league_get(league_id)
        data = self.SlaughtervilleSessionLogInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        session, created = services.session_log_create(
            league=league, user=request.user, **data.validated_data, idempotency_key=idempotency_key_of(request)
        )
        return Response(
            SlaughtervilleSessionDetailOutputSerializer(session_get(session.pk)).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class SessionDetailApi(APIView):
    @extend_schema(responses={200: SlaughtervilleSessionDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, session_id: int) -> Response:
        return Response(SlaughtervilleSessionDetailOutputSerializer(session_get(session_id)).data)


class SessionWriteApi(WriteApi):
    """A write to a session, answered with the session."""

    output_serializer = SlaughtervilleSessionDetailOutputSerializer
    idempotent = True

    def found(self, object_id: int) -> Session:
        return session_get(object_id)


class SlaughtervilleReasonInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)


class SessionConfirmApi(SessionWriteApi):
    """Another player of the session confirms its log; once every one has, it counts in the statistics."""

    service = staticmethod(services.session_confirm)


class SessionDisputeApi(SessionWriteApi):
    """Another player of the session disputes its log: a commissioner then approves or voids it."""

    input_serializer = SlaughtervilleReasonInputSerializer
    service = staticmethod(services.session_dispute)


class SessionApproveApi(SessionWriteApi):
    """A commissioner approves a logged or disputed session."""

    service = staticmethod(services.session_approve)


class SessionVoidApi(SessionWriteApi):
    """A commissioner voids a session's log: it no longer counts in the statistics."""

    input_serializer = SlaughtervilleReasonInputSerializer
    service = staticmethod(services.session_void)


# --- Statistics ---------------------------------------------------------------------------------------


class SlaughtervilleRowOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="A slug, the number of players, or a member's id.")
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField(help_text="Sessions the players won.")
    lost = serializers.IntegerField()
    percent = serializers.IntegerField(help_text="The players' win rate, whole percent.")


class SlaughtervilleGameLengthOutputSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="id")
    played_on = serializers.DateField()
    turns = serializers.IntegerField()


class SlaughtervilleStatisticsOutputSerializer(serializers.Serializer[Any]):
    sessions = serializers.IntegerField(help_text="Confirmed sessions.")
    won = serializers.IntegerField()
    villains = SlaughtervilleRowOutputSerializer(many=True)
    characters = SlaughtervilleRowOutputSerializer(many=True)
    player_counts = SlaughtervilleRowOutputSerializer(many=True)
    locations = SlaughtervilleRowOutputSerializer(many=True)
    members = SlaughtervilleRowOutputSerializer(many=True)
    longest = SlaughtervilleGameLengthOutputSerializer(many=True)
    shortest = SlaughtervilleGameLengthOutputSerializer(many=True)


class StatisticsApi(APIView):
    @extend_schema(responses={200: SlaughtervilleStatisticsOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        """The statistics of the group's confirmed sessions."""
        return Response(SlaughtervilleStatisticsOutputSerializer(group_statistics(league_get(league_id))).data)
