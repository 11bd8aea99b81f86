from django.contrib import admin
from django.urls import include, path, register_converter

from leagues.game_apps import game_apps
from pitside.converters import IdConverter
from pitside.throttling import LoginPageThrottle, throttled

register_converter(IdConverter, "id")  # before the apps' url modules, which use it

urlpatterns = [
    # Before the admin's own: its log-in tries count per address with the log-in page's (each checks a password).
    path("admin/login/", throttled(LoginPageThrottle, ("POST",))(admin.site.login)),
    path("admin/", admin.site.urls),
    path("api/", include("pitside.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("rosters.urls")),
    *(path(prefix, include(module)) for app in game_apps() for prefix, module in app.urls),
    path("notifications/", include("notifications.urls")),
    path("sheets/", include("sheets.views")),
    path("", include("calendars.urls")),
    path("", include("webhooks.urls")),
    path("", include("home.urls")),
    path("", include("leagues.urls")),
]

handler404 = "pitside.api_errors.page_not_found"
