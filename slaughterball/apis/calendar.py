"""The season calendar's API: seasons, weeks and their deadlines, draws, the challenge round,
rearrangements, appeals, makeup games and the playoffs. One view per operation; every rule and
permission is the services' (slaughterball.services.calendar, .challenges, .playoffs)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.slaughterball.schedule import GAME_SIZE, GAMES_PER_TEAM, PLAYOFF_SIZE, SMALLEST_GAME
from leagues.services import league_require_commissioner
from pitside.api_errors import ERRORS, ErrorSerializer
from pitside.converters import LARGEST_ID
from pitside.errors import Invalid
from pitside.idempotency import IDEMPOTENCY_KEY_HEADER, idempotency_key_of
from pitside.pagination import Pagination, page_parameters, page_with_own, paginate
from pitside.paging import coached_by
from pitside.serializers import PlainOutputSerializer
from rosters.models import Team
from slaughterball.models import Appeal, Challenge, Game, Season, Week
from slaughterball.selectors import league_get
from slaughterball.selectors_calendar import (
    GAMES_A_PAGE,
    STANDINGS_RECORD,
    WeekView,
    games_coached,
    games_shown,
    order_rows_named,
    playoff_week,
    record,
    season_current,
    season_get,
    season_list,
    season_open,
    season_ranking_rows,
    standings_from_record,
    week_challenges_rows,
    week_counts,
    week_games,
    week_games_rows,
    week_get,
    week_view,
    week_warnings,
    weeks_counted,
)
from slaughterball.services import calendar as calendar_services
from slaughterball.services import challenges as challenge_services
from slaughterball.services import playoffs as playoff_services

# Ids in bodies: at most a 64-bit database id (a larger one would overflow an IN lookup).

# --- Output -------------------------------------------------------------------------------------------------


class CalendarTeamRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeasonOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    league = serializers.IntegerField(source="league_id")
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    games_per_team = serializers.IntegerField()
    playoff_size = serializers.IntegerField()
    previous = serializers.IntegerField(source="previous_id", allow_null=True)
    champion = CalendarTeamRefSerializer(allow_null=True)
    starts_on = serializers.DateField(allow_null=True)
    team_count = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class CalendarSideOutputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    order_of_play = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    league_points = serializers.IntegerField(allow_null=True)
    no_show = serializers.BooleanField()


class CalendarGameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    state = serializers.CharField()
    pays = serializers.BooleanField()
    scheduled_for = serializers.DateField(allow_null=True, help_text="The day it is to be played (no time: a calendar day).")
    sides = CalendarSideOutputSerializer(many=True, source="sides.all")


class WeekOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    season = serializers.IntegerField(source="season_id")
    number = serializers.IntegerField()
    kind = serializers.CharField()
    challenges_due = serializers.DateTimeField(allow_null=True)
    games_due = serializers.DateTimeField(allow_null=True)
    game_count = serializers.IntegerField(help_text="The week's games: a page at a time at /api/weeks/<id>/games/.")


class WeekGamesPageSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = CalendarGameOutputSerializer(many=True, help_text="This page's games, by number.")
    own = CalendarGameOutputSerializer(many=True, help_text="The games of the requesting coach's teams, on any page.")


class CalendarWarningSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()
    team = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)


class WeekDetailOutputSerializer(WeekOutputSerializer):
    draws = serializers.ListField(child=serializers.DictField(), help_text="Every random draw of the week: seed and outcome.")
    warnings = CalendarWarningSerializer(many=True)


class ChallengeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    week = serializers.IntegerField(source="week_id")
    game = serializers.IntegerField(source="game_id")
    team = serializers.IntegerField(source="team_id")
    kind = serializers.CharField()
    targets = serializers.ListField(child=serializers.IntegerField())
    sources = serializers.DictField(child=serializers.IntegerField())
    auto = serializers.BooleanField()
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()


class AppealOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    team = serializers.IntegerField(source="team_id")
    coach = serializers.CharField(source="coach.username")
    reason = serializers.CharField()
    state = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    decided_by = serializers.CharField(source="decided_by.username", allow_null=True, default=None)
    decided_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()


class AppealCountOutputSerializer(serializers.Serializer[Any]):
    coach = serializers.CharField()
    total = serializers.IntegerField()
    granted = serializers.IntegerField()
    denied = serializers.IntegerField()
    pending = serializers.IntegerField()


class ChallengeOrderRowSerializer(PlainOutputSerializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    coach = serializers.CharField()
    rank = serializers.IntegerField()
    league_points = serializers.IntegerField()
    team_potential = serializers.IntegerField()
    missed_last_game = serializers.BooleanField()
    scheduled = serializers.BooleanField()


class ChallengeTurnOutputSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=["challenge", "steal", "done", "stuck"])
    team = serializers.IntegerField(allow_null=True)
    picks = serializers.IntegerField(help_text="How many teams the move names (challenged or stolen).")
    allowed = serializers.ListField(child=serializers.IntegerField(), help_text="The teams it may name.")


class ChallengeRoundOutputSerializer(serializers.Serializer[Any]):
    week = serializers.IntegerField()
    kind = serializers.CharField()
    challenges_due = serializers.DateTimeField(allow_null=True)
    turn = ChallengeTurnOutputSerializer(allow_null=True)
    order = ChallengeOrderRowSerializer(many=True)
    unscheduled = serializers.ListField(child=serializers.IntegerField())
    challenges = ChallengeOutputSerializer(many=True)
    warnings = CalendarWarningSerializer(many=True)
    appeals = AppealOutputSerializer(many=True)
    appeals_per_coach = AppealCountOutputSerializer(many=True)


def _round_data(view: WeekView) -> dict[str, Any]:
    state = view.state
    turn = None
    if state is not None:
        turn = {
            "action": state.turn.action,
            "team": state.turn.team,
            "picks": state.turn.picks,
            "allowed": view.targets(),
        }
    return {
        "week": view.week.pk,
        "kind": view.week.kind,
        "challenges_due": view.week.challenges_due,
        "turn": turn,
        "order": order_rows_named(view.order_rows),
        "unscheduled": view.unscheduled,
        "challenges": list(week_challenges_rows(view.week)),
        "warnings": view.warnings,
        "appeals": view.appeals,
        "appeals_per_coach": view.appeal_counts,
    }


class RearrangementOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    week = serializers.IntegerField(source="week_id")
    team = serializers.IntegerField(source="team_id")
    from_game = serializers.IntegerField(source="from_game_id", allow_null=True)
    to_game = serializers.IntegerField(source="to_game_id")
    swap_with = serializers.IntegerField(source="swap_with_id", allow_null=True)
    reason = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class RankingRowOutputSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    team = serializers.IntegerField(source="team.pk")
    team_name = serializers.CharField(source="team.name")
    league_points = serializers.IntegerField()
    team_potential = serializers.IntegerField()
    games_played = serializers.IntegerField()


class FinalStandingOutputSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name", default="")
    league_points = serializers.IntegerField()
    team_potential = serializers.IntegerField()
    games_played = serializers.IntegerField()


class PlayoffOutputSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    status = serializers.CharField()
    week = serializers.IntegerField(allow_null=True)
    game = CalendarGameOutputSerializer(allow_null=True)
    seeds = serializers.ListField(child=serializers.IntegerField())
    final_standings = FinalStandingOutputSerializer(many=True)
    champion = CalendarTeamRefSerializer(allow_null=True)


# --- Lookups ------------------------------------------------------------------------------------------------


def _season(season_id: int) -> Season:
    season = season_get(season_id)
    if season is None:
        raise Http404
    return season


def _week(week_id: int) -> Week:
    week = week_get(week_id)
    if week is None:
        raise Http404
    return week


def _week_detail(week: Week) -> dict[str, Any]:
    """The week, how many games it has (a page of them: WeekGamesApi) and the commissioner's warnings, which read only
    the small games: three queries whatever the week's size."""
    counts = week_counts(week)
    return {
        "id": week.pk,
        "season_id": week.season_id,
        "number": week.number,
        "kind": week.kind,
        "challenges_due": week.challenges_due,
        "games_due": week.games_due,
        "game_count": counts.games,
        "draws": week.draws,
        "warnings": week_warnings(week, counts.teams),
    }


def _playoff_data(season: Season) -> dict[str, Any]:
    week = playoff_week(season)
    games = week_games(week) if week else []
    data = record(week, STANDINGS_RECORD) if week else None
    teams = {side.team_id: side.team for g in games for side in g.sides.all()}
    standings = standings_from_record(data, teams)
    if data and len(teams) < len(standings):
        teams.update({t.pk: t for t in Team.objects.filter(pk__in=[s.team_id for s in standings if s.team_id not in teams])})
        standings = standings_from_record(data, teams)
    return {
        "season": season.pk,
        "status": season.status,
        "week": week.pk if week else None,
        "game": games[0] if games else None,
        "seeds": (data or {}).get("seeds", []),
        "final_standings": standings,
        "champion": season.champion,
    }


# --- Seasons ------------------------------------------------------------------------------------------------


class LeagueSeasonsApi(APIView):
    pagination_class = Pagination

    class SeasonCreateInputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=100)
        games_per_team = serializers.IntegerField(
            min_value=1, max_value=calendar_services.MAX_GAMES_PER_TEAM, default=GAMES_PER_TEAM
        )
        playoff_size = serializers.IntegerField(min_value=SMALLEST_GAME, max_value=GAME_SIZE, default=PLAYOFF_SIZE)
        starts_on = serializers.DateField(required=False, allow_null=True, default=None)
        previous = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            help_text="Linked Seasons: the finished season whose teams carry on.",
        )

    @extend_schema(responses={200: SeasonOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        return paginate(request, self, season_list(league), SeasonOutputSerializer)

    @extend_schema(request=SeasonCreateInputSerializer, responses={201: SeasonOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        data = self.SeasonCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        season = calendar_services.season_create(league=league, user=request.user, previous_id=values.pop("previous"), **values)
        return Response(SeasonOutputSerializer(_season(season.pk)).data, status=status.HTTP_201_CREATED)


class SeasonDetailApi(APIView):
    @extend_schema(responses={200: SeasonOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonOutputSerializer(_season(season_id)).data)


class SeasonStartApi(APIView):
    class SeasonStartInputSerializer(serializers.Serializer[Any]):
        games_due = serializers.DateTimeField(required=False, allow_null=True, default=None, help_text="Week 1's games deadline.")

    @extend_schema(request=SeasonStartInputSerializer, responses={200: SeasonOutputSerializer, **ERRORS})
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(season_id)
        data = self.SeasonStartInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        calendar_services.season_start(season=season, user=request.user, **data.validated_data)
        return Response(SeasonOutputSerializer(_season(season.pk)).data)


class SeasonRankingApi(APIView):
    pagination_class = Pagination

    @extend_schema(responses={200: RankingRowOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, season_id: int) -> Response:
        """League Rank now (most League Points, then higher Team Potential, then the recorded draw):
        the standings' current column, recomputed after every confirmed or voided result. A page of it."""
        return paginate(request, self, season_ranking_rows(_season(season_id)), RankingRowOutputSerializer)


class SeasonMakeupGamesApi(APIView):
    class MakeupGameInputSerializer(serializers.Serializer[Any]):
        teams = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID), min_length=SMALLEST_GAME, max_length=GAME_SIZE
        )
        pays = serializers.BooleanField(help_text="Whether the game pays League Points and winnings.")

    @extend_schema(request=MakeupGameInputSerializer, responses={201: CalendarGameOutputSerializer, **ERRORS})
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(season_id)
        data = self.MakeupGameInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = calendar_services.makeup_game_create(season=season, user=request.user, **data.validated_data)
        game = next(g for g in week_games(game.week) if g.pk == game.pk)
        return Response(CalendarGameOutputSerializer(game).data, status=status.HTTP_201_CREATED)


class SeasonPlayoffsApi(APIView):
    class PlayoffCreateInputSerializer(serializers.Serializer[Any]):
        allow_short = serializers.BooleanField(default=False, help_text="Go ahead although some teams are short of games.")

    @extend_schema(responses={200: PlayoffOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(PlayoffOutputSerializer(_playoff_data(_season(season_id))).data)

    @extend_schema(
        request=PlayoffCreateInputSerializer, responses={201: PlayoffOutputSerializer, 200: PlayoffOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(season_id)
        data = self.PlayoffCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _game, created = playoff_services.playoff_create(season=season, user=request.user, **data.validated_data)
        body = PlayoffOutputSerializer(_playoff_data(_season(season.pk))).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class SeasonFinishApi(APIView):
    @extend_schema(request=None, responses={200: SeasonOutputSerializer, **ERRORS})
    def post(self, request: Request, season_id: int) -> Response:
        """The champion is the Slaughterbrawl's confirmed winner; the season is finished (idempotent)."""
        playoff_services.season_finish(season=_season(season_id), user=request.user)
        return Response(SeasonOutputSerializer(_season(season_id)).data)


# --- Weeks --------------------------------------------------------------------------------------------------


class LeagueWeeksApi(APIView):
    pagination_class = Pagination

    class WeekCreateInputSerializer(serializers.Serializer[Any]):
        challenges_due = serializers.DateTimeField(required=False, allow_null=True, default=None)
        games_due = serializers.DateTimeField(required=False, allow_null=True, default=None)
        allow_unfinished = serializers.BooleanField(default=False, help_text="Make the week although games are unconfirmed.")

    @extend_schema(responses={200: WeekOutputSerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        """The weeks of the league's latest season, a page of them, each with how many games it has (its games are
        paged at /api/weeks/<id>/games/)."""
        league = league_get(league_id)
        season = season_current(league)
        weeks = weeks_counted(season) if season else Week.objects.none()
        return paginate(request, self, weeks, WeekOutputSerializer)

    @extend_schema(request=WeekCreateInputSerializer, responses={201: WeekDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id)
        data = self.WeekCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = season_open(league)
        if season is None or season.status != Season.Status.RUNNING:
            league_require_commissioner(league=league, user=request.user)
            raise Invalid.one("no-running-season", "league", "This league has no running season.")
        week = calendar_services.week_create(season=season, user=request.user, **data.validated_data)
        return Response(WeekDetailOutputSerializer(_week_detail(_week(week.pk))).data, status=status.HTTP_201_CREATED)


class WeekDetailApi(APIView):
    class WeekUpdateInputSerializer(serializers.Serializer[Any]):
        challenges_due = serializers.DateTimeField(required=False, allow_null=True)
        games_due = serializers.DateTimeField(required=False, allow_null=True)

    @extend_schema(responses={200: WeekDetailOutputSerializer, 404: ErrorSerializer})
    def get(self, request: Request, week_id: int) -> Response:
        return Response(WeekDetailOutputSerializer(_week_detail(_week(week_id))).data)

    @extend_schema(request=WeekUpdateInputSerializer, responses={200: WeekDetailOutputSerializer, **ERRORS})
    def patch(self, request: Request, week_id: int) -> Response:
        week = _week(week_id)
        data = self.WeekUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        calendar_services.week_update(week=week, user=request.user, **data.validated_data)
        return Response(WeekDetailOutputSerializer(_week_detail(_week(week_id))).data)


class WeekGamesApi(APIView):
    @extend_schema(
        parameters=page_parameters("games", GAMES_A_PAGE),
        responses={200: WeekGamesPageSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, week_id: int) -> Response:
        """The week's games by number, a page of them, each with its sides (team, coach, result), and in `own` the
        games of the requesting coach's teams on any page (empty for anonymous)."""
        week = _week(week_id)
        mine = games_coached(coached_by(request, "team__coach"))
        body = page_with_own(request, self, week_games_rows(week), mine, GAMES_A_PAGE)
        body["results"], body["own"] = games_shown(body["results"]), games_shown(body["own"])
        return Response(WeekGamesPageSerializer(body).data)


class WeekDrawApi(APIView):
    @extend_schema(request=None, responses={201: WeekDetailOutputSerializer, 200: WeekDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, week_id: int) -> Response:
        """The recorded random draw of a first week (or of every week under Random League Games).
        A week is drawn once: sending this again returns the same draw (200)."""
        _week_obj, created = calendar_services.week_draw(week=_week(week_id), user=request.user)
        body = WeekDetailOutputSerializer(_week_detail(_week(week_id))).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


IF_NONE_MATCH_HEADER = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag of an earlier answer: a 304 without a body while the round is unchanged.",
)


class WeekChallengesApi(APIView):
    class ChallengeMoveInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, help_text="Your team, whose turn it is.")
        challenged = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID),
            required=False,
            max_length=3,
            help_text="The teams you challenge (three; two when three are left).",
        )
        stolen = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID),
            required=False,
            max_length=2,
            help_text="Leftovers: the teams you steal from 4-team games.",
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("challenged" in attrs) == ("stolen" in attrs):
                raise serializers.ValidationError({"challenged": "Send either challenged or stolen."}, code="move")
            return attrs

    @extend_schema(
        parameters=[IF_NONE_MATCH_HEADER],
        responses={200: ChallengeRoundOutputSerializer, 304: None, 404: ErrorSerializer},
    )
    def get(self, request: Request, week_id: int) -> HttpResponseBase:
        """The challenge round: the order, whose turn it is and what they may name, the teams without
        a game, the challenges made, the commissioner's warnings and the appeals. With the ETag of an
        earlier answer in If-None-Match, a 304 while the round is unchanged."""
        view = week_view(_week(week_id))
        etag = quote_etag(view.round_version)
        unchanged = get_conditional_response(request, etag=etag)
        answer = unchanged or Response(ChallengeRoundOutputSerializer(_round_data(view)).data)
        answer["ETag"] = etag
        return answer

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=ChallengeMoveInputSerializer,
        responses={201: ChallengeOutputSerializer, 200: ChallengeOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, week_id: int) -> Response:
        week = _week(week_id)
        data = self.ChallengeMoveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        key = idempotency_key_of(request)
        if "challenged" in values:
            made, created = challenge_services.challenge_issue(
                week=week, user=request.user, team_id=values["team"], challenged=values["challenged"], idempotency_key=key
            )
        else:
            made, created = challenge_services.steal_make(
                week=week, user=request.user, team_id=values["team"], stolen=values["stolen"], idempotency_key=key
            )
        made = Challenge.objects.select_related("created_by").get(pk=made.pk)
        return Response(ChallengeOutputSerializer(made).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class WeekFillApi(APIView):
    @extend_schema(request=None, responses={200: ChallengeOutputSerializer(many=True), **ERRORS})
    def post(self, request: Request, week_id: int) -> Response:
        """The commissioner fills the round after the challenges deadline: the challenges made (auto)."""
        made = challenge_services.round_fill(week=_week(week_id), user=request.user)
        made = list(Challenge.objects.filter(pk__in=[c.pk for c in made]).select_related("created_by").order_by("id"))
        return Response(ChallengeOutputSerializer(made, many=True).data)


class WeekRearrangeApi(APIView):
    class RearrangeInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
        to_game = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
        swap_with = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, required=False, allow_null=True, default=None)
        reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(
        parameters=[IDEMPOTENCY_KEY_HEADER],
        request=RearrangeInputSerializer,
        responses={201: RearrangementOutputSerializer, 200: RearrangementOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, week_id: int) -> Response:
        week = _week(week_id)
        data = self.RearrangeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        moved, created = challenge_services.rearrange(
            week=week,
            user=request.user,
            team_id=values["team"],
            to_game_id=values["to_game"],
            swap_with_id=values["swap_with"],
            reason=values["reason"],
            idempotency_key=idempotency_key_of(request),
        )
        return Response(
            RearrangementOutputSerializer(moved).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


# --- Appeals ------------------------------------------------------------------------------------------------


class GameAppealsApi(APIView):
    class AppealCreateInputSerializer(serializers.Serializer[Any]):
        team = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, help_text="Your team, challenged into this game.")
        reason = serializers.CharField(max_length=1000)

    @extend_schema(responses={200: AppealOutputSerializer(many=True), 404: ErrorSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game, pk=game_id)
        appeals = Appeal.objects.filter(game=game).select_related("coach", "decided_by")
        return Response(AppealOutputSerializer(appeals, many=True).data)

    @extend_schema(
        request=AppealCreateInputSerializer, responses={201: AppealOutputSerializer, 200: AppealOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game.objects.select_related("week__season__league"), pk=game_id)
        data = self.AppealCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        appeal, created = challenge_services.appeal_create(
            game=game, user=request.user, team_id=data.validated_data["team"], reason=data.validated_data["reason"]
        )
        return Response(AppealOutputSerializer(appeal).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class AppealDecideApi(APIView):
    class AppealDecideInputSerializer(serializers.Serializer[Any]):
        granted = serializers.BooleanField()
        note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(request=AppealDecideInputSerializer, responses={200: AppealOutputSerializer, **ERRORS})
    def post(self, request: Request, appeal_id: int) -> Response:
        data = self.AppealDecideInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        appeal = get_object_or_404(Appeal.objects.select_related("game__week__season__league"), pk=appeal_id)
        appeal, _changed = challenge_services.appeal_decide(appeal=appeal, user=request.user, **data.validated_data)
        appeal = Appeal.objects.select_related("coach", "decided_by").get(pk=appeal.pk)
        return Response(AppealOutputSerializer(appeal).data)


# --- Routes -------------------------------------------------------------------------------------------------

urlpatterns = [
    path("leagues/<id:league_id>/seasons/", LeagueSeasonsApi.as_view(), name="api-league-seasons"),
    path("leagues/<id:league_id>/weeks/", LeagueWeeksApi.as_view(), name="api-league-weeks"),
    path("seasons/<id:season_id>/", SeasonDetailApi.as_view(), name="api-season"),
    path("seasons/<id:season_id>/start/", SeasonStartApi.as_view(), name="api-season-start"),
    path("seasons/<id:season_id>/ranking/", SeasonRankingApi.as_view(), name="api-season-ranking"),
    path("seasons/<id:season_id>/makeup-games/", SeasonMakeupGamesApi.as_view(), name="api-season-makeup-games"),
    path("seasons/<id:season_id>/playoffs/", SeasonPlayoffsApi.as_view(), name="api-season-playoffs"),
    path("seasons/<id:season_id>/finish/", SeasonFinishApi.as_view(), name="api-season-finish"),
    path("weeks/<id:week_id>/", WeekDetailApi.as_view(), name="api-week"),
    path("weeks/<id:week_id>/games/", WeekGamesApi.as_view(), name="api-week-games"),
    path("weeks/<id:week_id>/draw/", WeekDrawApi.as_view(), name="api-week-draw"),
    path("weeks/<id:week_id>/challenges/", WeekChallengesApi.as_view(), name="api-week-challenges"),
    path("weeks/<id:week_id>/fill/", WeekFillApi.as_view(), name="api-week-fill"),
    path("weeks/<id:week_id>/rearrange/", WeekRearrangeApi.as_view(), name="api-week-rearrange"),
    path("games/<id:game_id>/appeals/", GameAppealsApi.as_view(), name="api-game-appeals"),
    path("appeals/<id:appeal_id>/decide/", AppealDecideApi.as_view(), name="api-appeal-decide"),
]
