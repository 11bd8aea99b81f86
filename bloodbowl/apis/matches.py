"""The Blood Bowl match API: arrange, pre-match, report, confirm or dispute, star player rolls, standings.

Each view checks the input's shape, calls one service and serializes what it returns; the engine
checks the rules (every violation at once, in the shared error shape).
"""

from __future__ import annotations

from typing import Any, TypedDict

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bloodbowl.models import Match, StarPlayerRoll
from bloodbowl.selectors import league_get, match_get, matches, star_player_roll_options
from bloodbowl.selectors_standings import standing_lines
from bloodbowl.services import fixtures
from bloodbowl.services import matches as services
from engine.core.fixtures import LEGS, MAX_DAYS_BETWEEN, MIN_DAYS_BETWEEN
from games.api import ScheduleInputSerializer, ScheduleOutputSerializer
from games.models import Game, GameEvent
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.converters import LARGEST_ID
from pitside.pagination import Pagination, page_parameters, page_with_own, paginate
from pitside.paging import coached_by
from pitside.write_api import WriteApi


class _CountOptions(TypedDict):
    """The keyword arguments of a count's serializers.IntegerField."""

    min_value: int
    max_value: int
    default: int


COUNT: _CountOptions = {"min_value": 0, "max_value": 99, "default": 0}


class MatchSideOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    home = serializers.BooleanField()
    team_rating = serializers.IntegerField()
    special_play_cards = serializers.IntegerField(allow_null=True)
    missing = serializers.ListField(child=serializers.IntegerField(), help_text="Players who miss this match.")
    score = serializers.IntegerField(allow_null=True)
    casualties = serializers.IntegerField(allow_null=True)
    winnings = serializers.IntegerField(allow_null=True)
    fan_factor_change = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField(help_text="The coach's notes for his Match Record.")
    card_decks = serializers.JSONField(allow_null=True, help_text="The coach's split of his Special Play Cards.")


class DiceRollOutputSerializer(serializers.Serializer[Any]):
    # The stubs read this as Field.label; DRF's metaclass takes declared fields off the class.
    label = serializers.CharField(help_text="The roll's name in the match, as table dice are keyed.")  # type: ignore[assignment]
    purpose = serializers.CharField()
    team = serializers.IntegerField(source="team_id", allow_null=True)
    player = serializers.IntegerField(source="subject", allow_null=True)
    number = serializers.IntegerField()
    dice = serializers.ListField(child=serializers.IntegerField())
    at_table = serializers.BooleanField()


class StarPlayerRollOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.name")
    number = serializers.IntegerField()
    dice = serializers.ListField(child=serializers.IntegerField())
    choice = serializers.JSONField(allow_null=True)
    peak_dice = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


# The API's names for the shared lifecycle's states and history actions (the others keep their names).
STATUSES: dict[str, str] = {
    Game.State.SCHEDULED: "scheduled",
    Game.State.SUBMITTED: "reported",
    Game.State.DISPUTED: "disputed",
    Game.State.CONFIRMED: "confirmed",
    Game.State.VOIDED: "void",
}
ACTIONS: dict[str, str] = {GameEvent.Action.SUBMITTED: "reported"}


def action_name(event: GameEvent) -> str:
    """A history line's action as the API and the match page name it."""
    return ACTIONS.get(event.action, event.action)


class MatchEventOutputSerializer(serializers.Serializer[Any]):
    action = serializers.SerializerMethodField(help_text="created, pre-match, cards, apothecary, reported, confirmed, ...")
    user = serializers.CharField(source="user.username", allow_null=True)
    # The stubs read this as Serializer.data; DRF's metaclass takes declared fields off the class.
    data = serializers.JSONField(source="payload")  # type: ignore[assignment]
    created_at = serializers.DateTimeField()

    def get_action(self, event: GameEvent) -> str:
        return action_name(event)


class MatchOutputSerializer(ScheduleOutputSerializer):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    tournament = serializers.IntegerField(
        source="tournament_id", allow_null=True, help_text="A tournament match's tournament; null for a league match."
    )
    tournament_week = serializers.IntegerField(allow_null=True, help_text="A tournament match's week (1-5).")
    tournament_round = serializers.CharField(
        help_text="A tournament match's round: play-off, semi-final, final or third-place; empty for a league match."
    )
    stage = serializers.CharField(
        help_text="The stage of the gate and Fan Factor modifiers: semi_final, final, or league for every other "
        "match (a play-off and the match for 3rd place included): see tournament_round for the round."
    )
    status = serializers.SerializerMethodField(help_text="scheduled, reported, disputed, confirmed or void")
    fixture_round = serializers.IntegerField(allow_null=True, help_text="Its round of the league's fixture list, if any.")
    gate = serializers.IntegerField(allow_null=True)
    sides = MatchSideOutputSerializer(many=True)
    report = serializers.JSONField(allow_null=True)

    def get_status(self, match: Match) -> str:
        return STATUSES[match.state]


class MatchDetailOutputSerializer(MatchOutputSerializer):
    rolls = DiceRollOutputSerializer(many=True)
    star_player_rolls = StarPlayerRollOutputSerializer(many=True)
    history = MatchEventOutputSerializer(many=True, source="events")


class DiceInputSerializer(serializers.Serializer[Any]):
    dice = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(), max_length=60),
        required=False,
        help_text="Dice rolled at the table, by roll label (gate, cards.home, winnings.away, fan_factor.home, "
        "negative_winnings.home, aging.<player>, spr.<player>.<n>): only when the league allows it.",
    )


class MatchPlayerEventsInputSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    touchdowns = serializers.IntegerField(**COUNT)
    completions = serializers.IntegerField(**COUNT)
    casualties = serializers.IntegerField(**COUNT)
    interceptions = serializers.IntegerField(**COUNT)
    blocked_kicks = serializers.IntegerField(**COUNT)
    field_goals = serializers.IntegerField(**COUNT)


class MatchInjuryInputSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    niggling = serializers.IntegerField(**COUNT)
    characteristics_lost = serializers.ListField(
        child=serializers.ChoiceField(choices=["ma", "st", "ag", "av"]), max_length=4, default=list
    )
    dead = serializers.BooleanField(default=False)
    miss_next_match = serializers.BooleanField(default=False)


class MatchSideReportInputSerializer(serializers.Serializer[Any]):
    score = serializers.IntegerField(min_value=0, max_value=99)
    casualties = serializers.IntegerField(**COUNT)
    mvp = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="The player who won this team's MVP award; leave it out and the server draws one at random.",
    )
    # max_length goes to the ListSerializers that many=True makes; the stubs miss it.
    players = MatchPlayerEventsInputSerializer(many=True, max_length=30, default=list)  # type: ignore[call-arg]
    injuries = MatchInjuryInputSerializer(many=True, max_length=30, default=list)  # type: ignore[call-arg]


class ReportInputSerializer(serializers.Serializer[Any]):
    home = MatchSideReportInputSerializer()
    away = MatchSideReportInputSerializer()


def _detail(match_id: int) -> Response:
    return Response(MatchDetailOutputSerializer(match_get(match_id)).data)


class LeagueMatchesApi(APIView):
    pagination_class = Pagination

    class CreateInputSerializer(ScheduleInputSerializer):
        home_team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
        away_team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
        again = serializers.BooleanField(
            default=False,
            help_text="Arrange it even though the two teams already have a match arranged and not played "
            "(refused otherwise, code match-exists).",
        )

    @extend_schema(responses={200: MatchOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, matches(league_get(league_id)), MatchOutputSerializer)

    @extend_schema(request=CreateInputSerializer, responses={201: MatchDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        data = self.CreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create(
            league=league,
            user=request.user,
            home_team_id=data.validated_data["home_team"],
            away_team_id=data.validated_data["away_team"],
            scheduled_for=data.validated_data["scheduled_for"],
            location=data.validated_data["location"],
            again=data.validated_data["again"],
        )
        return Response(MatchDetailOutputSerializer(match_get(match.pk)).data, status=status.HTTP_201_CREATED)


class LeagueFixturesApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        rounds = serializers.ChoiceField(choices=LEGS, help_text="single: each pair meets once; double: home and away.")
        first_date = serializers.DateField(help_text="The first round's day (YYYY-MM-DD).")
        days_between = serializers.IntegerField(min_value=MIN_DAYS_BETWEEN, max_value=MAX_DAYS_BETWEEN, default=7)

    @extend_schema(request=InputSerializer, responses={201: MatchOutputSerializer(many=True), **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        """A commissioner arranges a round-robin of the league's teams: every match at once, each with its round
        and its round's date (an odd count: a team rests each round). Refused (fixtures-pending) while the
        last fixture list has a match to play; added after it otherwise. Answers the matches, round by round."""
        league = league_get(league_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = fixtures.fixtures_generate(league=league, user=request.user, **data.validated_data)
        arranged = matches(league).filter(pk__in=[m.pk for m in made]).order_by("fixture_round", "id")
        return Response(MatchOutputSerializer(arranged, many=True).data, status=status.HTTP_201_CREATED)


class MatchDetailApi(APIView):
    @extend_schema(responses={200: MatchDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, match_id: int) -> Response:
        return _detail(match_id)


class MatchWriteApi(WriteApi):
    """A write to a match, answered with the match."""

    output_serializer = MatchDetailOutputSerializer

    def found(self, object_id: int) -> Match:
        return match_get(object_id)


class MatchReasonInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)


class MatchNotesInputSerializer(serializers.Serializer[Any]):
    notes = serializers.CharField(max_length=500, allow_blank=True)


class MatchCardsInputSerializer(serializers.Serializer[Any]):
    decks = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=20),
        help_text="How many of your Special Play Cards from each deck: dirty_tricks, random_events, magic_items "
        "(at most one), pre_match.",
    )


class MatchApothecaryInputSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, source="player_id")


class MatchPrematchApi(MatchWriteApi):
    """Roll the gate, the Special Play Cards (with the handicap) and the niggling injuries, once."""

    input_serializer = DiceInputSerializer
    service = staticmethod(services.prematch_roll)


class MatchReportApi(MatchWriteApi):
    """Report the match: every violation of the rules comes back at once, and nothing is stored."""

    idempotent = True
    input_serializer = ReportInputSerializer
    input_as = "report"
    service = staticmethod(services.report_submit)


class MatchConfirmApi(MatchWriteApi):
    """The coach of each side still to confirm confirms (a commissioner approves); the post-match sequence
    runs once, when the result is confirmed."""

    input_serializer = DiceInputSerializer
    service = staticmethod(services.report_confirm)


class MatchDisputeApi(MatchWriteApi):
    """The other coach disputes the report: a commissioner then decides."""

    input_serializer = MatchReasonInputSerializer
    service = staticmethod(services.report_dispute)


class MatchVoidApi(MatchWriteApi):
    """A commissioner voids a league match's reported, disputed or confirmed result: a confirmed one's
    post-match is put back or reversed. The match may then be reported again."""

    input_serializer = MatchReasonInputSerializer
    service = staticmethod(services.match_void)


class MatchNotesApi(MatchWriteApi):
    """Match Records: the coach's brief notes about the match, on his own team's line."""

    input_serializer = MatchNotesInputSerializer
    service = staticmethod(services.match_notes_set)


class MatchScheduleApi(MatchWriteApi):
    """The match's date and place: a commissioner at any time, one of its two coaches until it is played.
    Both are set as sent (a date left out or null clears it)."""

    input_serializer = ScheduleInputSerializer
    service = staticmethod(services.match_schedule)


class MatchCardsApi(MatchWriteApi):
    """5. Special Play Cards: a coach splits his cards over the decks (at most one Magic Item)."""

    input_serializer = MatchCardsInputSerializer
    service = staticmethod(services.cards_choose)


class MatchApothecaryApi(MatchWriteApi):
    """6. Niggling Injuries: the Apothecary lets a player who rolled a 1 play, once a match."""

    input_serializer = MatchApothecaryInputSerializer
    service = staticmethod(services.apothecary_use)


class SprOptionSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    target = serializers.CharField(allow_null=True)


class StarPlayerRollApi(APIView):
    class ChooseInputSerializer(serializers.Serializer[Any]):
        kind = serializers.CharField(max_length=20, help_text="skill, characteristic, remove_trait or wasted")
        target = serializers.CharField(max_length=40, required=False, allow_null=True, default=None)

    def _spr(self, spr_id: int) -> StarPlayerRoll:
        return get_object_or_404(StarPlayerRoll.objects.select_related("player__team__league"), pk=spr_id)

    @extend_schema(responses={200: SprOptionSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, spr_id: int) -> Response:
        """What the coach may choose for this roll (none once chosen)."""
        spr = self._spr(spr_id)
        return Response(SprOptionSerializer([] if spr.choice else star_player_roll_options(spr), many=True).data)

    @extend_schema(request=ChooseInputSerializer, responses={200: StarPlayerRollOutputSerializer, **ERRORS})
    def post(self, request: Request, spr_id: int) -> Response:
        """Choose: a skill (target: its slug), a characteristic increase (target: ma, st, ag or av), the removal
        of a Big Guy trait, or wasted. The Peak Roll follows at once."""
        self._spr(spr_id)
        data = self.ChooseInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        spr = services.spr_choose(spr_id=spr_id, user=request.user, **data.validated_data)
        return Response(StarPlayerRollOutputSerializer(self._spr(spr.pk)).data)


class StandingRowSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField()
    td_for = serializers.IntegerField()
    td_against = serializers.IntegerField()
    cas_for = serializers.IntegerField()
    cas_against = serializers.IntegerField()
    team_rating = serializers.IntegerField()


class StandingsPageSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="Lines in the whole table.")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = StandingRowSerializer(many=True, help_text="This page's lines, in the table's order.")
    own = StandingRowSerializer(many=True, help_text="The lines of the requesting coach's teams, on any page.")


class LeagueStandingsApi(APIView):
    @extend_schema(
        parameters=page_parameters("lines"),
        responses={200: StandingsPageSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
        description="The table stored by the last recompute: by the league's points per win, draw and loss, then its "
        "tie-breakers in order.",
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        body = page_with_own(request, self, standing_lines(league), coached_by(request, "team__coach"))
        return Response(StandingsPageSerializer(body).data)
