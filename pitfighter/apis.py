"""The Pit Fighter API: stables and fighters, the campaign (standings, the Pit King), combats and their results,
training. Each view checks the input's shape, calls one service and serializes what it returns; the engine checks
the rules (every violation at once, in the shared error shape)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.pitfighter.combat import STYLE_NAMES
from engine.pitfighter.critical import CHARTS
from engine.pitfighter.fighters import CHARACTERISTICS, TYPES
from games.api import ScheduleInputSerializer, ScheduleOutputSerializer
from pitfighter import services
from pitfighter.selectors import campaign, combat_get, combats_listed, fighter_get, league_get, roster, stable_get, stables_listed
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.converters import LARGEST_ID
from pitside.pagination import Pagination, paginate
from pitside.serializers import PlainOutputSerializer
from pitside.write_api import WriteApi


class PitCharacteristicsSerializer(serializers.Serializer[Any]):
    ws = serializers.IntegerField(min_value=0, max_value=30)
    s = serializers.IntegerField(min_value=0, max_value=30)
    t = serializers.IntegerField(min_value=0, max_value=30)
    i = serializers.IntegerField(min_value=0, max_value=30)
    w = serializers.IntegerField(min_value=0, max_value=30)


class PitNewFighterInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=60)
    type = serializers.ChoiceField(choices=list(TYPES))
    bonus = PitCharacteristicsSerializer(help_text="The 10 bonus points, spread.")


class PitFighterOutputSerializer(PlainOutputSerializer):
    id = serializers.IntegerField()
    stable = serializers.IntegerField(source="stable_id")
    name = serializers.CharField()
    type = serializers.CharField()
    ws = serializers.IntegerField()
    s = serializers.IntegerField()
    t = serializers.IntegerField()
    i = serializers.IntegerField(help_text="Before the Initiative his injuries took (see `profile`).")
    w = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Characteristic points his owner still spreads (train/).")
    misses = serializers.IntegerField(help_text="Fights of his stable he must still miss.")
    status = serializers.CharField(help_text="active, slain or retired")
    pit_king = serializers.BooleanField()
    skills = serializers.ListField(child=serializers.CharField())
    combats = serializers.IntegerField()
    wins = serializers.IntegerField()
    takedowns = serializers.IntegerField()
    skill_points = serializers.IntegerField(
        help_text="Takedowns towards a skill: a chest ripped open or a head off counts three."
    )


class PitInjuriesSerializer(serializers.Serializer[Any]):
    fingers = serializers.IntegerField()
    arms = serializers.IntegerField()
    kneecaps = serializers.IntegerField()
    wooden_legs = serializers.IntegerField()
    ears = serializers.IntegerField()
    eyes = serializers.IntegerField()
    attack_defence = serializers.IntegerField(help_text="The permanent A/D modifier.")
    fast_moves = serializers.BooleanField()


class PitRosterOutputSerializer(serializers.Serializer[Any]):
    fighter = PitFighterOutputSerializer()
    profile = serializers.DictField(child=serializers.IntegerField(), help_text="The characteristics he fights with.")
    injuries = PitInjuriesSerializer()
    hates = serializers.SerializerMethodField()

    def get_hates(self, roster: Any) -> list[int]:
        return [h.pk for h in roster.fighter.hates.all()]


class PitStableOutputSerializer(PlainOutputSerializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    owner = serializers.CharField(source="coach.username")
    league = serializers.IntegerField(source="league_id")
    fighters = PitFighterOutputSerializer(many=True, source="pit_fighters.all")


class PitSideOutputSerializer(PlainOutputSerializer):
    stable = serializers.IntegerField(source="team_id")
    stable_name = serializers.CharField(source="team.name")
    owner = serializers.CharField(source="team.coach.username")
    won = serializers.BooleanField(allow_null=True)
    takedowns = serializers.IntegerField(allow_null=True)


class PitEntryOutputSerializer(PlainOutputSerializer):
    fighter = serializers.IntegerField(source="fighter_id")
    name = serializers.CharField(source="fighter.name")
    stable = serializers.IntegerField(source="side.team_id")
    team = serializers.IntegerField()
    taken_down_by = serializers.IntegerField(source="taken_down_by_id", allow_null=True)
    wounds_left = serializers.BooleanField()
    criticals = serializers.JSONField()


class PitCombatOutputSerializer(PlainOutputSerializer, ScheduleOutputSerializer):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    style = serializers.CharField(help_text=", ".join(STYLE_NAMES))  # type: ignore[assignment]  # DRF moves declared fields off the class
    state = serializers.CharField(help_text="scheduled, submitted, disputed, confirmed or voided")
    sides = PitSideOutputSerializer(many=True)
    fighters = PitEntryOutputSerializer(many=True, source="entries")


class PitSkillRollOutputSerializer(serializers.Serializer[Any]):
    fighter = serializers.IntegerField(source="fighter_id")
    dice = serializers.ListField(child=serializers.IntegerField())
    skill = serializers.CharField()
    learnt = serializers.BooleanField(help_text="False: held already or unusable, rolled again.")


class PitEventOutputSerializer(serializers.Serializer[Any]):
    action = serializers.CharField()
    user = serializers.CharField(source="user.username", allow_null=True)
    payload = serializers.JSONField()
    created_at = serializers.DateTimeField()


class PitCombatDetailOutputSerializer(PitCombatOutputSerializer):
    report = serializers.JSONField(allow_null=True)
    skill_rolls = PitSkillRollOutputSerializer(many=True)
    history = PitEventOutputSerializer(many=True, source="events")


class PitStandingOutputSerializer(PlainOutputSerializer):
    stable = serializers.IntegerField(source="row.stable")
    stable_name = serializers.CharField(source="row.name")
    owner = serializers.CharField()
    combats = serializers.IntegerField(source="row.combats")
    wins = serializers.IntegerField(source="row.wins")
    takedowns = serializers.IntegerField(source="row.takedowns")


class PitCampaignOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="league.pk")
    name = serializers.CharField(source="league.name")
    standings = PitStandingOutputSerializer(many=True)
    pit_kings = PitFighterOutputSerializer(many=True, help_text="The fighters holding the title now.")
    winner = PitStableOutputSerializer(allow_null=True, help_text="The stable whose fighter first became Pit King.")


# --- Reads ----------------------------------------------------------------------------------------------------------


class CampaignApi(APIView):
    @extend_schema(responses={200: PitCampaignOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        """The campaign: standings by wins, then takedowns; the Pit King; the winner."""
        return Response(PitCampaignOutputSerializer(campaign(league_get(league_id))).data)


class StableApi(APIView):
    @extend_schema(responses={200: PitStableOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        return Response(PitStableOutputSerializer(stable_get(team_id)).data)


class FighterApi(APIView):
    @extend_schema(responses={200: PitRosterOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, fighter_id: int) -> Response:
        """A fighter's roster: characteristics, the profile he fights with, injuries, skills, hatreds."""
        return Response(PitRosterOutputSerializer(roster(fighter_get(fighter_id))).data)


class CombatApi(APIView):
    @extend_schema(responses={200: PitCombatDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, combat_id: int) -> Response:
        return Response(PitCombatDetailOutputSerializer(combat_get(combat_id)).data)


class CombatsApi(APIView):
    pagination_class = Pagination

    @extend_schema(responses={200: PitCombatOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, combats_listed(league_get(league_id)), PitCombatOutputSerializer)


class StablesApi(APIView):
    pagination_class = Pagination

    class PitStableInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80)
        fighters = PitNewFighterInputSerializer(many=True)

    @extend_schema(responses={200: PitStableOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, stables_listed(league_get(league_id)), PitStableOutputSerializer)

    @extend_schema(request=PitStableInputSerializer, responses={201: PitStableOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """An owner creates his stable: two Classic, two Pursuit, one Ogre (a Troll Slayer may replace one Classic
        or Pursuit), each `{"name", "type", "bonus": {"ws", "s", "t", "i", "w"}}` with 10 bonus points."""
        league = league_get(league_id)
        data = self.PitStableInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = services.stable_create(league=league, coach=request.user, **data.validated_data)
        return Response(PitStableOutputSerializer(stable_get(team.pk)).data, status=status.HTTP_201_CREATED)


# --- Writes ----------------------------------------------------------------------------------------------------------


class PitLineupInputSerializer(serializers.Serializer[Any]):
    fighter = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    team = serializers.IntegerField(min_value=0, max_value=20, default=0, help_text="Sigmar and Alliance: his team (1, 2 ...).")


class PitArrangeInputSerializer(serializers.Serializer[Any]):
    style = serializers.ChoiceField(choices=list(STYLE_NAMES))  # type: ignore[assignment]  # DRF moves declared fields off the class
    fighters = PitLineupInputSerializer(many=True)


class CombatArrangeApi(WriteApi):
    """Arrange a combat (the owner of a stable taking part or a commissioner): refused when the style forbids a
    fighter or the sides, or a fighter must miss it. Answers the new combat."""

    input_serializer = PitArrangeInputSerializer
    output_serializer = PitCombatOutputSerializer
    service = staticmethod(services.combat_create)

    def found(self, object_id: int) -> Any:
        return league_get(object_id)

    def answer(self, object_id: int, written: Any) -> Any:
        return self.output_serializer(combat_get(written.pk)).data


class CombatWriteApi(WriteApi):
    """A write to a combat, answered with the combat."""

    output_serializer = PitCombatDetailOutputSerializer

    def found(self, object_id: int) -> Any:
        return combat_get(object_id)


class PitCriticalInputSerializer(serializers.Serializer[Any]):
    chart = serializers.ChoiceField(choices=list(CHARTS))
    result = serializers.CharField(max_length=40, help_text="A result of the chart, e.g. arm-broken, kneecap-damaged, kod.")
    by = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, help_text="The opponent who inflicted it.")
    scar = serializers.IntegerField(required=False, allow_null=True, help_text="Stunned & Scar: the D10 scar roll.")


class PitLineInputSerializer(serializers.Serializer[Any]):
    fighter = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    taken_down_by = serializers.IntegerField(
        min_value=1, max_value=LARGEST_ID, allow_null=True, help_text="null: standing at the end."
    )
    wounds_left = serializers.BooleanField(default=False, help_text="KO'd with Wounds left: he recovers for the next fight.")
    criticals = PitCriticalInputSerializer(many=True, default=list)


class PitReportInputSerializer(serializers.Serializer[Any]):
    fighters = PitLineInputSerializer(many=True)
    winner = serializers.IntegerField(
        min_value=1,
        max_value=LARGEST_ID,
        allow_null=True,
        default=None,
        help_text="One against all: the winning fighter; Sigmar, Alliance: null.",
    )


class PitReasonInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)


class CombatReportApi(CombatWriteApi):
    """Report the result: every violation comes back at once, and nothing is stored."""

    idempotent = True
    input_serializer = PitReportInputSerializer
    input_as = "report"
    service = staticmethod(services.result_submit)


class CombatConfirmApi(CombatWriteApi):
    """Every other owner confirms (a commissioner approves): injuries, training, skills and the Pit King follow."""

    idempotent = True
    service = staticmethod(services.result_confirm)


class CombatDisputeApi(CombatWriteApi):
    """Another owner disputes the result: a commissioner then decides."""

    input_serializer = PitReasonInputSerializer
    service = staticmethod(services.result_dispute)


class CombatVoidApi(CombatWriteApi):
    """A commissioner voids the result: a confirmed combat's changes to the fighters are put back."""

    input_serializer = PitReasonInputSerializer
    service = staticmethod(services.result_void)


class CombatScheduleApi(CombatWriteApi):
    """The combat's date and place: a commissioner at any time, an owner of a stable in it until it is fought.
    Both are set as sent (a date left out or null clears it)."""

    input_serializer = ScheduleInputSerializer
    service = staticmethod(services.combat_schedule)


class FighterTrainApi(WriteApi):
    """The owner spreads all the characteristic points his fighter has to spread: `{"points": {"ws": 1}}`."""

    class PitTrainInputSerializer(serializers.Serializer[Any]):
        points = serializers.DictField(child=serializers.IntegerField(min_value=0), help_text=", ".join(CHARACTERISTICS))

    input_serializer = PitTrainInputSerializer
    output_serializer = PitRosterOutputSerializer
    service = staticmethod(services.fighter_train)

    def found(self, object_id: int) -> Any:
        return roster(fighter_get(object_id))
