from __future__ import annotations

from datetime import timedelta
from smtplib import SMTPServerDisconnected

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from notifications import tasks
from notifications.models import Notification
from notifications.services import notify, notify_many
from notifications.tasks import SWEEP_AFTER, notification_email_batch, notification_email_sweep


@pytest.mark.django_db
def test_an_event_notifies_each_user_once_on_the_dashboard_and_by_email(
    league, coach, rival, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        notify(users=[coach, rival], league=league, event="challenged:game:1", text="You were challenged", url="/games/1/")
        notify(users=[coach], league=league, event="challenged:game:1", text="You were challenged", url="/games/1/")

    assert Notification.objects.filter(user=coach).count() == 1
    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]
    client.force_login(coach)
    page = client.get("/notifications/")
    assert "You were challenged" in page.content.decode()
    client.post("/notifications/read/")
    assert Notification.objects.get(user=coach).read_at is not None


@pytest.fixture
def smtp_down(settings):
    """A mail server nobody listens on: every send is refused (ConnectionRefusedError)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 1, 2


def sweep_later() -> int:
    """The periodic sweep, run once the notifications are older than it leaves to their own tasks."""
    Notification.objects.update(created_at=timezone.now() - SWEEP_AFTER - timedelta(seconds=1))
    return notification_email_sweep()


@pytest.mark.django_db
def test_a_mail_that_fails_with_smtp_down_is_sent_once_smtp_is_back(
    league, coach, smtp_down, settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        notify(users=[coach], league=league, event="challenged:game:1", text="You were challenged", url="/games/1/")

    [notice] = Notification.objects.all()
    assert notice.emailed_at is None  # not marked e-mailed: the retries and the sweep still owe it
    assert notification_email_sweep() == 0  # too fresh: its own task may still be retrying

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # SMTP is back
    assert sweep_later() == 1
    assert sweep_later() == 0  # once
    [message] = mail.outbox
    assert message.to == ["own_coach@example.com"]
    assert message.subject == f"[Pitside] {league.name}: You were challenged"
    notice.refresh_from_db()
    assert notice.emailed_at is not None


@pytest.mark.django_db
def test_the_sweep_stops_while_smtp_is_down_and_leaves_everything_for_the_next_run(league, coach, rival, smtp_down):
    with transaction.atomic():  # no commit callbacks: as when the broker was down
        notify(users=[coach, rival], league=league, event="auction-open:game:1", text="The auction is open")

    assert sweep_later() == 0
    assert Notification.objects.filter(emailed_at=None).count() == 2


@pytest.mark.django_db
def test_a_newline_in_a_subject_does_not_stop_the_batch(league, coach, rival, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_many(
            [
                (coach, "team-signed-up:1", "Evil\r\nBcc: everyone@example.com signed up for League", "/leagues/1/"),
                (rival, "team-signed-up:2", "Brutal Berthas signed up for League", "/leagues/1/"),
            ],
            league=league,
            new_events=True,
        )

    assert sorted(m.subject for m in mail.outbox) == [
        f"[Pitside] {league.name}: Brutal Berthas signed up for League",
        f"[Pitside] {league.name}: Evil Bcc: everyone@example.com signed up for League",
    ]
    assert not Notification.objects.filter(emailed_at=None).exists()


@pytest.mark.django_db
def test_one_failed_mail_of_a_batch_is_retried_and_the_others_are_sent(
    league, coach, rival, monkeypatch, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        notify_many([(coach, "e:1", "One", ""), (rival, "e:2", "Two", "")], league=league, new_events=True)
    ids = sorted(Notification.objects.values_list("pk", flat=True))
    real_send = tasks.send_mail

    def refuse_the_coach(subject, message, sender, recipients):
        if recipients == ["own_coach@example.com"]:
            raise SMTPServerDisconnected("gone")
        return real_send(subject, message, sender, recipients)

    monkeypatch.setattr(tasks, "send_mail", refuse_the_coach)
    with pytest.raises(SMTPServerDisconnected):  # the task raises: Celery retries it
        notification_email_batch(ids)
    assert [m.to for m in mail.outbox] == [["rival_coach@example.com"]]

    monkeypatch.setattr(tasks, "send_mail", real_send)
    assert notification_email_batch(ids) == 1  # the retry sends only what is still unsent
    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]


def test_celery_beat_runs_the_mail_sweep():
    from django.conf import settings

    from pitside.celery import app

    app.loader.import_default_modules()
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["notification-email-sweep"]["task"] == notification_email_sweep.name
    assert all(entry["task"] in app.tasks for entry in schedule.values())


@pytest.mark.django_db
def test_a_text_longer_than_its_column_is_cut_to_fit(league, coach, rival):
    # a 150-character username in a season with a 100-character name: longer than the column (a 500 on PostgreSQL)
    text = f"{'u' * 150} submitted the result of {'Season ' * 15} week 1: {'confirm it. ' * 10}"
    told = f"{league.name}: {text}"  # after its league's name
    notify(users=[coach], league=league, event="result:game:1", text=text)
    notify_many([(rival, "result:game:1", text, "")], league=league)

    for notification in Notification.objects.all():
        assert len(notification.text) == Notification._meta.get_field("text").max_length
        assert notification.text == told[: len(notification.text) - 1] + "\u2026"
