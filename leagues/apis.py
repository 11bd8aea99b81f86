from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from engine.registry import game_systems
from leagues.models import League
from leagues.selectors import league_list
from leagues.services import league_create, league_update
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.pagination import Pagination, paginate
from pitside.throttling import LeagueCreateThrottle


class LeagueOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    options = serializers.DictField()
    house_values = serializers.DictField()
    open_for_signups = serializers.BooleanField()
    team_count = serializers.IntegerField()
    commissioners = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_commissioners(self, league: League) -> list[str]:
        return [c.username for c in league.commissioners.all()]


class LeagueListApi(APIView):
    pagination_class = Pagination

    class FilterSerializer(serializers.Serializer[Any]):
        game_system = serializers.CharField(required=False, allow_blank=True)

    class LeagueCreateInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=100)
        game_system = serializers.ChoiceField(choices=[slug for slug, _ in game_systems()])
        options = serializers.DictField(required=False, default=dict)

    @extend_schema(
        parameters=[OpenApiParameter("game_system", str, description="Only leagues of this game system.")],
        responses={200: LeagueOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)  # refuses a NUL, which PostgreSQL cannot compare
        filters.is_valid(raise_exception=True)
        leagues = league_list()
        if game_system := filters.validated_data.get("game_system"):
            leagues = leagues.filter(game_system=game_system)
        return paginate(request, self, leagues, LeagueOutputSerializer)

    def get_throttles(self) -> list[BaseThrottle]:
        return [LeagueCreateThrottle()] if self.request.method == "POST" else []

    @extend_schema(request=LeagueCreateInputSerializer, responses={201: LeagueOutputSerializer, **ERRORS, 429: ErrorSerializer})
    def post(self, request: Request) -> Response:
        data = self.LeagueCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = league_create(user=request.user, **data.validated_data)
        return Response(LeagueOutputSerializer(league_list().get(pk=league.pk)).data, status=status.HTTP_201_CREATED)


class LeagueDetailApi(APIView):
    class LeagueUpdateInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=100, required=False)
        options = serializers.DictField(required=False)
        house_values = serializers.DictField(required=False)
        open_for_signups = serializers.BooleanField(required=False)

    @extend_schema(responses={200: LeagueOutputSerializer, **ERRORS})
    def get(self, request: Request, league_id: int) -> Response:
        return Response(LeagueOutputSerializer(get_object_or_404(league_list(), pk=league_id)).data)

    @extend_schema(request=LeagueUpdateInputSerializer, responses={200: LeagueOutputSerializer, **ERRORS})
    def patch(self, request: Request, league_id: int) -> Response:
        league = get_object_or_404(league_list(), pk=league_id)
        data = self.LeagueUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league_update(league=league, user=request.user, **data.validated_data)
        return Response(LeagueOutputSerializer(league_list().get(pk=league.pk)).data)
