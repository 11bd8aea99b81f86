"""With the mail server down, a mail task tries 1 + MAIL_RETRIES times (the README's five retries), counted at the
SMTP connection, also when another task held its notifications at first (that task may fail: it is no delivery).
Celery runs the retries eagerly here, one after the other, the countdown skipped."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from celery.signals import task_retry
from django.db import connection

from notifications.models import Notification
from notifications.tasks import MAIL_RETRIES, notification_email, notification_email_batch
from pitside.celery import app


@pytest.fixture
def smtp_attempts(settings, monkeypatch) -> list[tuple[str, int]]:
    """A mail server nobody listens on (each send is refused: ConnectionRefusedError), and each connection tried."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 1, 2
    attempts: list[tuple[str, int]] = []
    real_connect = smtplib.SMTP.connect

    def connect(self: smtplib.SMTP, host: str = "localhost", port: int = 0, source_address: Any = None) -> Any:
        attempts.append((host, port))
        return real_connect(self, host, port, source_address)

    monkeypatch.setattr(smtplib.SMTP, "connect", connect)
    # Eager retries run only when the failure is not raised to the caller at once.
    monkeypatch.setitem(app.conf, "task_eager_propagates", False)
    return attempts


def unsent_notification(user: Any) -> Notification:
    return Notification.objects.create(user=user, event="challenged:game:1", text="You were challenged")


TASKS = [(notification_email, lambda n: (n.pk,)), (notification_email_batch, lambda n: ([n.pk],))]


@pytest.mark.django_db
@pytest.mark.parametrize(("task", "args"), TASKS)
def test_a_mail_task_tries_the_documented_number_of_times(coach, smtp_attempts, task, args):
    notice = unsent_notification(coach)

    result = task.apply(args(notice))

    assert result.state == "FAILURE"
    assert isinstance(result.result, ConnectionRefusedError)
    assert smtp_attempts == [("127.0.0.1", 1)] * (1 + MAIL_RETRIES) == [("127.0.0.1", 1)] * 6
    assert Notification.objects.get(pk=notice.pk).emailed_at is None  # left to the sweep


@pytest.fixture
def held_until_the_first_retry() -> Iterator[Any]:
    """Lock notifications from another connection, as another task's digest does while it mails them; the lock is
    let go (that task failed: rolled back) when the task under test is retried the first time."""
    db = connection.settings_dict
    other = psycopg.connect(host=db["HOST"], port=db["PORT"], user=db["USER"], dbname=db["NAME"])

    def hold(notice: Notification) -> None:
        other.execute("SELECT id FROM notifications_notification WHERE id = %s FOR UPDATE", [notice.pk])

    def let_go(**kwargs: Any) -> None:
        other.rollback()

    task_retry.connect(let_go, weak=False)
    try:
        yield hold
    finally:
        task_retry.disconnect(let_go)
        other.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("task", "args"), TASKS)
def test_notifications_held_by_another_task_are_no_delivery(coach, smtp_attempts, held_until_the_first_retry, task, args):
    notice = unsent_notification(coach)
    held_until_the_first_retry(notice)

    result = task.apply(args(notice))

    # The first run found them held and did not count that as done; the other task failed, so the retries mail.
    assert result.state == "FAILURE"
    assert len(smtp_attempts) == MAIL_RETRIES
    assert Notification.objects.get(pk=notice.pk).emailed_at is None
