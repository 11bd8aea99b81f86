"""The mail digest (notifications.tasks): a user's notifications not yet mailed when a mail task runs go
in one mail listing them; a failure leaves them all unsent; a retry or a second task never mails twice."""

from __future__ import annotations

from smtplib import SMTPServerDisconnected

import pytest
from django.core import mail

from notifications import tasks
from notifications.models import Notification
from notifications.services import notify, notify_many
from notifications.tasks import notification_email, notification_email_batch
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_several_events_of_one_request_make_one_mail_listing_them(
    league, coach, rival, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://pitside.example"
    with django_capture_on_commit_callbacks(execute=True):  # one request: three events for the coach, one for the rival
        notify(users=[coach], league=league, event="e:1", text="Your turn to challenge", url="/weeks/1/")
        notify(
            users=[coach, rival],
            league=league,
            event="e:2",
            text="The maverick auction of game 3 is open",
            url="/games/3/auction/",
        )
        notify_many([(coach, "e:3", "Your lineup pick in game 3", "/games/3/lineup/")], league=league)

    coach_mails = [m for m in mail.outbox if m.to == ["own_coach@example.com"]]
    rival_mails = [m for m in mail.outbox if m.to == ["rival_coach@example.com"]]
    assert len(coach_mails) == 1
    assert len(rival_mails) == 1
    [digest] = coach_mails
    assert digest.subject == "[Pitside] 3 new notifications"
    assert digest.body == (
        f"- {league.name}: Your turn to challenge\n  https://pitside.example/weeks/1/\n\n"
        f"- {league.name}: The maverick auction of game 3 is open\n  https://pitside.example/games/3/auction/\n\n"
        f"- {league.name}: Your lineup pick in game 3\n  https://pitside.example/games/3/lineup/"
    )
    # One notice: its own words, after its league's name.
    assert rival_mails[0].subject == f"[Pitside] {league.name}: The maverick auction of game 3 is open"
    assert not Notification.objects.filter(emailed_at=None).exists()


def test_a_filled_round_mails_each_coach_once(league, coach, rival, django_capture_on_commit_callbacks):
    messages = [(user, f"challenged:{game}:{user.pk}", f"Game {game}", "/weeks/1/") for game in (1, 2) for user in (coach, rival)]
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_many(messages, league=league, new_events=True) == 4

    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]
    assert all("Game 1" in m.body and "Game 2" in m.body for m in mail.outbox)


def test_a_failed_digest_stays_unsent_and_its_retry_mails_it_once(league, coach, monkeypatch, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # queued, not yet run
        notify_many([(coach, "e:1", "One", "/1/"), (coach, "e:2", "Two", "/2/")], league=league, new_events=True)
    ids = sorted(Notification.objects.values_list("pk", flat=True))
    real_send = tasks.send_mail

    def smtp_gone(*args, **kwargs):
        raise SMTPServerDisconnected("gone")

    monkeypatch.setattr(tasks, "send_mail", smtp_gone)
    with pytest.raises(SMTPServerDisconnected):  # raised: Celery retries the task
        notification_email_batch(ids)
    assert Notification.objects.filter(emailed_at=None).count() == 2  # both still owed
    assert mail.outbox == []

    monkeypatch.setattr(tasks, "send_mail", real_send)
    assert notification_email_batch(ids) == 2  # the retry: one mail with both
    assert notification_email_batch(ids) == 0  # a duplicated task
    assert notification_email(ids[0]) is False  # notify()'s own task, late: already in the digest
    [digest] = mail.outbox
    assert f"- {league.name}: One\n  /1/" in digest.body
    assert f"- {league.name}: Two\n  /2/" in digest.body


def test_a_notification_made_after_a_digest_went_gets_its_own_mail(league, coach, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify(users=[coach], league=league, event="e:1", text="One", url="")
    with django_capture_on_commit_callbacks(execute=True):
        notify(users=[coach], league=league, event="e:2", text="Two", url="")

    assert [m.subject for m in mail.outbox] == [f"[Pitside] {league.name}: One", f"[Pitside] {league.name}: Two"]


def test_a_user_without_an_address_gets_no_mail_but_his_rows_are_marked(league, coach, django_capture_on_commit_callbacks):
    nobody = UserFactory(username="no_mail", email="")
    with django_capture_on_commit_callbacks(execute=True):
        notify_many(
            [(nobody, "e:1", "One", ""), (nobody, "e:2", "Two", ""), (coach, "e:1", "One", "")], league=league, new_events=True
        )

    assert [m.to for m in mail.outbox] == [["own_coach@example.com"]]
    assert not Notification.objects.filter(emailed_at=None).exists()
