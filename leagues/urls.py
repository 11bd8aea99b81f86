from django.urls import path

from leagues import views

urlpatterns = [
    path("leagues/", views.league_index, name="league-list"),
    path("leagues/new/", views.league_create, name="league-create"),
    path("leagues/<id:league_id>/", views.league_detail, name="league-detail"),
    path("leagues/<id:league_id>/settings/", views.league_settings, name="league-settings"),
    path("leagues/<id:league_id>/settings/commissioners/", views.league_commissioner_add, name="league-commissioner-add"),
    path("leagues/<id:league_id>/settings/house-values/", views.league_house_values, name="league-house-values"),
    path(
        "leagues/<id:league_id>/settings/house-values/fill/",
        views.league_house_values_fill,
        name="league-house-values-fill",
    ),
    path(
        "leagues/<id:league_id>/settings/house-values/import/",
        views.league_house_values_import,
        name="league-house-values-import",
    ),
]
