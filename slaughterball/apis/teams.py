"""The Slaughterball teams' API: sign-up, a team with its values, purchases and their options, the
ledger and the commissioner's grants. One view per operation; every rule and permission is the
services' (slaughterball.services.teams, rosters.services)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.slaughterball.ruleset import RULESET
from leagues.setup import league_house_values, league_setup_options
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of
from pitside.pagination import Pagination, paginate
from pitside.serializers import PlainOutputSerializer
from pitside.write_api import WriteApi
from rosters.apis import LedgerEntryOutputSerializer, TeamIdentityOutputSerializer
from rosters.models import Team
from rosters.selectors import league_grants, team_ledger, teams_with_balances
from rosters.services import grant_create
from slaughterball.models import Athlete, Purchase
from slaughterball.selectors import GAME_SYSTEM, league_get
from slaughterball.selectors_teams import team_facts, team_get, team_summary, teams_to_summarize, teams_with_window_sides
from slaughterball.services.teams import purchase_make, team_create


class AthleteOutputSerializer(PlainOutputSerializer):
    id = serializers.IntegerField(source="athlete.pk")
    number = serializers.IntegerField(source="athlete.number")
    name = serializers.CharField(source="athlete.name")
    type = serializers.CharField(source="athlete.type")
    traits = serializers.DictField(child=serializers.IntegerField(), source="facts.traits")
    skills = serializers.ListField(child=serializers.CharField(), source="facts.skills")
    base_value = serializers.IntegerField(source="facts.base_value")
    extra_value = serializers.IntegerField(source="facts.extra_value")
    value = serializers.IntegerField(source="facts.value")


class StaffOutputSerializer(PlainOutputSerializer):
    item = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField()


class TeamOutputSerializer(TeamIdentityOutputSerializer, PlainOutputSerializer):
    """A team with its values; built from the team's summary (see slaughterball.selectors_teams.team_summary)."""

    portfolio = serializers.CharField(source="team.faction")
    treasury = serializers.IntegerField()
    balances = serializers.DictField(child=serializers.IntegerField())
    team_potential = serializers.IntegerField()
    athletes_value = serializers.IntegerField()
    staff_value = serializers.IntegerField()
    staff = StaffOutputSerializer(many=True)
    athletes = AthleteOutputSerializer(many=True)

    def to_representation(self, instance: Any) -> Any:
        return super().to_representation(team_summary(instance) if isinstance(instance, Team) else instance)


class AthleteInputSerializer(serializers.Serializer[Any]):
    type = serializers.CharField(max_length=40)
    name = serializers.CharField(max_length=60)
    number = serializers.IntegerField(min_value=0, max_value=99)


class LeagueTeamsApi(APIView):
    pagination_class = Pagination

    class FilterSerializer(serializers.Serializer[Any]):
        portfolio = serializers.CharField(required=False, allow_blank=True)

    class TeamCreateInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80)
        portfolio = serializers.CharField(max_length=40)
        # max_length goes to the ListSerializer that many=True makes; the stubs miss it.
        athletes = AthleteInputSerializer(many=True, max_length=30)  # type: ignore[call-arg]

    @extend_schema(
        parameters=[OpenApiParameter("portfolio", str, description="Only teams of this portfolio.")],
        responses={200: TeamOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        teams = teams_to_summarize(league.teams.all())
        if portfolio := filters.validated_data.get("portfolio"):
            teams = teams.filter(faction=portfolio)
        return paginate(
            request,
            self,
            teams,
            TeamOutputSerializer,
            complete=lambda page: teams_with_window_sides(teams_with_balances(page, league.game_system)),
        )

    @extend_schema(request=TeamCreateInputSerializer, responses={201: TeamOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        data = self.TeamCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = team_create(league=league, coach=request.user, **data.validated_data)
        return Response(TeamOutputSerializer(team_get(team.pk)).data, status=status.HTTP_201_CREATED)


def _served_team_or_404(team_id: int) -> Team:
    """A team of a league this app serves (a Blood Bowl team is served by the bloodbowl app), or 404."""
    return get_object_or_404(Team.objects.filter(league__game_system=GAME_SYSTEM), pk=team_id)


def _team_or_404(team_id: int) -> Team:
    team = team_get(team_id)
    if team is None:
        raise Http404
    return team


class TeamDetailApi(APIView):
    @extend_schema(responses={200: TeamOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        return Response(TeamOutputSerializer(_team_or_404(team_id)).data)


class PurchaseOutputSerializer(serializers.ModelSerializer[Purchase]):
    created_by = serializers.CharField(source="created_by.username")

    class Meta:
        model = Purchase
        fields = ["id", "team", "athlete", "kind", "item", "name", "cost", "created_by", "created_at"]


class PurchaseInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=Purchase.Kind.choices)
    item = serializers.CharField(max_length=60)
    athlete = serializers.IntegerField(required=False, allow_null=True, min_value=1, source="athlete_id")


class TeamPurchasesApi(WriteApi):
    """The coach buys a skill, a trait increase or support staff for his team (an athlete's purchase names
    the athlete), paid from the account the rules take it from."""

    pagination_class = Pagination
    idempotent = True
    input_serializer = PurchaseInputSerializer
    output_serializer = PurchaseOutputSerializer
    service = staticmethod(purchase_make)

    def found(self, object_id: int) -> Team:
        return _served_team_or_404(object_id)

    def answer(self, object_id: int, written: Any) -> Any:
        return self.output_serializer(written).data

    @extend_schema(
        description="The team's purchases.", responses={200: PurchaseOutputSerializer(many=True), 404: ErrorSerializer}
    )
    def get(self, request: Request, team_id: int) -> Response:
        team = _served_team_or_404(team_id)
        return paginate(request, self, team.purchases.select_related("created_by"), PurchaseOutputSerializer)


class TeamLedgerApi(APIView):
    pagination_class = Pagination

    @extend_schema(responses={200: LedgerEntryOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        return paginate(request, self, team_ledger(_served_team_or_404(team_id)), LedgerEntryOutputSerializer)


class LeagueGrantsApi(APIView):
    """The commissioner's grants and fines, and only those (not the ledger's other rows). Anyone reads them, as every
    team's ledger shows them (a treasury is the sum of its ledger rows, grants included); only a commissioner of the
    league makes them."""

    pagination_class = Pagination

    class GrantInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1)
        amount = serializers.IntegerField(min_value=-(10**12), max_value=10**12, help_text="Credits; negative for a fine.")
        reason = serializers.CharField(max_length=200)

    @extend_schema(responses={200: LedgerEntryOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        return paginate(request, self, league_grants(league), LedgerEntryOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=GrantInputSerializer,
        responses={201: LedgerEntryOutputSerializer, 200: LedgerEntryOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        data = self.GrantInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry, created = grant_create(
            league=league,
            user=request.user,
            team_id=data.validated_data["team"],
            amount=data.validated_data["amount"],
            reason=data.validated_data["reason"],
            idempotency_key=idempotency_key_of(request),
        )
        return Response(
            LedgerEntryOutputSerializer(entry).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


class PurchaseOptionSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    item = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField(allow_null=True)
    allowed = serializers.BooleanField()
    reason = serializers.CharField(allow_blank=True)
    text = serializers.CharField(
        allow_blank=True, help_text="A skill's rulebook text (List of Skills); empty for a trait increase."
    )


class AthletePurchaseOptionsApi(APIView):
    @extend_schema(responses={200: PurchaseOptionSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, athlete_id: int) -> Response:
        athlete = get_object_or_404(Athlete, pk=athlete_id)
        team = _team_or_404(athlete.team_id)
        facts = team_facts(team)
        options = RULESET.purchase_options(RULESET.catalog(league_house_values(team.league)), facts, facts.athlete(athlete.pk))
        shown = league_setup_options(options, league=team.league, user=request.user)
        return Response(PurchaseOptionSerializer(shown, many=True).data)


class TeamPurchaseOptionsApi(APIView):
    @extend_schema(responses={200: PurchaseOptionSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        team = _team_or_404(team_id)
        options = RULESET.staff_options(RULESET.catalog(league_house_values(team.league)), team_facts(team))
        shown = league_setup_options(options, league=team.league, user=request.user)
        return Response(PurchaseOptionSerializer(shown, many=True).data)


# --- Routes -------------------------------------------------------------------------------------------------

urlpatterns = [
    path("leagues/<id:league_id>/teams/", LeagueTeamsApi.as_view(), name="api-league-teams"),
    path("leagues/<id:league_id>/grants/", LeagueGrantsApi.as_view(), name="api-league-grants"),
    path("teams/<id:team_id>/", TeamDetailApi.as_view(), name="api-team"),
    path("teams/<id:team_id>/purchases/", TeamPurchasesApi.as_view(), name="api-team-purchases"),
    path("teams/<id:team_id>/purchase-options/", TeamPurchaseOptionsApi.as_view(), name="api-team-purchase-options"),
    path("teams/<id:team_id>/ledger/", TeamLedgerApi.as_view(), name="api-team-ledger"),
    path("athletes/<id:athlete_id>/purchase-options/", AthletePurchaseOptionsApi.as_view(), name="api-athlete-purchase-options"),
]
