"""notifications.services.notify_many (added for the calendar's rounds): one event per user, once,
on the dashboard and by email (one digest a user), however often it is sent."""

from __future__ import annotations

from django.core import mail

from notifications.models import Notification
from notifications.services import notify, notify_many
from notifications.tasks import notification_email_batch


def test_each_user_hears_of_each_event_once(league, coach, rival, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        made = notify_many(
            [
                (coach, "challenged:1:1", "You were challenged", "/weeks/1/"),
                (rival, "challenged:1:2", "You were challenged", "/weeks/1/"),
                (coach, "challenged:1:1", "You were challenged", "/weeks/1/"),  # the same event twice in one call
            ],
            league=league,
        )
        notify(users=[rival], league=league, event="challenged:1:2", text="again", url="")
        again = notify_many([(coach, "challenged:1:1", "again", ""), (rival, "challenged:1:3", "Stolen", "")], league=league)

    assert (made, again) == (2, 1)
    assert Notification.objects.filter(user=coach).count() == 1
    # One mail a user (the digest): the rival's lists both of his events.
    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]
    [rivals] = [m for m in mail.outbox if m.to == ["rival_coach@example.com"]]
    assert "You were challenged" in rivals.body
    assert "Stolen" in rivals.body


def test_the_email_batch_never_mails_twice(league, coach, rival, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        notify_many([(coach, "e:1", "One", ""), (rival, "e:2", "Two", "")], league=league, new_events=True)
    ids = list(Notification.objects.values_list("pk", flat=True))

    assert notification_email_batch(ids) == 2
    assert notification_email_batch(ids) == 0  # a retried or duplicated task
    assert len(mail.outbox) == 2
    assert Notification.objects.filter(emailed_at=None).count() == 0
