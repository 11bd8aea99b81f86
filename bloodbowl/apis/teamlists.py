"""A Blood Bowl league's team lists: read them as JSON, or replace them with a YAML or CSV file's text."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bloodbowl.forms import MAX_TEXT
from bloodbowl.models import TeamLists as TeamListsRow
from bloodbowl.selectors import league_get
from bloodbowl.services.teamlists import team_lists_import
from engine.bloodbowl.teamlists import CATEGORIES, NORMAL_CATEGORIES
from pitside.api_errors import ERRORS, ErrorSerializer


class BloodBowlSkillSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    category = serializers.ChoiceField(choices=CATEGORIES)
    trait = serializers.BooleanField()


class BloodBowlPositionSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField(help_text="Gold pieces.")
    max_count = serializers.IntegerField()
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    av = serializers.IntegerField()
    skills = serializers.ListField(child=serializers.CharField())
    categories = serializers.ListField(child=serializers.ChoiceField(choices=NORMAL_CATEGORIES))
    big_guy = serializers.BooleanField()
    physical_on_doubles = serializers.BooleanField()


class BloodBowlRaceSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    reroll_cost = serializers.IntegerField(help_text="Gold pieces per Team Re-roll at team creation; double after.")
    apothecary_allowed = serializers.BooleanField()
    mutations = serializers.BooleanField()
    positions = BloodBowlPositionSerializer(many=True)


class BloodBowlTeamListsOutputSerializer(serializers.Serializer[Any]):
    """The lists in the YAML file's shape (engine.bloodbowl.teamlists); empty before the first import."""

    league = serializers.IntegerField()
    updated_at = serializers.DateTimeField(allow_null=True)
    updated_by = serializers.CharField(allow_null=True)
    skills = BloodBowlSkillSerializer(many=True)
    races = BloodBowlRaceSerializer(many=True)


def _output(league_id: int, row: TeamListsRow | None) -> dict[str, Any]:
    data = row.data if row else {"skills": [], "races": []}
    return BloodBowlTeamListsOutputSerializer(
        {
            "league": league_id,
            "updated_at": row.updated_at if row else None,
            "updated_by": row.updated_by.username if row else None,
            **data,
        }
    ).data


class TeamListsApi(APIView):
    class BloodBowlImportInputSerializer(serializers.Serializer[Any]):
        format = serializers.ChoiceField(choices=["yaml", "csv"])
        text = serializers.CharField(
            max_length=MAX_TEXT,
            trim_whitespace=False,
            help_text="The file's text; its format is in the README and the sample files.",
        )

    @extend_schema(responses={200: BloodBowlTeamListsOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        return Response(_output(league.pk, TeamListsRow.objects.select_related("updated_by").filter(league=league).first()))

    @extend_schema(request=BloodBowlImportInputSerializer, responses={200: BloodBowlTeamListsOutputSerializer, **ERRORS})
    def put(self, request: Request, league_id: int) -> Response:
        """The commissioner replaces the league's team lists: all or nothing, one error per bad row or field."""
        league = league_get(league_id)
        data = self.BloodBowlImportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = team_lists_import(
            league=league, user=request.user, fmt=data.validated_data["format"], text=data.validated_data["text"]
        )
        return Response(_output(league.pk, row))
