"""The idempotency key a write may carry: sent again (a retry, a double click), it finds the
first write instead of making a second. Here: the model field and constraint that store it, and
the API's Idempotency-Key header that brings it."""

from __future__ import annotations

from django.db import models
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request

KEY_LENGTH = 80

IDEMPOTENCY_KEY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="Send the same key again (a retry, a double click) and the write is applied once.",
)


def idempotency_key_field() -> models.CharField[str | None, str | None]:
    return models.CharField(max_length=KEY_LENGTH, null=True, blank=True)


def unique_idempotency_key(scope: str, name: str) -> models.UniqueConstraint:
    """At most one row per key within `scope` (the team, the week, the game); rows without a key are free."""
    return models.UniqueConstraint(scope, "idempotency_key", name=name, condition=models.Q(idempotency_key__isnull=False))


def idempotency_key_of(request: Request) -> str | None:
    """The request's Idempotency-Key header, or None without one."""
    # A CharField, as for the body's fields: it also refuses a NUL, which PostgreSQL cannot store.
    try:
        header = request.headers.get("Idempotency-Key", "")
        key = serializers.CharField(max_length=KEY_LENGTH, allow_blank=True).run_validation(header)
    except serializers.ValidationError as refused:
        raise serializers.ValidationError({"Idempotency-Key": refused.detail}) from None
    return key or None
