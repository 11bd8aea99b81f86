"""A real worker keeps running through Redis outages while it holds tasks waiting on a retry's countdown (channel
posts to a receiver that is down), and runs what is queued once Redis is back. Kombu 5.7's Redis transport made
it exit instead (`Restoring 3 unacknowledged message(s)`, then `Unrecoverable error: AttributeError(... 'hostname')`):
pitside.broker is the fix."""

from __future__ import annotations

import time

import pytest

from sheets.tasks import sheet_sweep_task
from tests.factories import UserFactory, make_team
from tests.tasks import test_worker
from tests.tasks.test_worker import drop_cached_connections, own_redis, wait_for, worker_on_redis, worker_process
from tests.webhooks.receiver import running_receiver
from webhooks.models import Delivery
from webhooks.services import channel_create
from webhooks.tasks import delivery_send

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

OUTAGES = 3
POSTS = 3


def test_the_worker_survives_redis_outages_with_retries_in_hand(league, commissioner, tmp_path, monkeypatch, settings):
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("WEBHOOKS_RETRY_BASE", "120")  # each failed post waits on its worker for two minutes
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    with own_redis() as redis, running_receiver(up=False) as receiver:
        monkeypatch.setattr(test_worker, "REDIS_TEST_URL", redis.url)
        with worker_on_redis(tmp_path) as prefix:
            url = receiver.url
            channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=url, secret="s", events=["signup"])
            for number in range(POSTS):
                make_team(league, UserFactory(), name=f"Outage {number}")
            deliveries = list(Delivery.objects.values_list("pk", flat=True))
            assert len(deliveries) == POSTS

            for outage in range(1, OUTAGES + 1):
                # Each post tried (the receiver is down) and held by the worker until its retry is due.
                assert wait_for(lambda tries=outage: all(d.tries >= tries and d.next_try_at for d in Delivery.objects.all()))
                time.sleep(1)  # the retries reach the worker, which holds them unacknowledged
                redis.stop()
                time.sleep(5)
                redis.start()  # empty: what it held is gone, as the sweeps expect of a Redis that lost its memory
                time.sleep(5)  # the worker reconnects
                worker_process(prefix)  # still running: raises when it has exited
                drop_cached_connections()  # this process's broker connection died with Redis
                # The next round of tries, as the sweep would queue them: the worker takes them.
                for delivery_id in deliveries:
                    delivery_send.delay(delivery_id)

            assert wait_for(lambda: all(d.tries > OUTAGES for d in Delivery.objects.all())), "the worker ran nothing after"
            assert sheet_sweep_task.delay().get(timeout=30) == 0
            worker_process(prefix)
