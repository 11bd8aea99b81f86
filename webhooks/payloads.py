"""What a delivery posts: Discord's message shape, or Pitside's own JSON, signed with the channel's secret."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from pitside.links import site_link
from webhooks.models import Channel, Delivery

DELIVERY_HEADER = "X-Pitside-Delivery"
EVENT_HEADER = "X-Pitside-Event"
SIGNATURE_HEADER = "X-Pitside-Signature"
DISCORD_CONTENT_LIMIT = 2000


def body(delivery: Delivery, channel: Channel) -> dict[str, Any]:
    lines = delivery.lines or []
    url = site_link(delivery.url)
    if channel.kind == Channel.Kind.DISCORD:
        links = [url] if url.startswith("http") else []  # a relative link means nothing in Discord
        content = "\n".join([f"**{delivery.text}**" if lines else delivery.text, *lines, *links])
        # No @everyone or role pings from a team's name; Discord has no id field: the id is in the header.
        return {"username": "Pitside", "content": content[:DISCORD_CONTENT_LIMIT], "allowed_mentions": {"parse": []}}
    return {
        "id": str(delivery.uid),
        "event": delivery.event,
        "league": {"id": channel.league_id, "name": channel.league.name},
        "text": delivery.text,
        "lines": lines,
        "url": url,
        "created_at": delivery.created_at.isoformat(),
    }


def encoded(delivery: Delivery, channel: Channel) -> tuple[bytes, dict[str, str]]:
    """The body's bytes and the headers: the id and event always, the signature when the channel has a secret."""
    data = json.dumps(body(delivery, channel), separators=(",", ":"), ensure_ascii=False).encode()
    headers = {DELIVERY_HEADER: str(delivery.uid), EVENT_HEADER: delivery.event, "User-Agent": "Pitside-Webhooks/1"}
    if channel.secret:
        headers[SIGNATURE_HEADER] = "sha256=" + hmac.new(channel.secret.encode(), data, hashlib.sha256).hexdigest()
    return data, headers
