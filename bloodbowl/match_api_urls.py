from django.urls import path

from bloodbowl.apis import matches as apis

urlpatterns = [
    path("bloodbowl/leagues/<id:league_id>/matches/", apis.LeagueMatchesApi.as_view(), name="api-bb-league-matches"),
    path("leagues/<id:league_id>/fixtures/", apis.LeagueFixturesApi.as_view(), name="api-bb-league-fixtures"),
    path("bloodbowl/leagues/<id:league_id>/standings/", apis.LeagueStandingsApi.as_view(), name="api-bb-league-standings"),
    path("bloodbowl/matches/<id:match_id>/", apis.MatchDetailApi.as_view(), name="api-bb-match"),
    path("bloodbowl/matches/<id:match_id>/prematch/", apis.MatchPrematchApi.as_view(), name="api-bb-match-prematch"),
    path("bloodbowl/matches/<id:match_id>/report/", apis.MatchReportApi.as_view(), name="api-bb-match-report"),
    path("bloodbowl/matches/<id:match_id>/confirm/", apis.MatchConfirmApi.as_view(), name="api-bb-match-confirm"),
    path("bloodbowl/matches/<id:match_id>/dispute/", apis.MatchDisputeApi.as_view(), name="api-bb-match-dispute"),
    path("bloodbowl/matches/<id:match_id>/cards/", apis.MatchCardsApi.as_view(), name="api-bb-match-cards"),
    path("bloodbowl/matches/<id:match_id>/apothecary/", apis.MatchApothecaryApi.as_view(), name="api-bb-match-apothecary"),
    path("bloodbowl/matches/<id:match_id>/void/", apis.MatchVoidApi.as_view(), name="api-bb-match-void"),
    path("bloodbowl/matches/<id:match_id>/schedule/", apis.MatchScheduleApi.as_view(), name="api-bb-match-schedule"),
    path("bloodbowl/matches/<id:match_id>/notes/", apis.MatchNotesApi.as_view(), name="api-bb-match-notes"),
    path("bloodbowl/star-player-rolls/<id:spr_id>/", apis.StarPlayerRollApi.as_view(), name="api-bb-spr"),
]
