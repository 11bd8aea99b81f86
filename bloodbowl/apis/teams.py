"""Blood Bowl teams: sign-up, a team with its players, purchases and retiring a player."""

from __future__ import annotations

from typing import Any, cast, get_args

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bloodbowl.models import Player
from bloodbowl.selectors import (
    TeamLine,
    TeamWithTreasury,
    league_get,
    league_house,
    player_progress,
    team_get,
    team_line,
    teams,
)
from bloodbowl.services.teams import player_retire, purchase_make, team_create
from engine.bloodbowl.postmatch import PurchaseKind
from engine.bloodbowl.ruleset import RULESET
from leagues.setup import league_setup_options
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.pagination import Pagination, paginate
from pitside.write_api import WriteApi
from rosters.apis import TeamIdentityOutputSerializer
from rosters.models import Team

PURCHASE_KINDS = get_args(PurchaseKind)  # named BloodBowlPurchaseKindEnum in the schema (settings.ENUM_NAME_OVERRIDES)


class BloodBowlCharacteristicsSerializer(serializers.Serializer[Any]):
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    av = serializers.IntegerField()


class BloodBowlStarPlayerRollsSerializer(serializers.Serializer[Any]):
    earned = serializers.IntegerField(source="rolls_earned", help_text="By his SPP, in all.")
    made = serializers.IntegerField(source="rolls_made")
    pending = serializers.IntegerField(source="rolls_pending", help_text="Earned, not made yet.")


class BloodBowlPlayerOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField()
    position_name = serializers.CharField()
    ma = serializers.IntegerField(source="stats.ma")
    st = serializers.IntegerField(source="stats.st")
    ag = serializers.IntegerField(source="stats.ag")
    av = serializers.IntegerField(source="stats.av")
    base = BloodBowlCharacteristicsSerializer(help_text="The position's characteristics when he was hired.")
    skills = serializers.ListField(child=serializers.CharField(), help_text="Skill slugs, starting ones first.")
    starting_skills = serializers.ListField(child=serializers.CharField())
    spp = serializers.IntegerField()
    title = serializers.SerializerMethodField(help_text="Rookie, Experienced, Veteran or Star Player, by his SPP.")
    star_player_rolls = serializers.SerializerMethodField()
    value = serializers.IntegerField(help_text="Gold pieces: his position's cost when hired.")
    big_guy = serializers.BooleanField()
    status = serializers.CharField(help_text="active, retired or dead.")
    peaked = serializers.BooleanField()
    niggling_injuries = serializers.IntegerField()
    misses_next_match = serializers.BooleanField()
    aging = serializers.ListField(child=serializers.CharField())

    def get_title(self, player: Player) -> str:
        return player_progress(player).title

    @extend_schema_field(BloodBowlStarPlayerRollsSerializer)
    def get_star_player_rolls(self, player: Player) -> Any:
        return BloodBowlStarPlayerRollsSerializer(player_progress(player)).data


class BloodBowlStaffSerializer(serializers.Serializer[Any]):
    apothecary = serializers.BooleanField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()


class BloodBowlTeamOutputSerializer(TeamIdentityOutputSerializer):
    """A team with its Team Rating; built from bloodbowl.selectors.team_line. Its context: the `user` who reads
    `value_problem` and, for a list, the `league` (with its commissioners, read once for every row)."""

    race = serializers.CharField(source="team.faction")
    race_name = serializers.CharField(source="team.bb.race_name")
    rerolls = serializers.IntegerField(source="team.bb.rerolls")
    reroll_cost = serializers.IntegerField(
        source="team.bb.reroll_cost", help_text="The team list's price; double to buy one now."
    )
    fan_factor = serializers.IntegerField(source="team.bb.fan_factor")
    staff = BloodBowlStaffSerializer(source="team.bb")
    treasury = serializers.IntegerField(source="team.treasury")
    team_value = serializers.IntegerField(source="value", allow_null=True, help_text="Gold pieces, treasury included.")
    team_rating = serializers.IntegerField(source="rating", allow_null=True)
    value_problem = serializers.CharField(
        source="reason",
        allow_blank=True,
        help_text="Why team_value and team_rating are null: to a commissioner, a house value to set; to anyone else, "
        "that the commissioner has not finished setting up the league.",
    )
    total_spp = serializers.IntegerField()
    players = BloodBowlPlayerOutputSerializer(source="team.bb_players.all", many=True)

    def to_representation(self, instance: Any) -> Any:
        if isinstance(instance, Team):  # a row of the list's page of selectors.teams()
            instance = team_line(cast(TeamWithTreasury, instance), league_house(instance.league))
        league = self.context.get("league", instance.team.league)
        [instance] = league_setup_options([instance], league=league, user=self.context.get("user"))
        return super().to_representation(instance)


def _line(team_id: int) -> TeamLine:
    team = team_get(team_id)
    return team_line(team, league_house(team.league))


class BloodBowlNewPlayerInputSerializer(serializers.Serializer[Any]):
    position = serializers.CharField(max_length=40)
    name = serializers.CharField(max_length=60)
    number = serializers.IntegerField(min_value=0, max_value=99)


class LeagueTeamsApi(APIView):
    pagination_class = Pagination

    class BloodBowlTeamCreateInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80)
        race = serializers.CharField(max_length=40, help_text="A race's slug in the league's team lists.")
        # max_length goes to the ListSerializer that many=True makes; the stubs miss it.
        players = BloodBowlNewPlayerInputSerializer(many=True, max_length=30)  # type: ignore[call-arg]
        rerolls = serializers.IntegerField(min_value=0, max_value=20, default=0)
        fan_factor = serializers.IntegerField(min_value=0, max_value=20, default=1, help_text="At least 1.")
        apothecary = serializers.BooleanField(default=False)
        assistant_coaches = serializers.IntegerField(min_value=0, max_value=20, default=0)
        cheerleaders = serializers.IntegerField(min_value=0, max_value=20, default=0)

    @extend_schema(responses={200: BloodBowlTeamOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        league_teams = teams().filter(league=league)
        return paginate(request, self, league_teams, BloodBowlTeamOutputSerializer, user=request.user, league=league)

    @extend_schema(request=BloodBowlTeamCreateInputSerializer, responses={201: BloodBowlTeamOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """Sign up a team within the league's starting budget; what is left opens its treasury."""
        league = league_get(league_id)
        data = self.BloodBowlTeamCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = team_create(league=league, coach=request.user, **data.validated_data)
        shown = BloodBowlTeamOutputSerializer(_line(team.pk), context={"user": request.user})
        return Response(shown.data, status=status.HTTP_201_CREATED)


class TeamDetailApi(APIView):
    @extend_schema(responses={200: BloodBowlTeamOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        return Response(BloodBowlTeamOutputSerializer(_line(team_id), context={"user": request.user}).data)


class BloodBowlPurchaseOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    item = serializers.CharField(help_text="The position's slug for a player, else the kind.")
    cost = serializers.IntegerField()
    ledger_entry = serializers.IntegerField(source="entry.pk")
    reason = serializers.CharField(source="entry.reason")
    player = BloodBowlPlayerOutputSerializer(allow_null=True)
    treasury = serializers.IntegerField(help_text="What the treasury holds after the purchase.")


class BloodBowlPurchaseInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=PURCHASE_KINDS)
    position = serializers.CharField(max_length=40, required=False, help_text="For a player: the position's slug.")
    name = serializers.CharField(max_length=60, required=False, default="", help_text="For a player.")
    number = serializers.IntegerField(min_value=0, max_value=99, required=False, help_text="For a player.")


class TeamPurchasesApi(WriteApi):
    """The coach buys a player, a Team Re-roll (double the team list's price) or coaching staff."""

    idempotent = True
    input_serializer = BloodBowlPurchaseInputSerializer
    output_serializer = BloodBowlPurchaseOutputSerializer
    service = staticmethod(purchase_make)

    def found(self, object_id: int) -> Any:
        return team_get(object_id)

    def answer(self, object_id: int, written: Any) -> Any:
        return self.output_serializer(written).data


class PlayerRetireApi(APIView):
    class BloodBowlRetireInputSerializer(serializers.Serializer[Any]):
        as_assistant_coach = serializers.BooleanField(default=False, help_text="He joins the staff, for free.")

    @extend_schema(request=BloodBowlRetireInputSerializer, responses={200: BloodBowlPlayerOutputSerializer, **ERRORS})
    def post(self, request: Request, player_id: int) -> Response:
        """The coach retires a player from the roster (Purchases), optionally as a free Assistant Coach."""
        get_object_or_404(Player.objects.filter(team__league__game_system=RULESET.slug), pk=player_id)
        data = self.BloodBowlRetireInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = player_retire(player_id=player_id, user=request.user, **data.validated_data)
        return Response(BloodBowlPlayerOutputSerializer(player).data)
