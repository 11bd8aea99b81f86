from django.contrib import admin
from django.urls import include, path, register_converter

from pitside.converters import IdConverter

register_converter(IdConverter, "id")  # before the apps' url modules, which use it

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("pitside.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("rosters.urls")),
    path("", include("slaughterball.urls")),
    path("bloodbowl/", include("bloodbowl.urls")),
    path("", include("bloodbowl.match_urls")),
    path("", include("bloodbowl.tournament_urls")),
    path("notifications/", include("notifications.urls")),
    path("", include("leagues.urls")),
]

handler404 = "pitside.api_errors.page_not_found"
