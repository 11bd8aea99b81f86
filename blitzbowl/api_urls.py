"""The Blitz Bowl API, included under /api/."""

from django.urls import path

from blitzbowl import apis

urlpatterns = [
    path("blitzbowl/coach-traits/", apis.TraitsApi.as_view(), name="api-blitz-traits"),
    path("blitzbowl/leagues/<id:league_id>/", apis.LeagueApi.as_view(), name="api-blitz-league"),
    path("blitzbowl/leagues/<id:league_id>/coaches/", apis.LeagueCoachesApi.as_view(), name="api-blitz-coaches"),
    path("blitzbowl/leagues/<id:league_id>/matches/", apis.LeagueMatchesApi.as_view(), name="api-blitz-matches"),
    path("blitzbowl/leagues/<id:league_id>/arrange/", apis.LeagueArrangeApi.as_view(), name="api-blitz-arrange"),
    path("blitzbowl/leagues/<id:league_id>/round/", apis.LeagueRoundApi.as_view(), name="api-blitz-round"),
    path("blitzbowl/leagues/<id:league_id>/finals/", apis.LeagueFinalsApi.as_view(), name="api-blitz-finals"),
    path("blitzbowl/coaches/<id:team_id>/", apis.CoachApi.as_view(), name="api-blitz-coach"),
    path("blitzbowl/matches/<id:match_id>/", apis.MatchApi.as_view(), name="api-blitz-match"),
    path("blitzbowl/matches/<id:match_id>/report/", apis.MatchReportApi.as_view(), name="api-blitz-report"),
    path("blitzbowl/matches/<id:match_id>/confirm/", apis.MatchConfirmApi.as_view(), name="api-blitz-confirm"),
    path("blitzbowl/matches/<id:match_id>/dispute/", apis.MatchDisputeApi.as_view(), name="api-blitz-dispute"),
    path("blitzbowl/matches/<id:match_id>/void/", apis.MatchVoidApi.as_view(), name="api-blitz-void"),
    path("blitzbowl/matches/<id:match_id>/schedule/", apis.MatchScheduleApi.as_view(), name="api-blitz-schedule"),
    path("blitzbowl/trait-gains/<id:gain_id>/choose/", apis.TraitChooseApi.as_view(), name="api-blitz-trait-choose"),
]
