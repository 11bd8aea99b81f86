from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.db.models import Prefetch, QuerySet

from leagues.models import League
from leagues.services import league_require_commissioner
from webhooks.forms import ChannelForm
from webhooks.models import Channel, Delivery

# The deliveries a channel shows (the API and the settings page): the latest.
DELIVERIES_SHOWN = 10


def channels_with_deliveries() -> QuerySet[Channel]:
    """Channels with their latest deliveries (one query for all of them: a window over the channels)."""
    latest = Delivery.objects.order_by("-created_at", "-id")[:DELIVERIES_SHOWN]
    return Channel.objects.prefetch_related(Prefetch("deliveries", queryset=latest, to_attr="latest_deliveries"))


def league_channels(*, league: League, user: Any) -> list[Channel]:
    """A league's channels, for its commissioners only."""
    league_require_commissioner(league=league, user=user)
    return list(channels_with_deliveries().filter(league=league).order_by("pk"))


def channel_failing(channel: Channel) -> bool:
    """Whether the channel's latest finished try failed: its latest delivery given up, or waiting for a retry."""
    for delivery in channel.latest_deliveries:  # type: ignore[attr-defined]  # channels_with_deliveries
        if delivery.status == Delivery.Status.FAILED or (delivery.status == Delivery.Status.PENDING and delivery.tries):
            return True
        if delivery.status == Delivery.Status.SENT:
            return False
    return False


def channel_host(channel: Channel) -> str:
    """All that is shown of a channel's URL."""
    return urlsplit(channel.url).hostname or ""


@dataclass(frozen=True)
class ChannelLine:
    """A channel as the settings page shows it."""

    pk: int
    kind: str
    host: str
    failing: bool
    event_labels: list[str]
    latest_deliveries: list[Delivery]

    def get_kind_display(self) -> str:
        return str(Channel.Kind(self.kind).label)


def settings_channels(league: League) -> list[ChannelLine]:
    """The settings page's channels (the page checks the commissioner). Two queries: channels, deliveries."""
    labels = dict(Channel.Event.choices)
    return [
        ChannelLine(
            c.pk,
            c.kind,
            channel_host(c),
            channel_failing(c),
            [str(labels.get(e, e)) for e in c.events],
            c.latest_deliveries,  # type: ignore[attr-defined]  # channels_with_deliveries
        )
        for c in channels_with_deliveries().filter(league=league).order_by("pk")
    ]


def channels_settings_context(league: League, forms: Mapping[str, Any]) -> dict[str, Any]:
    """The settings page's Channels section: the league's channels, and the form to add one (bound when refused)."""
    return {"channels": settings_channels(league), "channel_form": forms.get("channel_form") or ChannelForm()}
