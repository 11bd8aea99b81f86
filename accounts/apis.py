"""The API's log-in: a token for a username and password, and the user's own token (see, revoke)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import token_expires_at, token_issue, token_revoke
from pitside.api_errors import ErrorSerializer
from pitside.throttling import FailOpenScopedRateThrottle


class LockedOut(exceptions.APIException):
    status_code = 429
    default_detail = "Too many failed log-ins for this username from your address. Wait a few minutes and try again."
    default_code = "locked-out"


class TokenOutputSerializer(serializers.Serializer[Token]):
    token = serializers.CharField(source="key")
    created = serializers.DateTimeField()
    expires = serializers.SerializerMethodField()

    def get_expires(self, token: Token) -> str:
        return serializers.DateTimeField().to_representation(token_expires_at(token))


@extend_schema(
    responses={200: TokenOutputSerializer, 400: ErrorSerializer, 415: ErrorSerializer, 429: ErrorSerializer},
)
class TokenApi(ObtainAuthToken):
    """POST username and password, get the token for `Authorization: Token <token>` and when it expires
    (API_TOKEN_LIFETIME after it was made; then POST again for a new one). Throttled per address, and
    locked out per username and address after too many failures (django-axes, as the log-in page)."""

    throttle_scope = "login"
    throttle_classes = [FailOpenScopedRateThrottle]
    # ObtainAuthToken names DRF's own parsers; Pitside's refuse JSON nested too deep (and NUL characters).
    parser_classes = APIView.parser_classes

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            # django-axes marks the request when this failure reaches the limit or the pair is locked already.
            if getattr(request, "axes_locked_out", False):
                raise LockedOut
            raise exceptions.ValidationError(serializer.errors)
        return Response(TokenOutputSerializer(token_issue(user=serializer.validated_data["user"])).data)


class TokenCurrentApi(APIView):
    """The user's own token: GET it (404 when he has none), DELETE it to revoke it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TokenOutputSerializer, 401: ErrorSerializer, 404: ErrorSerializer})
    def get(self, request: Request) -> Response:
        assert request.user.is_authenticated  # IsAuthenticated
        token = Token.objects.filter(user=request.user).first()
        if token is None:
            raise exceptions.NotFound("You have no API token.")
        return Response(TokenOutputSerializer(token).data)

    @extend_schema(responses={204: None, 401: ErrorSerializer})
    def delete(self, request: Request) -> Response:
        token_revoke(user=request.user)
        return Response(status=204)
