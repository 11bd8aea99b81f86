"""The Blitz Bowl pages, included under /blitzbowl/."""

from django.urls import path

from blitzbowl import views
from leagues.views import league_settings

urlpatterns = [
    path("leagues/<id:league_id>/", views.league_page, name="blitz-league"),
    path("leagues/<id:league_id>/settings/", league_settings, name="blitz-league-settings"),
    path("leagues/<id:league_id>/signup/", views.coach_signup, name="blitz-signup"),
    path("leagues/<id:league_id>/arrange/", views.league_arrange, name="blitz-arrange"),
    path("leagues/<id:league_id>/round/", views.league_round, name="blitz-round"),
    path("leagues/<id:league_id>/finals/", views.league_finals, name="blitz-finals"),
    path("matches/<id:match_id>/", views.match_page, name="blitz-match"),
    path("matches/<id:match_id>/report/", views.match_action, {"action": "report"}, name="blitz-report"),
    path("matches/<id:match_id>/confirm/", views.match_action, {"action": "confirm"}, name="blitz-confirm"),
    path("matches/<id:match_id>/dispute/", views.match_action, {"action": "dispute"}, name="blitz-dispute"),
    path("matches/<id:match_id>/void/", views.match_action, {"action": "void"}, name="blitz-void"),
    path("matches/<id:match_id>/schedule/", views.match_action, {"action": "schedule"}, name="blitz-schedule"),
    path("coaches/<id:team_id>/", views.coach_page, name="blitz-coach"),
    path("coaches/<id:team_id>/roster.pdf", views.coach_pdf, name="blitz-coach-pdf"),
    path("trait-gains/<id:gain_id>/choose/", views.trait_choose, name="blitz-trait-choose"),
]
