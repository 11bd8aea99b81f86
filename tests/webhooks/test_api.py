"""The channels API: commissioners only, every role tried; the URL and the secret are written, never read."""

from __future__ import annotations

import json

import pytest

from tests.api.helpers import CAST, errors, problems
from tests.factories import make_team
from webhooks.models import Channel, Delivery
from webhooks.services import channel_create

pytestmark = pytest.mark.django_db

URL = "https://discord.com/api/webhooks/123/very-secret-token"
SECRET = "never-shown-secret"


@pytest.fixture
def channel(league, commissioner):
    return channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=URL, secret=SECRET, events=["signup"])


def db_state():
    return (
        list(Channel.objects.order_by("pk").values_list("pk", "url", "secret", "events")),
        Delivery.objects.count(),
    )


REQUESTS = {
    "list": ("get", "/api/leagues/{league}/channels/", None),
    "create": ("post", "/api/leagues/{league}/channels/", {"kind": "discord", "url": URL, "events": ["draw", "challenges"]}),
    "read": ("get", "/api/channels/{channel}/", None),
    "update": ("patch", "/api/channels/{channel}/", {"events": ["signup", "dispute"]}),
    "delete": ("delete", "/api/channels/{channel}/", None),
}
#                   commissioner  coach  rival  other_commissioner  anonymous
STATUS = {
    "list": (200, 403, 403, 403, 403),
    "create": (201, 403, 403, 403, 401),
    "read": (200, 403, 403, 403, 403),
    "update": (200, 403, 403, 403, 401),
    "delete": (204, 403, 403, 403, 401),
}


@pytest.mark.parametrize(
    ("name", "actor", "status"),
    [
        pytest.param(name, actor, status, id=f"{name}-{actor}")
        for name, row in STATUS.items()
        for actor, status in zip(CAST, row, strict=True)
    ],
)
def test_only_the_leagues_commissioners_read_or_write_its_channels(
    name, actor, status, client_of, league, channel, coach, rival, team, rival_team, other_commissioner
):
    method, url, body = REQUESTS[name]
    before = db_state()

    response = getattr(client_of(actor), method)(url.format(league=league.pk, channel=channel.pk), body, format="json")

    assert response.status_code == status, response.content
    if status >= 400:
        assert db_state() == before
        codes = {e["code"] for e in errors(response)}
        assert codes == ({"not_authenticated"} if status == 401 else {"not-commissioner"})
    elif method != "get":
        assert db_state() != before


def test_the_url_and_the_secret_are_never_answered(
    api_as, commissioner, league, channel, coach, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):  # made, not sent: a delivery to read
        make_team(league, coach)
    answers = [
        api_as(commissioner).get(f"/api/leagues/{league.pk}/channels/"),
        api_as(commissioner).get(f"/api/channels/{channel.pk}/"),
        api_as(commissioner).patch(f"/api/channels/{channel.pk}/", {"secret": "another-secret"}, format="json"),
        api_as(commissioner).post(
            f"/api/leagues/{league.pk}/channels/", {"kind": "webhook", "url": URL, "secret": SECRET, "events": ["signup"]}
        ),
    ]

    for response in answers:
        assert response.status_code in (200, 201), response.content
        text = json.dumps(response.json())
        for secret in ("very-secret-token", SECRET, "another-secret"):
            assert secret not in text
    detail = answers[1].json()
    assert detail["host"] == "discord.com"
    assert detail["has_secret"] is True
    assert detail["events"] == ["signup"]
    assert detail["failing"] is False
    [delivery] = detail["deliveries"]
    assert delivery["status"] == "pending"
    assert delivery["tries"] == 0
    assert delivery["last_error"] == ""
    assert delivery["id"] == str(Delivery.objects.get().uid)
    channel.refresh_from_db()
    assert channel.secret == "another-secret"  # written all the same


def test_a_patch_leaves_the_url_and_secret_it_does_not_name(api_as, commissioner, channel):
    response = api_as(commissioner).patch(f"/api/channels/{channel.pk}/", {"events": ["playoffs"]}, format="json")

    assert response.status_code == 200, response.content
    channel.refresh_from_db()
    assert (channel.url, channel.secret, channel.events) == (URL, SECRET, ["playoffs"])


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"kind": "webhook", "url": URL, "events": ["signup"]}, ("secret-required", "secret")),
        ({"kind": "discord", "url": URL, "secret": "x", "events": ["signup"]}, ("secret-unused", "secret")),
        ({"kind": "discord", "url": "http://10.1.2.3/hook", "events": ["signup"]}, ("url-refused", "url")),
        ({"kind": "discord", "url": URL, "events": []}, ("empty", "events")),
        ({"kind": "discord", "url": URL, "events": ["everything"]}, ("invalid_choice", "events[0]")),
        ({"kind": "slack", "url": URL, "events": ["signup"]}, ("invalid_choice", "kind")),
    ],
)
def test_a_channel_the_api_refuses(api_as, commissioner, league, body, problem):
    response = api_as(commissioner).post(f"/api/leagues/{league.pk}/channels/", body, format="json")

    assert response.status_code == 400, response.content
    assert problem in problems(response)
    assert not Channel.objects.exists()


def test_the_channels_of_a_league_in_a_pinned_number_of_queries(
    api_as, commissioner, league, channel, coach, django_assert_num_queries, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        for n in range(3):
            make_team(league, coach, name=f"Team {n}")
    channel_create(league_id=league.pk, user=commissioner, kind="discord", url=URL, events=["signup"])
    client = api_as(commissioner)

    # 1 the league, 2 its commissioners (the check), 3 the channels, 4 their latest deliveries (one window query)
    with django_assert_num_queries(4):
        response = client.get(f"/api/leagues/{league.pk}/channels/")

    assert response.status_code == 200
    assert [len(c["deliveries"]) for c in response.json()] == [3, 0]
