"""The Pit Fighter pages, included under /pitfighter/."""

from django.urls import path

from leagues.views import league_settings
from pitfighter import views

urlpatterns = [
    path("leagues/<id:league_id>/", views.league_page, name="pit-league"),
    path("leagues/<id:league_id>/settings/", league_settings, name="pit-league-settings"),
    path("leagues/<id:league_id>/signup/", views.stable_signup, name="pit-signup"),
    path("leagues/<id:league_id>/arrange/", views.combat_arrange, name="pit-arrange"),
    path("combats/<id:combat_id>/", views.combat_page, name="pit-combat"),
    path("combats/<id:combat_id>/report/", views.combat_action, {"action": "report"}, name="pit-report"),
    path("combats/<id:combat_id>/confirm/", views.combat_action, {"action": "confirm"}, name="pit-confirm"),
    path("combats/<id:combat_id>/dispute/", views.combat_action, {"action": "dispute"}, name="pit-dispute"),
    path("combats/<id:combat_id>/void/", views.combat_action, {"action": "void"}, name="pit-void"),
    path("combats/<id:combat_id>/schedule/", views.combat_action, {"action": "schedule"}, name="pit-schedule"),
    path("stables/<id:team_id>/", views.stable_page, name="pit-stable"),
    path("fighters/<id:fighter_id>/", views.fighter_page, name="pit-fighter"),
    path("fighters/<id:fighter_id>/roster.pdf", views.fighter_pdf, name="pit-fighter-pdf"),
    path("fighters/<id:fighter_id>/train/", views.fighter_train, name="pit-train"),
]
