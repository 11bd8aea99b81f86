from __future__ import annotations

import pytest
from django.core import mail

from notifications.models import Notification
from notifications.services import notify, notify_many


@pytest.mark.django_db
def test_an_event_notifies_each_user_once_on_the_dashboard_and_by_email(coach, rival, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify(users=[coach, rival], event="challenged:game:1", text="You were challenged", url="/games/1/")
        notify(users=[coach], event="challenged:game:1", text="You were challenged", url="/games/1/")

    assert Notification.objects.filter(user=coach).count() == 1
    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]
    client.force_login(coach)
    page = client.get("/notifications/")
    assert "You were challenged" in page.content.decode()
    client.post("/notifications/read/")
    assert Notification.objects.get(user=coach).read_at is not None


@pytest.mark.django_db
def test_a_text_longer_than_its_column_is_cut_to_fit(coach, rival):
    # a 150-character username in a season with a 100-character name: longer than the column (a 500 on PostgreSQL)
    text = f"{'u' * 150} submitted the result of {'Season ' * 15} week 1: {'confirm it. ' * 10}"
    notify(users=[coach], event="result:game:1", text=text)
    notify_many([(rival, "result:game:1", text, "")])

    for notification in Notification.objects.all():
        assert len(notification.text) == Notification._meta.get_field("text").max_length
        assert notification.text == text[: len(notification.text) - 1] + "\u2026"
