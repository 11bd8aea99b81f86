"""A real Celery worker on Redis posts to a real receiver: it retries with back-off while the receiver is
down and delivers each post once it is back (nothing lost, nothing doubled), waits out Discord's 429, and
gives up a post to a receiver dripping its answer at the post's deadline, never posting a delivery twice at once."""

from __future__ import annotations

import time

import pytest

from tests.factories import make_team
from tests.tasks.test_worker import wait_for, worker_on_redis
from tests.webhooks.receiver import Answer, running_drip_receiver, running_receiver
from webhooks.models import Delivery
from webhooks.services import channel_create
from webhooks.tasks import delivery_sweep

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


def test_a_dripping_receiver_holds_each_post_only_until_its_deadline_and_gets_it_once_at_a_time(
    league, commissioner, coach, rival, tmp_path, worker_env, monkeypatch
):
    """The issue's receiver: the status line at once, then a byte every half second (each well within a read's
    timeout), for up to 45 s. Each delivery's first post ends at its 2 s deadline, a failed try; its retry gets a
    204. The sweep, run all along, queues none of them again."""
    monkeypatch.setenv("WEBHOOKS_TIMEOUT", "2")
    swept: list[int] = []

    def sent_while_sweeping() -> bool:
        swept.append(delivery_sweep())
        return not Delivery.objects.exclude(status=Delivery.Status.SENT).exists()

    with running_drip_receiver() as drip, worker_on_redis(tmp_path):
        channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=drip.url, secret="s", events=["signup"])
        make_team(league, coach)
        make_team(league, rival, name="Venture Cabal", portfolio="nemesis")

        assert wait_for(sent_while_sweeping, timeout=60), "not delivered"
        time.sleep(3)  # a duplicate post, were there one, would come now

    posts = drip.by_delivery()
    assert sorted(posts) == sorted(str(u) for u in Delivery.objects.values_list("uid", flat=True))
    for dripped, answered in posts.values():  # two posts a delivery, no more
        assert dripped.ended is not None
        assert dripped.ended - dripped.came < 2.5
        assert answered.came >= dripped.ended  # one at a time
    assert set(swept) == {0}
    timed_out = "TimeoutError: no complete answer within 2 s"
    assert list(Delivery.objects.values_list("tries", "last_error")) == [(2, timed_out), (2, timed_out)]
