"""Two mail tasks on one user's notifications at the same moment (a notify() task and a notify_many() batch,
or a task and the sweep), each in its own thread, connection and transaction (PostgreSQL: SQLite runs one
writer at a time, so it cannot race). The first locks the rows it mails; the second skips them: one mail (and the
second, finding them held and unsent, is retried: the first may yet fail)."""

from __future__ import annotations

import time
from typing import Any
from unittest.mock import Mock

import pytest
from django.core import mail
from django.db import transaction

import notifications.services
from notifications import tasks
from notifications.models import Notification
from notifications.services import notify_many
from notifications.tasks import notification_email, notification_email_batch
from tests.rosters.helpers import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_tasks_at_once_send_one_digest(league, coach, monkeypatch):
    # Committed with its task queued for a worker, not run eagerly at the commit (as a test's Celery would).
    monkeypatch.setattr(notifications.services, "notification_email_batch", Mock())
    with transaction.atomic():
        notify_many([(coach, "e:1", "One", "/1/"), (coach, "e:2", "Two", "/2/")], league=league, new_events=True)
    ids = sorted(Notification.objects.values_list("pk", flat=True))
    real_send = tasks.send_mail

    def slow_send(*args, **kwargs):  # the mail server takes its time: the other task arrives meanwhile
        time.sleep(0.5)
        return real_send(*args, **kwargs)

    monkeypatch.setattr(tasks, "send_mail", slow_send)
    delivered = race(lambda: held_or(notification_email_batch, ids), lambda: held_or(notification_email, ids[1]))

    assert len(mail.outbox) == 1
    assert f"- {league.name}: One\n  /1/" in mail.outbox[0].body
    assert f"- {league.name}: Two\n  /2/" in mail.outbox[0].body
    # Whichever locked them first mailed both; the other found them held (Celery retries it) or already mailed.
    assert tuple(delivered) in ((2, "held"), (2, False), ("held", True), (0, True))
    assert not Notification.objects.filter(emailed_at=None).exists()
    assert (notification_email_batch(ids), notification_email(ids[1])) == (0, False)  # the retry: nothing more
    assert len(mail.outbox) == 1


def held_or(task: Any, arg: Any) -> Any:
    """The task's result, or "held" when it found its notifications in the other task's digest, still unsent."""
    try:
        return task(arg)
    except tasks.HeldByAnother:
        return "held"
