"""The Blood Bowl tournament API: tournaments of a league, entries, weeks, written challenges and their
answers, put-forward results, play-off and knockout matches, the final's prizes, Player of the Year.

Each view checks the input's shape, calls one service and serializes what it returns; the engine checks
the rules (every violation at once, in the shared error shape). Writes that a retry could resend take an
Idempotency-Key.
"""

from __future__ import annotations

from typing import Any, TypedDict

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bloodbowl.apis.matches import MatchOutputSerializer
from bloodbowl.models import Entry, Match, Tournament, WrittenChallenge
from bloodbowl.selectors import league_get
from bloodbowl.selectors_tournaments import tournament_get, tournament_view, tournaments
from bloodbowl.services import tournaments as services
from engine.bloodbowl import tournaments as rules
from engine.core.money import MAX_CREDITS
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.converters import LARGEST_ID
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of
from pitside.pagination import Pagination, paginate

KINDS = [*rules.majors(), rules.MINOR]


class _TeamIdOptions(TypedDict):
    """The keyword arguments of a team id's serializers.IntegerField."""

    min_value: int
    max_value: int


TEAM_ID: _TeamIdOptions = {"min_value": 1, "max_value": LARGEST_ID}


def _status(created: bool) -> int:
    return status.HTTP_201_CREATED if created else status.HTTP_200_OK


# --- output ----------------------------------------------------------------------------------------------------------


class TournamentOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    kind = serializers.CharField(help_text="A Major's slug (chaos-cup, dungeonbowl, spike, blood-bowl) or minor.")
    name = serializers.CharField()
    week = serializers.IntegerField(help_text="1-3 the play-offs, 4 the semi-finals, 5 the final.")
    phase = serializers.CharField()
    status = serializers.CharField()
    entries = serializers.IntegerField(source="entries.count")


class TournamentKindOutputSerializer(serializers.Serializer[Any]):
    major = serializers.BooleanField()
    winner_prize = serializers.IntegerField(allow_null=True, help_text="None for the Chaos Cup: rolled on its table.")
    runner_up_prize = serializers.IntegerField(allow_null=True)
    trophy_reroll = serializers.BooleanField()
    winner_fan_factor_dice = serializers.IntegerField()
    wizard_contract_cost = serializers.IntegerField(allow_null=True)
    extra_random_events = serializers.IntegerField()
    sponsorship_per_match = serializers.IntegerField()
    finalist_medal_spp = serializers.IntegerField()


class TournamentEntryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    put_forward = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The opponents whose results the coach chose; null: his best three.",
    )


class PlayoffResultSerializer(serializers.Serializer[Any]):
    opponent = serializers.IntegerField()
    opponent_name = serializers.CharField()
    scored = serializers.IntegerField()
    conceded = serializers.IntegerField()
    points = serializers.IntegerField(allow_null=True)
    put_forward = serializers.BooleanField()
    refused = serializers.BooleanField(help_text="A refused written challenge: 9-0.")


class PlayoffTableRowSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(source="entry.team_id")
    team_name = serializers.CharField(source="entry.team.name")
    points = serializers.IntegerField(allow_null=True, help_text="Of the results put forward; null while a house value is unset.")
    put_forward = serializers.ListField(child=serializers.IntegerField())
    chosen = serializers.BooleanField(help_text="The coach chose his results; otherwise his best three.")
    problem = serializers.CharField(allow_blank=True)
    results = PlayoffResultSerializer(many=True)


class SemiFinalPairSerializer(serializers.Serializer[Any]):
    home = serializers.IntegerField()
    home_name = serializers.CharField()
    away = serializers.IntegerField()
    away_name = serializers.CharField()


class TournamentMatchOutputSerializer(MatchOutputSerializer):
    tournament_week = serializers.IntegerField(allow_null=True)
    tournament_round = serializers.CharField(help_text="play-off, semi-final, final or third-place")


class WrittenChallengeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    tournament = serializers.IntegerField(source="tournament_id")
    week = serializers.IntegerField()
    challenger = serializers.IntegerField(source="challenger_id")
    challenger_name = serializers.CharField(source="challenger.name")
    challenged = serializers.IntegerField(source="challenged_id")
    challenged_name = serializers.CharField(source="challenged.name")
    status = serializers.CharField(help_text="open, substitute_asked, substitute_agreed, play, refused")
    substitute = serializers.IntegerField(source="substitute_id", allow_null=True)
    refused_by = serializers.IntegerField(source="refused_by_id", allow_null=True)
    match = serializers.IntegerField(source="match_id", allow_null=True)
    waiting_for = serializers.IntegerField(source="waiting_for_id", allow_null=True, help_text="The team that answers next.")


class TournamentPrizeSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    what = serializers.CharField()
    reason = serializers.CharField()


class PlayerOfTheYearSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    spp = serializers.IntegerField()
    tied = serializers.ListField(child=serializers.IntegerField(), help_text="Players tied on most SPP: a stored draw chose.")
    fan_factor = serializers.IntegerField()


class TournamentDetailOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="tournament.id")
    league = serializers.IntegerField(source="tournament.league_id")
    kind = serializers.CharField(source="tournament.kind")
    name = serializers.CharField(source="tournament.name")
    week = serializers.IntegerField(source="tournament.week")
    phase = serializers.CharField(source="tournament.phase")
    status = serializers.CharField(source="tournament.status")
    rules = TournamentKindOutputSerializer(source="kind")
    entries = TournamentEntryOutputSerializer(many=True, source="tournament.entries.all")
    table = PlayoffTableRowSerializer(many=True)
    semi_finalists = serializers.ListField(
        child=serializers.IntegerField(), source="tournament.qualification.semi_finalists", allow_null=True, default=None
    )
    semi_finals = SemiFinalPairSerializer(many=True)
    matches = TournamentMatchOutputSerializer(many=True)
    challenges = WrittenChallengeOutputSerializer(many=True)
    prizes = TournamentPrizeSerializer(many=True)
    player_of_the_year = PlayerOfTheYearSerializer(source="tournament.player_of_the_year", allow_null=True)


def _detail(tournament_id: int, code: int = status.HTTP_200_OK) -> Response:
    return Response(TournamentDetailOutputSerializer(tournament_view(tournament_get(tournament_id))).data, status=code)


class _Write(APIView):
    permission_classes = [IsAuthenticated]


# --- tournaments -----------------------------------------------------------------------------------------------------


class LeagueTournamentsApi(APIView):
    pagination_class = Pagination

    class TournamentCreateInputSerializer(serializers.Serializer[Any]):
        kind = serializers.CharField(max_length=20, help_text=f"One of: {', '.join(KINDS)}.")
        name = serializers.CharField(max_length=100, required=False, default="", allow_blank=True)
        winner_prize = serializers.IntegerField(
            min_value=0,
            max_value=MAX_CREDITS,
            required=False,
            allow_null=True,
            default=None,
            help_text="A minor tournament's only.",
        )
        runner_up_prize = serializers.IntegerField(
            min_value=0, max_value=MAX_CREDITS, required=False, allow_null=True, default=None
        )

    @extend_schema(responses={200: TournamentOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return paginate(request, self, tournaments(league_get(league_id)), TournamentOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=TournamentCreateInputSerializer,
        responses={201: TournamentDetailOutputSerializer, 200: TournamentDetailOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        """A commissioner starts a Major (its printed prizes) or a minor tournament (prizes at most 150,000 together)."""
        league = league_get(league_id)
        data = self.TournamentCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament, created = services.tournament_create(
            league=league, user=request.user, idempotency_key=idempotency_key_of(request), **data.validated_data
        )
        return _detail(tournament.pk, _status(created))


class TournamentDetailApi(APIView):
    @extend_schema(responses={200: TournamentDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        """Entries, the play-off table with put-forward results, the semi-final draw, matches, challenges, prizes."""
        return _detail(tournament_id)


class TournamentEntriesApi(APIView):
    pagination_class = Pagination

    class TournamentEntryInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(**TEAM_ID)

    @extend_schema(responses={200: TournamentEntryOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        entries = Entry.objects.filter(tournament=tournament).select_related("team__coach").order_by("created_at", "id")
        return paginate(request, self, entries, TournamentEntryOutputSerializer)

    @extend_schema(
        request=TournamentEntryInputSerializer,
        responses={201: TournamentEntryOutputSerializer, 200: TournamentEntryOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """A coach enters his own team (one team per coach), during the play-offs."""
        tournament_get(tournament_id)
        data = self.TournamentEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team_id = data.validated_data["team"]
        entry, created = services.entry_create(tournament_id=tournament_id, user=request.user, team_id=team_id)
        entry = Entry.objects.select_related("team__coach").get(pk=entry.pk)
        return Response(TournamentEntryOutputSerializer(entry).data, status=_status(created))


class TournamentAdvanceApi(_Write):
    @extend_schema(parameters=[IDEMPOTENCY_KEY_HEADER], request=None, responses={200: TournamentDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        """The commissioner moves on a week. After week 3: qualification (ties by Team Rating, then a stored
        draw) and the semi-final draw; after week 4 (both semi-finals confirmed): the final's week."""
        tournament_get(tournament_id)
        services.tournament_advance(tournament_id=tournament_id, user=request.user, idempotency_key=idempotency_key_of(request))
        return _detail(tournament_id)


# --- challenges ----------------------------------------------------------------------------------------------------


class TournamentChallengesApi(APIView):
    pagination_class = Pagination

    class WrittenChallengeInputSerializer(serializers.Serializer[Any]):
        challenger = serializers.IntegerField(**TEAM_ID, help_text="The challenging coach's own team.")
        challenged = serializers.IntegerField(**TEAM_ID)

    @extend_schema(responses={200: WrittenChallengeOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        challenges = WrittenChallenge.objects.filter(tournament=tournament).select_related("challenger", "challenged")
        return paginate(request, self, challenges.order_by("week", "created_at", "id"), WrittenChallengeOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=WrittenChallengeInputSerializer,
        responses={201: WrittenChallengeOutputSerializer, 200: WrittenChallengeOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """A written challenge: one per coach per play-off week, to an entered team not played yet."""
        tournament_get(tournament_id)
        data = self.WrittenChallengeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        challenge, created = services.challenge_issue(
            tournament_id=tournament_id,
            user=request.user,
            challenger_id=data.validated_data["challenger"],
            challenged_id=data.validated_data["challenged"],
            idempotency_key=idempotency_key_of(request),
        )
        return Response(WrittenChallengeOutputSerializer(_challenge(challenge.pk)).data, status=_status(created))


def _challenge(challenge_id: int) -> WrittenChallenge:
    return get_object_or_404(WrittenChallenge.objects.select_related("challenger", "challenged"), pk=challenge_id)


class ChallengeAnswerApi(_Write):
    class ChallengeAnswerInputSerializer(serializers.Serializer[Any]):
        response = serializers.ChoiceField(choices=[rules.ACCEPT, rules.REFUSE, rules.SUBSTITUTE])
        substitute = serializers.IntegerField(
            **TEAM_ID,
            required=False,
            allow_null=True,
            default=None,
            help_text="With response=substitute: the team that plays instead.",
        )

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=ChallengeAnswerInputSerializer,
        responses={200: WrittenChallengeOutputSerializer, 201: WrittenChallengeOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        """The answer the challenge waits for (see waiting_for): the challenged coach accepts, refuses (a
        confirmed 9-0 for the challenger, no SPP, cash or Fan Factor) or names a substitute; the substitute's
        coach accepts (agrees) or refuses (declines); the challenger accepts or refuses the substitute."""
        _challenge(challenge_id)
        data = self.ChallengeAnswerInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        challenge, created = services.challenge_answer(
            challenge_id=challenge_id,
            user=request.user,
            response=data.validated_data["response"],
            substitute_id=data.validated_data["substitute"],
            idempotency_key=idempotency_key_of(request),
        )
        return Response(WrittenChallengeOutputSerializer(_challenge(challenge.pk)).data, status=_status(created))


# --- put forward, matches, prizes -------------------------------------------------------------------------------------


class TournamentPutForwardApi(_Write):
    class PutForwardInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(**TEAM_ID)
        opponents = serializers.ListField(
            child=serializers.IntegerField(**TEAM_ID),
            max_length=20,
            allow_null=True,
            help_text="The opponents whose confirmed play-off results are put forward (at most three); null: the best three.",
        )

    @extend_schema(request=PutForwardInputSerializer, responses={200: TournamentDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament_get(tournament_id)
        data = self.PutForwardInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.put_forward_choose(
            tournament_id=tournament_id,
            user=request.user,
            team_id=data.validated_data["team"],
            opponents=data.validated_data["opponents"],
        )
        return _detail(tournament_id)


class TournamentMatchesApi(APIView):
    pagination_class = Pagination

    class TournamentMatchInputSerializer(serializers.Serializer[Any]):
        home_team = serializers.IntegerField(**TEAM_ID)
        away_team = serializers.IntegerField(**TEAM_ID)

    @extend_schema(responses={200: TournamentMatchOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        found = tournament.matches.prefetch_related("sides__team").order_by("tournament_week", "id")
        return paginate(request, self, found, TournamentMatchOutputSerializer)

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=TournamentMatchInputSerializer,
        responses={201: TournamentMatchOutputSerializer, 200: TournamentMatchOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """Arrange a match of this week: a play-off (weeks 1-3, no opponent twice), a semi-final of the draw
        (week 4), the final or the match for 3rd place (week 5). It is then played at /api/bloodbowl/matches/<id>/."""
        tournament_get(tournament_id)
        data = self.TournamentMatchInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match, created = services.tournament_match_arrange(
            tournament_id=tournament_id,
            user=request.user,
            home_team_id=data.validated_data["home_team"],
            away_team_id=data.validated_data["away_team"],
            idempotency_key=idempotency_key_of(request),
        )
        found = Match.objects.prefetch_related("sides__team").get(pk=match.pk)
        return Response(TournamentMatchOutputSerializer(found).data, status=_status(created))


class TournamentFinalApi(_Write):
    class TournamentFinalInputSerializer(serializers.Serializer[Any]):
        chaos_cup_tags = serializers.ListField(
            child=serializers.ChoiceField(choices=[m.tag for m in rules.chaos_cup_modifiers()]),
            max_length=2,
            required=False,
            allow_null=True,
            default=None,
            help_text="The Chaos Cup modifiers that apply to the winners, when their race name is not the rulebook's.",
        )

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=TournamentFinalInputSerializer,
        responses={201: TournamentDetailOutputSerializer, 200: TournamentDetailOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        """The commissioner gives the confirmed final's prizes, once, in one transaction."""
        tournament_get(tournament_id)
        data = self.TournamentFinalInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _, created = services.final_prizes_apply(
            tournament_id=tournament_id,
            user=request.user,
            chaos_cup_tags=data.validated_data["chaos_cup_tags"],
            idempotency_key=idempotency_key_of(request),
        )
        return _detail(tournament_id, _status(created))


class TournamentPlayerOfTheYearApi(_Write):
    @extend_schema(request=None, responses={200: TournamentDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        """After the Spike! final, the commissioner may name the league's player with most SPP: +1 Fan Factor."""
        tournament_get(tournament_id)
        services.player_of_the_year_award(tournament_id=tournament_id, user=request.user)
        return _detail(tournament_id)
