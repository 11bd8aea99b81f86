from django.urls import path

from bloodbowl.views import tournaments as views

urlpatterns = [
    path("bloodbowl/leagues/<id:league_id>/tournaments/", views.tournament_list, name="bb-league-tournaments"),
    path("bloodbowl/leagues/<id:league_id>/tournaments/new/", views.tournament_create, name="bb-tournament-create"),
    path("bloodbowl/tournaments/<id:tournament_id>/", views.tournament_detail, name="bb-tournament"),
    path("bloodbowl/tournaments/<id:tournament_id>/<slug:action>/", views.tournament_action, name="bb-tournament-action"),
    path(
        "bloodbowl/tournament-challenges/<id:challenge_id>/answer/",
        views.challenge_answer,
        name="bb-tournament-challenge-answer",
    ),
]
