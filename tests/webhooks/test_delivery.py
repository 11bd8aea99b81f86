"""Channel posts against a real receiver on 127.0.0.1: the Discord and the JSON payloads, the signature,
retries after a 500 and a 429, the address refusal, and nothing lost or doubled (beyond the delivery id)."""

from __future__ import annotations

import hashlib
import hmac
import socket
from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from pitside.errors import Invalid
from tests.factories import make_team
from tests.webhooks.receiver import Answer
from webhooks import transport
from webhooks.models import Channel, Delivery
from webhooks.services import channel_create, delivery_attempt, league_announce, retry_delay
from webhooks.tasks import SWEEP_AFTER, delivery_sweep

pytestmark = pytest.mark.django_db

SECRET = "s3cret-shared-with-the-receiver"


def discord(league, commissioner, url, events=("signup",)):
    return channel_create(league_id=league.pk, user=commissioner, kind="discord", url=url, events=list(events))


def webhook(league, commissioner, url, events=("signup",)):
    return channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=url, secret=SECRET, events=list(events))


def test_a_signup_posts_discords_message_with_its_delivery_id(
    league, commissioner, coach, receiver, django_capture_on_commit_callbacks
):
    discord(league, commissioner, receiver.url)

    with django_capture_on_commit_callbacks(execute=True):  # eager Celery: the task runs on commit
        team = make_team(league, coach)

    [post] = receiver.received
    [delivery] = Delivery.objects.all()
    assert post.path == "/hook"
    assert post.headers["Content-Type"] == "application/json"
    assert post.headers["X-Pitside-Delivery"] == str(delivery.uid)
    assert post.headers["X-Pitside-Event"] == "signup"
    assert "X-Pitside-Signature" not in post.headers  # Discord checks none
    assert post.json() == {
        "username": "Pitside",
        "content": f"{team.name} signed up for {league.name}",
        "allowed_mentions": {"parse": []},
    }
    assert (delivery.status, delivery.tries, delivery.last_error) == (Delivery.Status.SENT, 1, "")


def test_the_json_webhook_is_signed_with_hmac_sha256_of_the_body(
    league, commissioner, coach, receiver, django_capture_on_commit_callbacks
):
    webhook(league, commissioner, receiver.url)

    with django_capture_on_commit_callbacks(execute=True):
        team = make_team(league, coach)

    [post] = receiver.received
    expected = hmac.new(SECRET.encode(), post.body, hashlib.sha256).hexdigest()
    assert post.headers["X-Pitside-Signature"] == f"sha256={expected}"
    body = post.json()
    assert body["id"] == post.headers["X-Pitside-Delivery"]
    assert body["event"] == "signup"
    assert body["league"] == {"id": league.pk, "name": league.name}
    assert body["text"] == f"{team.name} signed up for {league.name}"
    assert body["url"] == f"/leagues/{league.pk}/"


def test_only_the_channels_taking_the_event_get_it_and_an_event_posts_once(
    league, commissioner, coach, receiver, django_capture_on_commit_callbacks
):
    discord(league, commissioner, receiver.url, events=["result-confirmed"])
    taker = webhook(league, commissioner, receiver.url, events=["signup", "draw"])

    with django_capture_on_commit_callbacks(execute=True):
        make_team(league, coach)
        assert league_announce(league_id=league.pk, event="signup", key="team-signed-up:999", text="x") == 1
        assert league_announce(league_id=league.pk, event="signup", key="team-signed-up:999", text="x") == 0

    assert list(Delivery.objects.values_list("channel_id", flat=True)) == [taker.pk, taker.pk]
    assert len(receiver.received) == 2


def test_a_500_is_tried_again_after_the_back_off_with_the_same_id_and_body(league, commissioner, coach, receiver):
    webhook(league, commissioner, receiver.url)
    receiver.script = [Answer(500)]
    make_team(league, coach)  # outside any capture: the on-commit task is not run here
    [delivery] = Delivery.objects.all()

    first = delivery_attempt(delivery_id=delivery.pk)

    assert first is not None
    assert first.status == Delivery.Status.PENDING
    assert first.retry_in == retry_delay(1)
    delivery.refresh_from_db()
    assert (delivery.tries, delivery.last_error) == (1, "HTTP 500 Internal Server Error")
    assert delivery.next_try_at is not None

    second = delivery_attempt(delivery_id=delivery.pk)

    assert second is not None
    assert second.status == Delivery.Status.SENT
    delivery.refresh_from_db()
    assert (delivery.status, delivery.tries) == (Delivery.Status.SENT, 2)
    one, two = receiver.received
    assert one.body == two.body
    assert one.headers["X-Pitside-Delivery"] == two.headers["X-Pitside-Delivery"] == str(delivery.uid)
    assert one.headers["X-Pitside-Signature"] == two.headers["X-Pitside-Signature"]
    assert delivery_attempt(delivery_id=delivery.pk) is None  # sent: nothing more to do
    assert len(receiver.received) == 2


def test_discords_429_retry_after_is_honoured(league, commissioner, coach, receiver):
    discord(league, commissioner, receiver.url)
    receiver.script = [Answer(429, {"message": "You are being rate limited.", "retry_after": 2.5, "global": False})]
    make_team(league, coach)
    [delivery] = Delivery.objects.all()

    attempt = delivery_attempt(delivery_id=delivery.pk)

    assert attempt is not None
    assert attempt.retry_in == 2.5
    delivery.refresh_from_db()
    assert delivery.last_error == "HTTP 429 Too Many Requests"
    assert timedelta(seconds=2) < delivery.next_try_at - timezone.now() <= timedelta(seconds=2.5)


def test_a_retry_after_header_is_honoured_too(league, commissioner, coach, receiver):
    webhook(league, commissioner, receiver.url)
    receiver.script = [Answer(429, headers={"Retry-After": "7"})]
    make_team(league, coach)

    attempt = delivery_attempt(delivery_id=Delivery.objects.get().pk)

    assert attempt is not None
    assert attempt.retry_in == 7.0


def test_a_redirect_is_not_followed(league, commissioner, coach, receiver):
    webhook(league, commissioner, receiver.url)
    receiver.script = [Answer(302, headers={"Location": "http://169.254.169.254/latest/meta-data/"})]
    make_team(league, coach)
    [delivery] = Delivery.objects.all()

    attempt = delivery_attempt(delivery_id=delivery.pk)

    assert attempt is not None
    assert attempt.status == Delivery.Status.PENDING
    delivery.refresh_from_db()
    assert "not followed" in delivery.last_error
    assert len(receiver.received) == 1  # and nothing went to the Location


def test_a_receiver_down_then_back_gets_the_post_once_through_the_sweep(
    league, commissioner, coach, receiver, django_capture_on_commit_callbacks
):
    webhook(league, commissioner, receiver.url)
    receiver.down()
    with django_capture_on_commit_callbacks(execute=True):  # eager: the failed try is left to the sweep
        make_team(league, coach)
    [delivery] = Delivery.objects.all()
    assert (delivery.status, delivery.tries) == (Delivery.Status.PENDING, 1)
    assert "ConnectionRefusedError" in delivery.last_error
    assert delivery_sweep() == 0  # its retry is not overdue yet

    receiver.up()
    Delivery.objects.update(next_try_at=timezone.now() - SWEEP_AFTER - timedelta(seconds=1))
    assert delivery_sweep() == 1  # queued (eager: sent at once)
    assert delivery_sweep() == 0

    [post] = receiver.received
    assert post.headers["X-Pitside-Delivery"] == str(delivery.uid)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.tries) == (Delivery.Status.SENT, 2)


def test_a_delivery_never_queued_is_sent_by_the_sweep(league, commissioner, coach, receiver):
    webhook(league, commissioner, receiver.url)
    make_team(league, coach)  # its on-commit callback never runs: as with the broker down
    assert delivery_sweep() == 0  # too fresh: its own task may be on the way

    Delivery.objects.update(created_at=timezone.now() - SWEEP_AFTER - timedelta(seconds=1))
    assert delivery_sweep() == 1
    assert len(receiver.received) == 1


def test_a_claimed_delivery_is_not_sent_twice_until_its_claim_lapses(league, commissioner, coach, receiver):
    webhook(league, commissioner, receiver.url)
    make_team(league, coach)
    [delivery] = Delivery.objects.all()
    # Another worker has it (sending, its claim running).
    Delivery.objects.update(status=Delivery.Status.SENDING, claimed_until=timezone.now() + timedelta(minutes=1), tries=1)

    assert delivery_attempt(delivery_id=delivery.pk) is None
    assert receiver.received == []

    Delivery.objects.update(claimed_until=timezone.now() - timedelta(seconds=1))  # that worker died mid-post
    assert delivery_sweep() == 1
    assert len(receiver.received) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.tries) == (Delivery.Status.SENT, 2)


def test_a_post_given_up_tells_the_commissioners_not_the_coach(league, commissioner, coach, receiver, settings):
    settings.WEBHOOKS_MAX_TRIES = 2
    webhook(league, commissioner, receiver.url)
    receiver.script = [Answer(500), Answer(503)]
    make_team(league, coach)
    [delivery] = Delivery.objects.all()

    delivery_attempt(delivery_id=delivery.pk)
    attempt = delivery_attempt(delivery_id=delivery.pk)

    assert attempt is not None
    assert (attempt.status, attempt.retry_in) == (Delivery.Status.FAILED, None)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.tries, delivery.last_error) == ("failed", 2, "HTTP 503 Service Unavailable")
    assert delivery_attempt(delivery_id=delivery.pk) is None
    told = Notification.objects.filter(event=f"channel-failed:{delivery.pk}")
    assert list(told.values_list("user__username", flat=True)) == ["commissioner"]


# --- Where posts may go ----------------------------------------------------------------------------------

# IPv6 addresses that carry a loopback or private IPv4 address on to where a translator or a relay takes them.
CARRYING = {
    "compatible ::127.0.0.1": "::127.0.0.1",
    "translated ::ffff:0:127.0.0.1": "::ffff:0:7f00:1",
    "NAT64 of 127.0.0.1": "64:ff9b::7f00:1",
    "NAT64 of 169.254.169.254": "64:ff9b::a9fe:a9fe",
    "local-use NAT64": "64:ff9b:1::7f00:1",
    "6to4 of 127.0.0.1": "2002:7f00:1::1",
    "6to4 of 10.0.0.8": "2002:a00:8::1",
    "Teredo to client 127.0.0.1": "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "Teredo by server 10.0.0.8": "2001:0:a00:8:8000:63bf:80ff:fffe",
}


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/hook",
        "file:///etc/passwd",
        "http://user:pw@example.org/hook",
        "http://127.0.0.1:8000/hook",
        "http://10.0.0.8/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        *(f"http://[{address}]/hook" for address in CARRYING.values()),
    ],
)
def test_a_url_pitside_does_not_post_to_is_refused_when_entered(league, commissioner, url):
    with pytest.raises(Invalid) as refused:
        webhook(league, commissioner, url)

    assert [(i.code, i.field) for i in refused.value.items] == [("url-refused", "url")]
    assert not Channel.objects.exists()


def test_a_name_resolving_to_loopback_is_refused_when_posting(league, commissioner, coach, receiver, settings):
    webhook(league, commissioner, f"http://localhost:{receiver.port}/hook")  # a name: checked once resolved
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    make_team(league, coach)
    [delivery] = Delivery.objects.all()

    attempt = delivery_attempt(delivery_id=delivery.pk)

    assert attempt is not None
    assert (attempt.status, attempt.retry_in) == (Delivery.Status.FAILED, None)  # it would be refused again
    delivery.refresh_from_db()
    assert "loopback, private" in delivery.last_error
    assert receiver.received == []


@pytest.mark.parametrize("address", CARRYING.values(), ids=CARRYING.keys())
def test_a_name_resolving_to_an_address_carrying_a_private_one_is_refused(address, settings, monkeypatch):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *args, **kwargs: [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, 80, 0, 0))]
    )
    connections = []
    monkeypatch.setattr(socket, "create_connection", lambda *args, **kwargs: connections.append(args))

    with pytest.raises(transport.Refused, match="or carries one"):
        transport.post("http://hooks.example.org/hook", b"{}", {})

    assert connections == []


@pytest.mark.parametrize(
    "url", ["http://[64:ff9b::808:808]/hook", "http://[::ffff:8.8.8.8]/hook", "http://[2606:4700::1111]/hook"]
)
def test_an_ipv6_address_carrying_a_public_one_is_posted_to(url, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False

    assert transport.check_url(url)[1] == url.split("[")[1].split("]")[0]
