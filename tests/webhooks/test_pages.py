"""The channels section of the settings page: commissioners add and remove channels; the URL and secret are
never shown back; a failing channel is marked for them (coaches never see channels)."""

from __future__ import annotations

import pytest

from tests.factories import make_team
from webhooks.models import Channel, Delivery
from webhooks.services import channel_create

pytestmark = pytest.mark.django_db

URL = "https://discord.com/api/webhooks/123/very-secret-token"


def test_a_commissioner_adds_a_discord_channel_and_sees_only_its_host(client_as, commissioner, league):
    client = client_as(commissioner)

    response = client.post(
        f"/leagues/{league.pk}/settings/channels/", {"kind": "discord", "url": URL, "events": ["draw", "result-confirmed"]}
    )

    assert response.status_code == 302
    [channel] = Channel.objects.all()
    assert (channel.kind, channel.url, channel.events) == ("discord", URL, ["draw", "result-confirmed"])
    page = client.get(f"/leagues/{league.pk}/settings/").content.decode()
    assert "Discord webhook · discord.com" in page
    assert "very-secret-token" not in page
    assert "Nothing posted yet." in page


def test_a_refused_channel_is_shown_on_the_form_and_its_secret_not_rendered_back(client_as, commissioner, league):
    response = client_as(commissioner).post(
        f"/leagues/{league.pk}/settings/channels/",
        {"kind": "webhook", "url": "http://192.168.1.20/hook", "secret": "typed-secret", "events": ["signup"]},
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "loopback, private, link-local or reserved address" in page
    assert "typed-secret" not in page
    assert not Channel.objects.exists()


def test_a_failing_channel_is_marked_with_its_deliveries(client_as, commissioner, league, coach):
    channel = channel_create(league_id=league.pk, user=commissioner, kind="discord", url=URL, events=["signup"])
    make_team(league, coach)
    Delivery.objects.update(status=Delivery.Status.FAILED, tries=8, last_error="HTTP 404 Not Found")

    page = client_as(commissioner).get(f"/leagues/{league.pk}/settings/").content.decode()

    assert '<span class="badge required">failing</span>' in page
    assert "HTTP 404 Not Found" in page
    assert channel.pk


@pytest.mark.parametrize("actor", ["coach", "rival", "other_commissioner"])
def test_nobody_else_adds_removes_or_sees_channels(client_as, request, league, commissioner, actor, team, rival_team):
    channel = channel_create(league_id=league.pk, user=commissioner, kind="discord", url=URL, events=["signup"])
    client = client_as(request.getfixturevalue(actor))

    assert client.get(f"/leagues/{league.pk}/settings/").status_code == 403
    added = client.post(f"/leagues/{league.pk}/settings/channels/", {"kind": "discord", "url": URL, "events": ["draw"]})
    removed = client.post(f"/channels/{channel.pk}/delete/")

    assert (added.status_code, removed.status_code) == (403, 403)
    assert list(Channel.objects.values_list("pk", "events")) == [(channel.pk, ["signup"])]


def test_a_commissioner_removes_a_channel(client_as, commissioner, league):
    channel = channel_create(league_id=league.pk, user=commissioner, kind="discord", url=URL, events=["signup"])

    asked = client_as(commissioner).post(f"/channels/{channel.pk}/delete/")
    assert asked.status_code == 200
    assert "Its URL and secret are never shown again" in asked.content.decode()
    assert "discord.com" in asked.content.decode()  # which channel: its host
    assert Channel.objects.exists()

    response = client_as(commissioner).post(f"/channels/{channel.pk}/delete/", {"confirm": "1"})

    assert response.status_code == 302
    assert not Channel.objects.exists()
