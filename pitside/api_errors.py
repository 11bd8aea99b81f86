"""One error shape for the whole API: {"errors": [{"code", "field", "message"}]}."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from engine.core.violations import RuleViolation
from leagues.setup import league_setup_refusal
from pitside.errors import DomainError, Invalid


class ErrorItemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    field = serializers.CharField(allow_blank=True)
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer[Any]):
    # The stubs read this as Serializer.errors; DRF's metaclass takes declared fields off the class.
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]


# The error answers any write may give, for the OpenAPI schema.
ERRORS = dict.fromkeys((400, 401, 403, 404, 413, 415), ErrorSerializer)


class RequestTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = "The request body is too large."
    default_code = "request_too_large"


def _flatten(detail: Any, field: str = "") -> list[dict[str, str]]:
    """DRF's nested validation detail as a flat list; a field path looks like athletes[3].number."""
    if isinstance(detail, dict):
        items = []
        for key, value in detail.items():
            if isinstance(key, int):  # ListField errors are keyed by index
                items += _flatten(value, f"{field}[{key}]")
                continue
            name = "" if key == "non_field_errors" else str(key)
            items += _flatten(value, f"{field}.{name}" if field and name else field or name)
        return items
    if isinstance(detail, list):
        if all(isinstance(d, exceptions.ErrorDetail) for d in detail):
            return [{"code": str(d.code), "field": field, "message": str(d)} for d in detail]
        items = []
        for index, value in enumerate(detail):
            items += _flatten(value, f"{field}[{index}]")
        return items
    code = getattr(detail, "code", "invalid")
    return [{"code": str(code), "field": field, "message": str(detail)}]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RuleViolation):  # an engine rule refused the input; the services let it through
        exc = Invalid.from_rules(exc)
    if isinstance(exc, Invalid):  # house values the league has not set: one sentence for a coach (leagues.setup)
        exc = league_setup_refusal(exc)
    if isinstance(exc, DomainError):
        errors = [{"code": i.code, "field": i.field, "message": i.message} for i in exc.items]
        return Response({"errors": errors}, status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):  # over DATA_UPLOAD_MAX_MEMORY_SIZE: a 413, not a 500
        exc = RequestTooLarge()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    assert isinstance(exc, exceptions.APIException)
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"errors": _flatten(exc.detail)}
    else:
        response.data = {
            "errors": [
                {
                    "code": exc.get_codes() if isinstance(exc.get_codes(), str) else "error",
                    "field": "",
                    "message": str(exc.detail),
                }
            ]
        }
    return response


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 404 for a URL that no route matches (/api/teams/abc/): under /api/, in the API's error shape."""
    if request.path_info.startswith("/api/"):
        return JsonResponse({"errors": [{"code": "not_found", "field": "", "message": "Not found."}]}, status=404)
    return defaults.page_not_found(request, exception)
