from django.urls import path

from rosters import views

urlpatterns = [
    path("leagues/<id:league_id>/settings/grants/", views.league_grant, name="league-grant"),
]
