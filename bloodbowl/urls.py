"""The Blood Bowl pages, included under /bloodbowl/."""

from django.urls import path

from bloodbowl.views import league, teams
from leagues.views import league_settings

urlpatterns = [
    path("leagues/<id:league_id>/settings/", league_settings, name="bb-league-settings"),
    path("leagues/<id:league_id>/team-lists/", league.team_lists, name="bb-team-lists"),
    path("leagues/<id:league_id>/team-lists.yaml", league.team_lists_download, name="bb-team-lists-download"),
    path("team-lists/samples/<str:name>", league.team_lists_sample, name="bb-team-lists-sample"),
    path("leagues/<id:league_id>/teams/new/", teams.team_create, name="bb-team-create"),
    path("teams/<id:team_id>/", teams.team_detail, name="bb-team-detail"),
    path("teams/<id:team_id>/purchases/", teams.team_purchase, name="bb-team-purchase"),
    path("players/<id:player_id>/retire/", teams.player_retire, name="bb-player-retire"),
    path("teams/<id:team_id>/roster/", teams.team_roster_sheet, name="bb-team-roster-sheet"),
    path("teams/<id:team_id>/roster.pdf", teams.team_roster_pdf, name="bb-team-roster-pdf"),
]
