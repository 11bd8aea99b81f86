"""A post ends by one deadline, WEBHOOKS_TIMEOUT seconds after it starts, whatever the receiver does: one that
answers its status line (or its head) and then a byte at a time, each byte well within a read's timeout, over
HTTP or TLS, or a name server that does not answer, holds it no longer. The try is a failure, retried later;
its claim still runs when the post ends, so the sweep leaves it alone. A deadline of none or past a minute
stops Pitside at start."""

from __future__ import annotations

import socket
import ssl
import subprocess
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_team
from tests.test_settings import manage
from tests.webhooks.receiver import DripReceiver, running_drip_receiver
from webhooks import transport
from webhooks.models import Delivery
from webhooks.services import CLAIM_MARGIN, channel_create, delivery_attempt, retry_delay
from webhooks.tasks import delivery_sweep

DEADLINE = 2
TIMED_OUT = f"TimeoutError: no complete answer within {DEADLINE} s"
# What a dripping receiver sends at once: a status line (its headers then dripped), or a whole head (its body dripped).
HEADS = {
    "headers": b"HTTP/1.1 200 OK\r\n",
    "body": b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 1000\r\n\r\n",
}


@pytest.fixture
def deadline(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the receivers are on 127.0.0.1
    settings.WEBHOOKS_TIMEOUT = DEADLINE


def timed_post(url: str) -> tuple[transport.Answer, float]:
    started = time.monotonic()
    answer = transport.post(url, b"{}", {"X-Pitside-Delivery": "d1"})
    return answer, time.monotonic() - started


def hung_up_in_time(drip: DripReceiver) -> bool:
    """The receiver saw its one post end (the client hung up) within the deadline, not when it stopped dripping."""
    for _ in range(20):
        [post] = drip.posts
        if post.ended is not None:
            return post.ended - post.came < DEADLINE + 0.5
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("head", HEADS.values(), ids=HEADS.keys())
def test_a_dripping_receiver_holds_a_post_no_longer_than_its_deadline(deadline, head):
    with running_drip_receiver(head=head, longest=10) as drip:
        answer, took = timed_post(drip.url)

        assert (answer.ok, answer.error) == (False, TIMED_OUT)
        assert DEADLINE - 0.05 <= took < DEADLINE + 0.5
        assert hung_up_in_time(drip)


def test_over_tls_too(deadline, tmp_path, monkeypatch):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    request = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
    subject = ["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)]
    subprocess.run([*request, *subject], check=True, capture_output=True)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    trusting = ssl.create_default_context
    monkeypatch.setattr(ssl, "create_default_context", lambda: trusting(cafile=str(cert)))  # the client trusts it

    with running_drip_receiver(longest=10, tls=server) as drip:
        answer, took = timed_post(drip.url)

        assert (answer.ok, answer.error) == (False, TIMED_OUT)
        assert DEADLINE - 0.05 <= took < DEADLINE + 0.5
        assert hung_up_in_time(drip)


def test_a_name_server_that_does_not_answer_holds_a_post_no_longer(deadline, monkeypatch):
    def slow_lookup(*args, **kwargs):
        time.sleep(5)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 9))]

    monkeypatch.setattr(socket, "getaddrinfo", slow_lookup)

    answer, took = timed_post("http://hooks.example.org/hook")

    assert (answer.ok, answer.error) == (False, TIMED_OUT)
    assert DEADLINE - 0.05 <= took < DEADLINE + 0.5


@pytest.mark.django_db
def test_a_try_at_a_dripping_receiver_fails_at_the_deadline_within_its_claim(deadline, league, commissioner, coach, monkeypatch):
    with running_drip_receiver(longest=10) as drip:
        channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=drip.url, secret="s", events=["signup"])
        make_team(league, coach)  # its on-commit task is not run here
        [delivery] = Delivery.objects.all()
        # The moment the post ends, before its outcome is recorded: how long the claim still runs, and what the
        # sweep queues then.
        at_the_end: list[tuple[timedelta, int]] = []
        posting = transport.post

        def post_then_sweep(*args, **kwargs):
            answer = posting(*args, **kwargs)
            at_the_end.append((Delivery.objects.get().claimed_until - timezone.now(), delivery_sweep()))
            return answer

        monkeypatch.setattr(transport, "post", post_then_sweep)
        started = time.monotonic()

        attempt = delivery_attempt(delivery_id=delivery.pk)

        assert time.monotonic() - started < DEADLINE + 1
        assert attempt is not None
        assert (attempt.status, attempt.retry_in) == (Delivery.Status.PENDING, retry_delay(1))
        [(claim_left, swept)] = at_the_end
        assert claim_left > CLAIM_MARGIN - timedelta(seconds=1)
        assert swept == 0
        delivery.refresh_from_db()
        assert (delivery.status, delivery.tries, delivery.last_error) == (Delivery.Status.PENDING, 1, TIMED_OUT)
        assert delivery.claimed_until is None
        assert [p.delivery for p in drip.posts] == [str(delivery.uid)]


@pytest.mark.parametrize("seconds", ["0", "61"])
def test_a_deadline_of_none_or_past_a_minute_stops_pitside(seconds):
    result = manage("check", WEBHOOKS_TIMEOUT=seconds)

    assert result.returncode != 0
    assert "WEBHOOKS_TIMEOUT, a channel post's deadline, is more than 0 and at most 60 seconds." in result.stderr
