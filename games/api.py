"""What every game system's API shares about a game: the input of its date and place (ResultLifecycle.schedule)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import LOCATION_LENGTH


class ScheduleInputSerializer(serializers.Serializer[Any]):
    scheduled_for = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="The day it is played (YYYY-MM-DD); null: not set."
    )
    location = serializers.CharField(
        max_length=LOCATION_LENGTH, required=False, allow_blank=True, default="", help_text="Where; empty: not said."
    )


def schedule_input(post: Any) -> dict[str, Any]:
    """A page's date-and-place form (templates/games/_when_where.html) as the API's input."""
    return {"scheduled_for": post.get("scheduled_for") or None, "location": post.get("location", "")}
