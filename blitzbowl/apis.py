"""The Blitz Bowl API: coaches and their rosters, the league (standings, legal opponents, finals, awards),
matches and their results, Coach Trait choices. Each view checks the input's shape, calls one service and
serializes what it returns; the engine checks the rules (every violation at once, in the shared error shape)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from blitzbowl import services
from blitzbowl.selectors import coach_get, coach_roster, coaches, league_get, league_state, match_get, matches, trait_gain_get
from engine.blitzbowl import traits
from games.api import ScheduleInputSerializer, ScheduleOutputSerializer
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.converters import LARGEST_ID
from pitside.pagination import Pagination, paginate
from pitside.params import parse_int
from pitside.write_api import WriteApi


class BlitzTraitOutputSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    roll = serializers.IntegerField(help_text="Its result on the Coach Traits table (2d8).")
    text = serializers.CharField()


class BlitzCoachOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField(help_text="The team's name.")
    coach = serializers.CharField(source="coach.username")
    league = serializers.IntegerField(source="league_id")


class BlitzSideOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    home = serializers.BooleanField()
    score = serializers.IntegerField(allow_null=True)
    challenge_cards = serializers.IntegerField(allow_null=True)
    injuries = serializers.IntegerField(allow_null=True, help_text="Opposing players injured.")


class BlitzMatchOutputSerializer(ScheduleOutputSerializer):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    stage = serializers.CharField(help_text="league, quarter_final, semi_final or final")
    state = serializers.CharField(help_text="scheduled, submitted, disputed, confirmed or voided")
    sides = BlitzSideOutputSerializer(many=True)


class BlitzTraitGainOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    dice = serializers.ListField(child=serializers.IntegerField())
    rolled = serializers.CharField(help_text="The trait the 2d8 gave.")
    trait = serializers.CharField(help_text="The trait gained; empty while the coach chooses one he does not hold.")


class BlitzEventOutputSerializer(serializers.Serializer[Any]):
    action = serializers.CharField()
    user = serializers.CharField(source="user.username", allow_null=True)
    payload = serializers.JSONField()
    created_at = serializers.DateTimeField()


class BlitzMatchDetailOutputSerializer(BlitzMatchOutputSerializer):
    trait_gains = BlitzTraitGainOutputSerializer(many=True)
    history = BlitzEventOutputSerializer(many=True, source="events")


class BlitzStandingOutputSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(source="row.position")
    team = serializers.IntegerField(source="team.pk")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    played = serializers.IntegerField(source="row.played")
    won = serializers.IntegerField(source="row.won")
    drawn = serializers.IntegerField(source="row.drawn")
    lost = serializers.IntegerField(source="row.lost")
    points = serializers.IntegerField(source="row.points")
    challenge_cards = serializers.IntegerField(source="row.challenge_cards")
    injuries = serializers.IntegerField(source="row.injuries")


class BlitzAwardOutputSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField(source="award.slug")
    name = serializers.CharField(source="award.name")
    requirement = serializers.CharField(source="award.requirement")
    value = serializers.IntegerField(source="award.value")
    teams = BlitzCoachOutputSerializer(many=True, help_text="Every coach on the best count: a tie shares the award.")


class BlitzOpponentsOutputSerializer(serializers.Serializer[Any]):
    team = BlitzCoachOutputSerializer()
    opponents = serializers.ListField(
        child=serializers.IntegerField(),
        source="opponent_ids",
        help_text="The ids of the coaches he may meet now, by the pairing rule (the coaches API names them).",
    )
    matches_left = serializers.IntegerField()


class BlitzFinalsRoundOutputSerializer(serializers.Serializer[Any]):
    stage = serializers.CharField()
    matches = BlitzMatchOutputSerializer(many=True)


class BlitzLeagueOutputSerializer(serializers.Serializer[Any]):
    """A Blitz Bowl league's state, from blitzbowl.selectors.league_state."""

    id = serializers.IntegerField(source="league.pk")
    name = serializers.CharField(source="league.name")
    matches_per_coach = serializers.IntegerField(help_text="10 in the rulebook; another count is a house choice.")
    quarter_finals = serializers.BooleanField()
    league_over = serializers.BooleanField()
    coach_count = serializers.IntegerField(help_text="The league's coaches: standings and legal_opponents list 25 a page.")
    standings = BlitzStandingOutputSerializer(
        many=True, source="standings_shown", help_text="A page of the league table (25 lines; ?standings=N for the Nth)."
    )
    legal_opponents = BlitzOpponentsOutputSerializer(
        many=True, help_text="A page of the coaches (25, in sign-up order; ?opponents=N for the Nth) and their legal opponents."
    )
    finals = BlitzFinalsRoundOutputSerializer(many=True)
    champion = BlitzCoachOutputSerializer(allow_null=True, help_text="The winner of the final.")
    awards = BlitzAwardOutputSerializer(many=True, help_text="Presented at the end of the league, once the final is confirmed.")


class BlitzRosterLineOutputSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField(source="match.pk")
    stage = serializers.CharField()
    opponent = BlitzCoachOutputSerializer(help_text="The opposing coach.")
    result = serializers.CharField(help_text="Win, Draw or Loss once confirmed; else the result's state.")
    points = serializers.IntegerField(allow_null=True, help_text="League points (null: a knock-out match, or not confirmed).")
    score = serializers.IntegerField(source="own.score", allow_null=True)
    opponent_score = serializers.IntegerField(source="other.score", allow_null=True)
    challenge_cards = serializers.IntegerField(source="own.challenge_cards", allow_null=True)
    injuries = serializers.IntegerField(source="own.injuries", allow_null=True)


class BlitzTraitLineOutputSerializer(serializers.Serializer[Any]):
    gain = serializers.IntegerField(source="gain.pk")
    match = serializers.IntegerField(source="gain.match_id")
    trait = BlitzTraitOutputSerializer()


class BlitzPendingTraitOutputSerializer(serializers.Serializer[Any]):
    gain = serializers.IntegerField(source="gain.pk")
    rolled = serializers.CharField(source="gain.rolled", help_text="The trait rolled, which the coach holds already.")
    choices = BlitzTraitOutputSerializer(many=True)


class BlitzCoachRosterOutputSerializer(serializers.Serializer[Any]):
    """The coach roster, from blitzbowl.selectors.coach_roster."""

    team = BlitzCoachOutputSerializer()
    points = serializers.IntegerField()
    challenge_cards = serializers.IntegerField()
    injuries = serializers.IntegerField()
    matches = BlitzRosterLineOutputSerializer(many=True, source="lines")
    traits = BlitzTraitLineOutputSerializer(many=True)
    pending_traits = BlitzPendingTraitOutputSerializer(many=True, source="pending")


# --- Reads ----------------------------------------------------------------------------------------------


class LeagueApi(APIView):
    @extend_schema(responses={200: BlitzLeagueOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        """The league: standings (ties by the stored draw) and legal opponents, a page of coaches each (`?standings=N`,
        `?opponents=N`), finals, champion and awards."""
        standings, opponents = (
            max(parse_int(request.query_params.get(name, "1"), field=name), 1) for name in ("standings", "opponents")
        )
        state = league_state(league_get(league_id), standings_page=standings, opponents_page=opponents)
        return Response(BlitzLeagueOutputSerializer(state).data)


class CoachApi(APIView):
    @extend_schema(responses={200: BlitzCoachRosterOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, team_id: int) -> Response:
        """A coach's roster: each match's opposing coach and result, Challenge cards, injuries, Coach Traits."""
        return Response(BlitzCoachRosterOutputSerializer(coach_roster(coach_get(team_id))).data)


class TraitsApi(APIView):
    @extend_schema(responses={200: BlitzTraitOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The Coach Traits table."""
        return Response(BlitzTraitOutputSerializer(list(traits.TRAITS.values()), many=True).data)


class LeagueCoachesApi(APIView):
    pagination_class = Pagination

    class BlitzSignupInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80, help_text="The team's name.")

    @extend_schema(responses={200: BlitzCoachOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, coaches(league_get(league_id)), BlitzCoachOutputSerializer)

    @extend_schema(request=BlitzSignupInputSerializer, responses={201: BlitzCoachOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """A coach signs up with his team's name (one team a coach)."""
        league = league_get(league_id)
        data = self.BlitzSignupInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = services.coach_signup(league=league, coach=request.user, name=data.validated_data["name"])
        return Response(BlitzCoachOutputSerializer(team).data, status=status.HTTP_201_CREATED)


class LeagueMatchesApi(APIView):
    pagination_class = Pagination

    @extend_schema(responses={200: BlitzMatchOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, matches(league_get(league_id)), BlitzMatchOutputSerializer)


# --- Writes ----------------------------------------------------------------------------------------------


class BlitzArrangeInputSerializer(serializers.Serializer[Any]):
    home_team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    away_team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)


class LeagueArrangeApi(APIView):
    @extend_schema(request=BlitzArrangeInputSerializer, responses={201: BlitzMatchOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """Arrange a league match (one of the two coaches or a commissioner): refused when the pairing rule forbids
        it (naming the coaches each has not played yet) or a coach has played his matches. Answers the match."""
        league = league_get(league_id)
        data = BlitzArrangeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = services.match_create(league_id=league.pk, user=request.user, **data.validated_data)
        return Response(BlitzMatchOutputSerializer(matches(league).get(pk=made.pk)).data, status=status.HTTP_201_CREATED)


class LeagueRoundApi(APIView):
    @extend_schema(request=None, responses={201: BlitzMatchOutputSerializer(many=True), **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """A commissioner arranges the next round of legal pairings. Answers the round's matches."""
        league = league_get(league_id)
        made = services.round_generate(league_id=league.pk, user=request.user)
        arranged = matches(league).filter(pk__in=[m.pk for m in made])
        return Response(BlitzMatchOutputSerializer(arranged, many=True).data, status=status.HTTP_201_CREATED)


class LeagueWriteApi(WriteApi):
    """A write to a league, answered with the league's state."""

    output_serializer = BlitzLeagueOutputSerializer

    def found(self, object_id: int) -> Any:
        return league_state(league_get(object_id))


class LeagueFinalsApi(LeagueWriteApi):
    """A commissioner draws the next round of the finals: the final (or the quarter-finals) once league play is
    over, then the semi-finals and the final from the winners."""

    service = staticmethod(services.finals_next)


class MatchWriteApi(WriteApi):
    """A write to a match, answered with the match."""

    output_serializer = BlitzMatchDetailOutputSerializer

    def found(self, object_id: int) -> Any:
        return match_get(object_id)


class BlitzSideInputSerializer(serializers.Serializer[Any]):
    score = serializers.IntegerField(min_value=0, max_value=99)
    challenge_cards = serializers.IntegerField(min_value=0, max_value=99, help_text="Challenge cards claimed.")
    injuries = serializers.IntegerField(min_value=0, max_value=99, help_text="Opposing players injured.")


class BlitzReportInputSerializer(serializers.Serializer[Any]):
    home = BlitzSideInputSerializer()
    away = BlitzSideInputSerializer()


class BlitzReasonInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)


class MatchReportApi(MatchWriteApi):
    """Submit the result: every violation comes back at once, and nothing is stored. A draw stands in a league
    match; a knock-out match needs a winner."""

    idempotent = True
    input_serializer = BlitzReportInputSerializer
    input_as = "report"
    service = staticmethod(services.result_submit)


class MatchConfirmApi(MatchWriteApi):
    """The other coach confirms (a commissioner approves): after a league match each coach gains a Coach Trait."""

    idempotent = True
    service = staticmethod(services.result_confirm)


class MatchDisputeApi(MatchWriteApi):
    """The other coach disputes the result: a commissioner then decides."""

    input_serializer = BlitzReasonInputSerializer
    service = staticmethod(services.result_dispute)


class MatchVoidApi(MatchWriteApi):
    """A commissioner voids the result: a confirmed league match's Coach Traits are taken back."""

    input_serializer = BlitzReasonInputSerializer
    service = staticmethod(services.result_void)


class MatchScheduleApi(MatchWriteApi):
    """The match's date and place: a commissioner at any time, one of its two coaches until it is played.
    Both are set as sent (a date left out or null clears it)."""

    input_serializer = ScheduleInputSerializer
    service = staticmethod(services.match_schedule)


class MatchApi(APIView):
    @extend_schema(responses={200: BlitzMatchDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, match_id: int) -> Response:
        return Response(BlitzMatchDetailOutputSerializer(match_get(match_id)).data)


class TraitChooseApi(WriteApi):
    """A coach who rolled a Coach Trait he holds chooses one he does not hold."""

    class BlitzChooseInputSerializer(serializers.Serializer[Any]):
        trait = serializers.CharField(max_length=40, help_text="The trait's slug (GET /api/blitzbowl/coach-traits/).")

    input_serializer = BlitzChooseInputSerializer
    output_serializer = BlitzTraitGainOutputSerializer
    service = staticmethod(services.trait_choose)

    def found(self, object_id: int) -> Any:
        return trait_gain_get(object_id)
