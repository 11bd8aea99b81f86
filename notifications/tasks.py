from __future__ import annotations

from celery import shared_task
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from notifications.models import Notification


@shared_task(autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def notification_email(notification_id: int) -> bool:
    """Mail one notification. The conditional update claims it first, so a retried or duplicated
    task never mails twice. Returns whether mail was sent."""
    claimed = Notification.objects.filter(pk=notification_id, emailed_at=None).update(emailed_at=timezone.now())
    if not claimed:
        return False
    notification = Notification.objects.select_related("user").get(pk=notification_id)
    if notification.user.email:
        send_mail(f"[Pitside] {notification.text}", f"{notification.text}\n{notification.url}", None, [notification.user.email])
    return True


@shared_task(autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def notification_email_batch(notification_ids: list[int]) -> int:
    """Mail many notifications (notify_many's): they are claimed together in one transaction (rows
    another worker holds are skipped, rows already mailed are left), then mailed. A retried or
    duplicated task never mails one twice. Returns how many were sent."""
    with transaction.atomic():
        claimed = list(
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(pk__in=notification_ids, emailed_at=None)
            .select_related("user")
        )
        Notification.objects.filter(pk__in=[n.pk for n in claimed]).update(emailed_at=timezone.now())
    sent = 0
    for notification in claimed:
        if notification.user.email:
            text, url = notification.text, notification.url
            send_mail(f"[Pitside] {text}", f"{text}\n{url}", None, [notification.user.email])
            sent += 1
    return sent
