"""`make run` has no Redis: the embedded worker it starts beside the server (`manage.py embedded_worker`, a
worker with celery beat in it on a broker in files) runs the periodic jobs, so a channel post that failed is
sent again and a mail never sent is mailed; SIGTERM (what `make run` sends it on Ctrl-C) stops all of it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from notifications.models import Notification
from tests.factories import make_team
from tests.tasks.test_worker import wait_for
from tests.webhooks.receiver import running_receiver
from webhooks.models import Delivery
from webhooks.services import channel_create

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@contextmanager
def embedded_worker(folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`make run`'s worker command, without Redis, against this test's database, with its broker and its mail
    in `folder` and every periodic job due each second (tests.tasks.embedded_settings); SIGTERM at the end."""
    db = connection.settings_dict
    env = {name: value for name, value in os.environ.items() if name != "REDIS_URL"}
    env |= {
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "DJANGO_SETTINGS_MODULE": "tests.tasks.embedded_settings",
        "EMBEDDED_CELERY_DIR": str(folder / "celery"),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(folder / "mail"),
        "WEBHOOKS_ALLOW_PRIVATE": "true",
    }
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "embedded_worker"], env=env, cwd=settings.BASE_DIR, start_new_session=True
    )
    try:
        yield worker
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)


def living_in_group(group: int) -> list[int]:
    """The processes of a process group not yet dead (Linux's /proc: state, parent and group follow the name)."""
    living = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, _parent, process_group = stat.read_text().rsplit(")", 1)[1].split()[:3]
        except (OSError, IndexError):
            continue  # ended while read
        if int(process_group) == group and state != "Z":
            living.append(int(stat.parent.name))
    return living


def test_its_sweeps_send_a_failed_post_again_and_mail_what_was_left_unsent(league, commissioner, coach, tmp_path, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    with running_receiver(up=False) as receiver:
        channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=receiver.url, secret="s", events=["signup"])
        team = make_team(league, coach)  # its post fails at once (eager, the receiver down): left to the sweep
        delivery = Delivery.objects.get()
        assert (delivery.status, delivery.tries) == (Delivery.Status.PENDING, 1)
        # Both sweeps leave alone what is younger than 5 minutes: the post's retry came due, the mail failed, then.
        long_ago = timezone.now() - timedelta(minutes=6)
        Delivery.objects.update(next_try_at=long_ago)
        Notification.objects.filter(user=commissioner).update(emailed_at=None, created_at=long_ago)
        receiver.up()

        with embedded_worker(tmp_path):
            assert wait_for(lambda: Delivery.objects.get().status == Delivery.Status.SENT, timeout=60), "post not sent"
            assert wait_for(lambda: not Notification.objects.filter(emailed_at=None).exists(), timeout=60), "not mailed"

    assert [r.headers["X-Pitside-Delivery"] for r in receiver.received] == [str(delivery.uid)]
    (mail,) = (tmp_path / "mail").iterdir()
    assert f"{league.name}: {team.name} signed up." in mail.read_text()


def test_sigterm_stops_the_worker_its_pool_and_beat(tmp_path):
    with embedded_worker(tmp_path) as worker:
        # The worker, its one pool process and beat.
        assert wait_for(lambda: len(living_in_group(worker.pid)) == 3, timeout=60), living_in_group(worker.pid)

    assert worker.returncode == 0
    assert wait_for(lambda: not living_in_group(worker.pid)), "left running after the worker stopped"
