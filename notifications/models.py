from __future__ import annotations

from django.conf import settings
from django.db import models


class Notification(models.Model):
    """Something a user should know (challenged, a result to confirm, an auction, a deadline).

    `event` names the event once per user, so the same event never notifies twice."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    event = models.CharField(max_length=120)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    emailed_at = models.DateTimeField(null=True, blank=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint("user", "event", name="notification_once_per_event")]

    def __str__(self) -> str:
        return self.text
