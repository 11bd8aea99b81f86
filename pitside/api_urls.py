from django.urls import include, path
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle

from leagues.apis import LeagueDetailApi, LeagueListApi
from pitside.api_errors import ErrorSerializer
from rosters.apis import (
    AthletePurchaseOptionsApi,
    LeagueGrantsApi,
    LeagueTeamsApi,
    TeamDetailApi,
    TeamLedgerApi,
    TeamPurchaseOptionsApi,
    TeamPurchasesApi,
)


@extend_schema(
    responses={200: ObtainAuthToken.serializer_class, 400: ErrorSerializer, 415: ErrorSerializer, 429: ErrorSerializer},
)
class TokenApi(ObtainAuthToken):
    """POST username and password, get the token for `Authorization: Token <token>`. Throttled."""

    throttle_scope = "login"
    throttle_classes = [ScopedRateThrottle]


urlpatterns = [
    path("", include("slaughterball.api_urls")),
    path("", include("bloodbowl.api_urls")),
    path("", include("bloodbowl.match_api_urls")),
    path("", include("bloodbowl.tournament_api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", TokenApi.as_view(), name="api-token"),
    path("leagues/", LeagueListApi.as_view(), name="api-leagues"),
    path("leagues/<id:league_id>/", LeagueDetailApi.as_view(), name="api-league"),
    path("leagues/<id:league_id>/teams/", LeagueTeamsApi.as_view(), name="api-league-teams"),
    path("leagues/<id:league_id>/grants/", LeagueGrantsApi.as_view(), name="api-league-grants"),
    path("teams/<id:team_id>/", TeamDetailApi.as_view(), name="api-team"),
    path("teams/<id:team_id>/purchases/", TeamPurchasesApi.as_view(), name="api-team-purchases"),
    path("teams/<id:team_id>/purchase-options/", TeamPurchaseOptionsApi.as_view(), name="api-team-purchase-options"),
    path("teams/<id:team_id>/ledger/", TeamLedgerApi.as_view(), name="api-team-ledger"),
    path("athletes/<id:athlete_id>/purchase-options/", AthletePurchaseOptionsApi.as_view(), name="api-athlete-purchase-options"),
]
