from __future__ import annotations

from django.conf import settings
from django.db import models


class League(models.Model):
    """A league of one game system; its rules come from the engine registry by `game_system`."""

    name = models.CharField(max_length=100)
    game_system = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    # Table values the rulebook does not print, set by the commissioner (GAPS.md), by flat key.
    house_values = models.JSONField(default=dict, blank=True)
    open_for_signups = models.BooleanField(default=True)
    commissioners = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="commissioned_leagues")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name
