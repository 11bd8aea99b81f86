from django.urls import path

from bloodbowl.views import matches as views

urlpatterns = [
    path("bloodbowl/leagues/<id:league_id>/matches/", views.league_matches, name="bb-league-matches"),
    path("bloodbowl/leagues/<id:league_id>/fixtures/", views.league_fixtures, name="bb-league-fixtures"),
    path("bloodbowl/matches/<id:match_id>/schedule/", views.match_action, {"action": "schedule"}, name="bb-match-schedule"),
    path("bloodbowl/leagues/<id:league_id>/standings/", views.standings, name="bb-league-standings"),
    path("bloodbowl/matches/<id:match_id>/", views.match_detail, name="bb-match-detail"),
    path("bloodbowl/matches/<id:match_id>/prematch/", views.match_action, {"action": "prematch"}, name="bb-match-prematch"),
    path("bloodbowl/matches/<id:match_id>/report/", views.match_report, name="bb-match-report"),
    path("bloodbowl/matches/<id:match_id>/confirm/", views.match_action, {"action": "confirm"}, name="bb-match-confirm"),
    path("bloodbowl/matches/<id:match_id>/dispute/", views.match_action, {"action": "dispute"}, name="bb-match-dispute"),
    path("bloodbowl/matches/<id:match_id>/cards/", views.match_action, {"action": "cards"}, name="bb-match-cards"),
    path("bloodbowl/matches/<id:match_id>/apothecary/", views.match_action, {"action": "apothecary"}, name="bb-match-apothecary"),
    path("bloodbowl/matches/<id:match_id>/void/", views.match_action, {"action": "void"}, name="bb-match-void"),
    path("bloodbowl/matches/<id:match_id>/notes/", views.match_action, {"action": "notes"}, name="bb-match-notes"),
    path("bloodbowl/star-player-rolls/<id:spr_id>/choose/", views.spr_choose, name="bb-spr-choose"),
]
