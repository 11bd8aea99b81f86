from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts.apis import TokenApi, TokenCurrentApi
from leagues.apis import HouseValuesApi, HouseValuesFillApi, LeagueDetailApi, LeagueExportApi, LeagueListApi
from leagues.game_apps import game_apps
from pitside.schema_view import OnceSchemaView
from webhooks.apis import ChannelDetailApi, ChannelListApi

urlpatterns = [
    *(path("", include(module)) for app in game_apps() for module in app.api_urls),
    path("schema/", OnceSchemaView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file, as the Content-Security-Policy asks (no inline script).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", TokenApi.as_view(), name="api-token"),
    path("auth/token/current/", TokenCurrentApi.as_view(), name="api-token-current"),
    path("leagues/", LeagueListApi.as_view(), name="api-leagues"),
    path("leagues/<id:league_id>/", LeagueDetailApi.as_view(), name="api-league"),
    path("leagues/<id:league_id>/house-values/", HouseValuesApi.as_view(), name="api-league-house-values"),
    path("leagues/<id:league_id>/house-values/fill/", HouseValuesFillApi.as_view(), name="api-league-house-values-fill"),
    path("leagues/<id:league_id>/export/", LeagueExportApi.as_view(), name="api-league-export"),
    path("leagues/<id:league_id>/channels/", ChannelListApi.as_view(), name="api-league-channels"),
    path("channels/<id:channel_id>/", ChannelDetailApi.as_view(), name="api-channel"),
]
