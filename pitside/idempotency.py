"""The idempotency key a write may carry: sent again (a retry, a double click), it finds the
first write instead of making a second."""

from __future__ import annotations

from django.db import models

KEY_LENGTH = 80


def idempotency_key_field() -> models.CharField[str | None, str | None]:
    return models.CharField(max_length=KEY_LENGTH, null=True, blank=True)


def unique_idempotency_key(scope: str, name: str) -> models.UniqueConstraint:
    """At most one row per key within `scope` (the team, the week, the game); rows without a key are free."""
    return models.UniqueConstraint(scope, "idempotency_key", name=name, condition=models.Q(idempotency_key__isnull=False))
