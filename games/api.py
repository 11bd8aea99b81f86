"""What every game system's API shares about a game: its date and place, as input (ResultLifecycle.schedule) and as
answered."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import LOCATION_LENGTH
from pitside.errors import ErrorItem, Invalid


class ScheduleInputSerializer(serializers.Serializer[Any]):
    scheduled_for = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="The day it is played (YYYY-MM-DD); null: not set."
    )
    location = serializers.CharField(
        max_length=LOCATION_LENGTH, required=False, allow_blank=True, default="", help_text="Where; empty: not said."
    )


class ScheduleOutputSerializer(serializers.Serializer[Any]):
    """A game's date and place as every game system's API answers them: the base of its game's output."""

    scheduled_for = serializers.DateField(allow_null=True, help_text="The day it is to be played (a calendar day, no time).")
    location = serializers.CharField(help_text="Where it is played; empty when not said.")


def schedule_input(post: Any) -> dict[str, Any]:
    """A page's date-and-place form (templates/games/_when_where.html) as the API's input."""
    return {"scheduled_for": post.get("scheduled_for") or None, "location": post.get("location", "")}


def schedule_data(post: Any) -> dict[str, Any]:
    """The form's date and place checked as the API checks them: the service's arguments, or Invalid naming
    each bad field (a page shows it with `refusal_shown_by`, as it shows the service's own refusal)."""
    data = ScheduleInputSerializer(data=schedule_input(post))
    if not data.is_valid():
        raise Invalid(ErrorItem("invalid", field, f"{field}: {e}") for field, errors in data.errors.items() for e in errors)
    return dict(data.validated_data)
