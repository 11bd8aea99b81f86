from __future__ import annotations

from celery import shared_task
from django.core.mail import send_mail
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
