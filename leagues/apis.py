from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from engine.core.ruleset import write_house_values
from engine.registry import game_systems, get_ruleset
from leagues.export import league_export, league_zip
from leagues.forms import HouseValuesFileForm
from leagues.game_apps import data_sources
from leagues.models import League
from leagues.selectors import league_list
from leagues.services import league_create, league_house_values_replace, league_update
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
        house_values_from = serializers.CharField(
            required=False,
            max_length=20,
            help_text='Where the house values start: "empty", "suggested" (Pitside\'s suggested house values, for a game '
            "system that has them) or the id of a league of the same game system that you commission (copied). Left "
            "out: the suggested set where the game system has one, else empty.",
        )

        def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
            """Besides house values, each game system's other league data a new league may start from
            (Blood Bowl's team_lists_from), registered with its app."""
            fields = super().get_fields()
            for app, source in data_sources():
                shipped = ", ".join(f'"{name}"' for name in source.shipped)
                fields[source.field] = serializers.CharField(
                    required=False,
                    max_length=20,
                    help_text=f'{app.ruleset.name} only. Where the {source.label.lower()} start: "empty", {shipped} or '
                    f'the id of a {app.ruleset.name} league that you commission (copied). Left out: "{source.default}".',
                )
            return fields

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
        fields = dict(data.validated_data)
        data_from = {source.field: fields.pop(source.field) for _, source in data_sources() if source.field in fields}
        league = league_create(user=request.user, data_from=data_from, **fields)
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


HOUSE_VALUES_FORMATS = ["yaml", "json"]


class HouseValuesApi(APIView):
    """A league's house values as a file: export it, or replace them all with one (all or nothing)."""

    class HouseValuesExportSerializer(serializers.Serializer[Any]):
        # `as`, since DRF takes `format` for its own content negotiation.
        as_ = serializers.ChoiceField(choices=HOUSE_VALUES_FORMATS, default="json")

    class HouseValuesImportInputSerializer(serializers.Serializer[Any]):
        format = serializers.ChoiceField(choices=HOUSE_VALUES_FORMATS)
        text = serializers.CharField(
            max_length=HouseValuesFileForm.max_text,
            trim_whitespace=False,
            allow_blank=False,
            help_text="One mapping of house-value keys to values, as the export writes it; a null or missing key is unset.",
        )

    @extend_schema(
        parameters=[OpenApiParameter("as", str, enum=HOUSE_VALUES_FORMATS, description="The file's format (json by default).")],
        responses={
            (200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT, description="key -> value"),
            (200, "application/yaml"): OpenApiResponse(OpenApiTypes.OBJECT, description="key: value, one a line"),
            400: ErrorSerializer,
            404: ErrorSerializer,
        },
    )
    def get(self, request: Request, league_id: int) -> HttpResponse:
        league = get_object_or_404(league_list(), pk=league_id)
        query = self.HouseValuesExportSerializer(data={"as_": request.query_params.get("as", "json")})
        query.is_valid(raise_exception=True)
        fmt = query.validated_data["as_"]
        text = write_house_values(league.house_values, get_ruleset(league.game_system).house_value_fields(), fmt)
        response = HttpResponse(text, content_type=f"application/{fmt}; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{slugify(league.name) or "league"}-house-values.{fmt}"'
        return response

    @extend_schema(request=HouseValuesImportInputSerializer, responses={200: LeagueOutputSerializer, **ERRORS})
    def put(self, request: Request, league_id: int) -> Response:
        """The commissioner replaces every house value: errors name `house_values.<key>` (or `text`)."""
        league = get_object_or_404(league_list(), pk=league_id)
        data = self.HouseValuesImportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league_house_values_replace(
            league=league, user=request.user, fmt=data.validated_data["format"], text=data.validated_data["text"]
        )
        return Response(LeagueOutputSerializer(league_list().get(pk=league.pk)).data)


EXPORT_FORMATS = ["json", "zip"]


class LeagueExportApi(APIView):
    """The whole league for its commissioner: one JSON document, or a ZIP of it and one CSV a table."""

    class LeagueExportQuerySerializer(serializers.Serializer[Any]):
        as_ = serializers.ChoiceField(choices=EXPORT_FORMATS, default="json")

    @extend_schema(
        parameters=[OpenApiParameter("as", str, enum=EXPORT_FORMATS, description="json (the default) or zip.")],
        responses={
            (200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT, description="the export document"),
            (200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="league.json and one CSV a table"),
            **ERRORS,
        },
    )
    def get(self, request: Request, league_id: int) -> HttpResponse:
        league = get_object_or_404(league_list(), pk=league_id)
        query = self.LeagueExportQuerySerializer(data={"as_": request.query_params.get("as", "json")})
        query.is_valid(raise_exception=True)
        document = league_export(league=league, user=request.user)
        name = f"{slugify(league.name) or 'league'}-export"
        if query.validated_data["as_"] == "zip":
            response = HttpResponse(league_zip(document), content_type="application/zip")
            response["Content-Disposition"] = f'attachment; filename="{name}.zip"'
            return response
        response = JsonResponse(document, json_dumps_params={"ensure_ascii": False})
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response
