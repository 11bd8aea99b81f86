from django.urls import include, path
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from leagues.apis import LeagueDetailApi, LeagueListApi
from leagues.game_apps import game_apps
from pitside.api_errors import ErrorSerializer


@extend_schema(
    responses={200: ObtainAuthToken.serializer_class, 400: ErrorSerializer, 415: ErrorSerializer, 429: ErrorSerializer},
)
class TokenApi(ObtainAuthToken):
    """POST username and password, get the token for `Authorization: Token <token>`. Throttled."""

    throttle_scope = "login"
    throttle_classes = [ScopedRateThrottle]
    # ObtainAuthToken names DRF's own parsers; Pitside's refuse JSON nested too deep (and NUL characters).
    parser_classes = APIView.parser_classes


urlpatterns = [
    *(path("", include(module)) for app in game_apps() for module in app.api_urls),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file, as the Content-Security-Policy asks (no inline script).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", TokenApi.as_view(), name="api-token"),
    path("leagues/", LeagueListApi.as_view(), name="api-leagues"),
    path("leagues/<id:league_id>/", LeagueDetailApi.as_view(), name="api-league"),
]
