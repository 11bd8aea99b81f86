"""A real Celery worker on Redis posts to a real receiver: it retries with back-off while the receiver is
down and delivers each post once it is back (nothing lost, nothing doubled), and waits out Discord's 429."""

from __future__ import annotations

import time

import pytest

from tests.factories import make_team
from tests.tasks.test_worker import wait_for, worker_on_redis
from tests.webhooks.receiver import Answer, running_receiver
from webhooks.models import Delivery
from webhooks.services import channel_create

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker_env(monkeypatch, settings):
    """The worker (and this process) may post to 127.0.0.1, and backs off from half a second."""
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("WEBHOOKS_RETRY_BASE", "0.5")
    monkeypatch.setenv("WEBHOOKS_RETRY_CAP", "2")
    settings.WEBHOOKS_ALLOW_PRIVATE = True


def test_a_receiver_down_for_a_while_gets_every_post_once_when_back(league, commissioner, coach, rival, tmp_path, worker_env):
    with running_receiver(up=False) as receiver, worker_on_redis(tmp_path):
        channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=receiver.url, secret="s", events=["signup"])
        make_team(league, coach)
        make_team(league, rival, name="Venture Cabal", portfolio="nemesis")

        assert wait_for(lambda: all(d.tries >= 2 for d in Delivery.objects.all())), "the worker did not retry"
        # Both still waiting to be sent: none given up or sent (one may be mid-retry, "sending", at this moment).
        assert Delivery.objects.count() == 2
        assert not Delivery.objects.filter(status__in=[Delivery.Status.SENT, Delivery.Status.FAILED]).exists()
        receiver.up()
        assert wait_for(lambda: not Delivery.objects.exclude(status=Delivery.Status.SENT).exists()), "not delivered"
        time.sleep(3)  # a duplicate post, were there one, would come now

    uids = sorted(str(u) for u in Delivery.objects.values_list("uid", flat=True))
    assert sorted(r.headers["X-Pitside-Delivery"] for r in receiver.received) == uids
    assert all("ConnectionRefusedError" in d.last_error for d in Delivery.objects.all())


def test_the_worker_waits_for_discords_retry_after(league, commissioner, coach, tmp_path, worker_env):
    with running_receiver() as receiver, worker_on_redis(tmp_path):
        receiver.script = [Answer(429, {"message": "You are being rate limited.", "retry_after": 2.0, "global": False})]
        channel_create(league_id=league.pk, user=commissioner, kind="discord", url=receiver.url, events=["signup"])
        make_team(league, coach)

        assert wait_for(lambda: Delivery.objects.filter(status=Delivery.Status.SENT).exists()), "not delivered"

    first, second = receiver.received
    assert second.at - first.at >= 2.0
    assert first.body == second.body
    delivery = Delivery.objects.get()
    assert (delivery.tries, delivery.last_error) == (2, "HTTP 429 Too Many Requests")
