"""The API's log-in: a token for a username and password."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from pitside.api_errors import ErrorSerializer
from pitside.throttling import FailOpenScopedRateThrottle


class LockedOut(exceptions.APIException):
    status_code = 429
    default_detail = "Too many failed log-ins for this username from your address. Wait a few minutes and try again."
    default_code = "locked-out"


@extend_schema(
    responses={200: ObtainAuthToken.serializer_class, 400: ErrorSerializer, 415: ErrorSerializer, 429: ErrorSerializer},
)
class TokenApi(ObtainAuthToken):
    """POST username and password, get the token for `Authorization: Token <token>`. Throttled per address,
    and locked out per username and address after too many failures (django-axes, as the log-in page)."""

    throttle_scope = "login"
    throttle_classes = [FailOpenScopedRateThrottle]

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            # django-axes marks the request when this failure reaches the limit or the pair is locked already.
            if getattr(request, "axes_locked_out", False):
                raise LockedOut from None
            raise
