from django.urls import path

from bloodbowl.apis import tournaments as apis

urlpatterns = [
    path("bloodbowl/leagues/<id:league_id>/tournaments/", apis.LeagueTournamentsApi.as_view(), name="api-bb-league-tournaments"),
    path("bloodbowl/tournaments/<id:tournament_id>/", apis.TournamentDetailApi.as_view(), name="api-bb-tournament"),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/entries/",
        apis.TournamentEntriesApi.as_view(),
        name="api-bb-tournament-entries",
    ),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/advance/",
        apis.TournamentAdvanceApi.as_view(),
        name="api-bb-tournament-advance",
    ),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/challenges/",
        apis.TournamentChallengesApi.as_view(),
        name="api-bb-tournament-challenges",
    ),
    path(
        "bloodbowl/tournament-challenges/<id:challenge_id>/answer/",
        apis.ChallengeAnswerApi.as_view(),
        name="api-bb-tournament-challenge-answer",
    ),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/put-forward/",
        apis.TournamentPutForwardApi.as_view(),
        name="api-bb-tournament-put-forward",
    ),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/matches/",
        apis.TournamentMatchesApi.as_view(),
        name="api-bb-tournament-matches",
    ),
    path("bloodbowl/tournaments/<id:tournament_id>/final/", apis.TournamentFinalApi.as_view(), name="api-bb-tournament-final"),
    path(
        "bloodbowl/tournaments/<id:tournament_id>/player-of-the-year/",
        apis.TournamentPlayerOfTheYearApi.as_view(),
        name="api-bb-tournament-player-of-the-year",
    ),
]
