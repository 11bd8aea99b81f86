from __future__ import annotations

from django.conf import settings
from django.db import models


class CalendarToken(models.Model):
    """The secret in a coach's private feed URL: no log-in reads it, so a new one revokes the old URL."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_token")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Calendar token of {self.user_id}"
