"""Each kind of background work has a queue of its own and its own worker: channel posts held by a receiver
that drip-feeds its answer do not delay a sheet, which renders on the sheets' worker meanwhile."""

from __future__ import annotations

import time

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from pitside.celery import app
from sheets.models import Sheet
from slaughterball.large import seed_large
from slaughterball.models import Season
from tests.factories import make_team
from tests.tasks.test_worker import wait_for, worker_on_redis
from tests.webhooks.receiver import running_drip_receiver
from webhooks.services import channel_create

CHANNELS = 4
# Which queue each app's tasks go to (the rest to Celery's default, `celery`).
QUEUE_OF_APP = {
    "webhooks": "channels",
    "notifications": "mail",
    "accounts": "mail",
    "sheets": "sheets",
    "slaughterball": "standings",
    "bloodbowl": "standings",
}


@pytest.mark.celery_worker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_channel_posts_held_by_a_slow_receiver_do_not_delay_a_sheet(league, commissioner, coach, tmp_path, monkeypatch):
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    monkeypatch.setattr(django_settings, "WEBHOOKS_ALLOW_PRIVATE", True)
    season = Season.objects.get(league=seed_large(6, 2))
    url = reverse("season-ranking-pdf", args=[season.pk])
    # One worker for the channels' queue and one for the sheets', as deploy/systemd starts them (one process each).
    with worker_on_redis(tmp_path, workers=(("channels",), ("sheets",))), running_drip_receiver(interval=1.0) as receiver:
        for _ in range(CHANNELS):
            channel_create(
                league_id=league.pk, user=commissioner, kind="webhook", url=receiver.url, secret="s", events=["signup"]
            )
        make_team(league, coach)  # a post to each channel, queued on commit
        assert wait_for(lambda: receiver.holding > 0), "no post reached the receiver"

        queued = time.monotonic()
        assert Client().get(url).status_code == 202  # queued on the sheets' queue
        sheet = Sheet.objects.get(kind="slaughterball-ranking", object_id=season.pk)
        assert wait_for(lambda: Sheet.objects.get(pk=sheet.pk).state == Sheet.State.READY, timeout=60), "the sheet waited"
        rendered_in = time.monotonic() - queued
        # The channels' worker was held all along: the sheet did not wait for it.
        assert receiver.holding > 0
    assert rendered_in < 30


def test_every_task_is_routed_to_its_kind_of_work():
    app.loader.import_default_modules()
    names = [name for name in app.tasks if not name.startswith("celery.")]
    queue_of = {name: app.amqp.router.route({}, name)["queue"].name for name in names}
    assert queue_of == {name: QUEUE_OF_APP.get(name.split(".")[0], "celery") for name in names}
    assert {"channels", "mail", "sheets", "standings"} <= set(queue_of.values())
