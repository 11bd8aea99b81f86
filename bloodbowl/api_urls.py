"""The Blood Bowl API, included under /api/."""

from django.urls import path

from bloodbowl.apis.teamlists import TeamListsApi
from bloodbowl.apis.teams import LeagueTeamsApi, PlayerRetireApi, TeamDetailApi, TeamPurchasesApi

urlpatterns = [
    path("leagues/<id:league_id>/team-lists/", TeamListsApi.as_view(), name="api-bb-team-lists"),
    path("bloodbowl/leagues/<id:league_id>/teams/", LeagueTeamsApi.as_view(), name="api-bb-league-teams"),
    path("bloodbowl/teams/<id:team_id>/", TeamDetailApi.as_view(), name="api-bb-team"),
    path("bloodbowl/teams/<id:team_id>/purchases/", TeamPurchasesApi.as_view(), name="api-bb-team-purchases"),
    path("bloodbowl/players/<id:player_id>/retire/", PlayerRetireApi.as_view(), name="api-bb-player-retire"),
]
