"""Notification mail, delivered at least once.

A notification is marked e-mailed in the transaction that sends it: a mail that fails (SMTP down, a
worker killed) leaves it unsent, for its task's retries and then for the periodic sweep. A crash after
the mail left and before the commit sends it again: at least once, never lost, rarely twice."""

from __future__ import annotations

import logging
from datetime import timedelta
from smtplib import SMTPRecipientsRefused

from celery import shared_task
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from notifications.models import Notification

logger = logging.getLogger(__name__)

# What sending a mail raises when it fails: smtplib's errors and the socket's are OSErrors.
MAIL_ERRORS = (OSError,)
# The sweep leaves alone what is younger (its own task is queued and may still be running) and gives up
# on what is older (still on the dashboard); it sends at most SWEEP_BATCH a run.
SWEEP_AFTER = timedelta(minutes=5)
SWEEP_WITHIN = timedelta(days=2)
SWEEP_BATCH = 200


def _subject(text: str) -> str:
    """A subject on one line: a newline in it (a team name's) would make Django refuse the mail (BadHeaderError)."""
    return "[Pitside] " + " ".join(text.splitlines())


def _send(notification_id: int) -> bool:
    """Mail one notification unless it has been mailed. The row is locked, mailed and marked in one
    transaction: a failed mail rolls the mark back, and a second worker skips the row while the first
    holds it. Returns whether this call delivered it (mailed, or nothing to mail: no address)."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user")
            .filter(pk=notification_id, emailed_at=None)
            .first()
        )
        if notification is None:
            return False
        if notification.user.email:
            text, url = notification.text, notification.url
            send_mail(_subject(text), f"{text}\n{url}", None, [notification.user.email])
        notification.emailed_at = timezone.now()
        notification.save(update_fields=["emailed_at"])
    return True


@shared_task(autoretry_for=MAIL_ERRORS, retry_backoff=True, max_retries=5)
def notification_email(notification_id: int) -> bool:
    """Mail one notification (notify's). A retried or duplicated task never mails it twice."""
    return _send(notification_id)


@shared_task(autoretry_for=MAIL_ERRORS, retry_backoff=True, max_retries=5)
def notification_email_batch(notification_ids: list[int]) -> int:
    """Mail many notifications (notify_many's), each in its own transaction, so that one failure neither
    stops the others nor is lost: the task raises the last failure after trying them all, and its retry
    mails only what is still unsent. Returns how many this run delivered."""
    delivered, failure = 0, None
    for notification_id in notification_ids:
        try:
            delivered += _send(notification_id)
        except MAIL_ERRORS as error:
            failure = error
    if failure is not None:
        raise failure
    return delivered


@shared_task
def notification_email_sweep() -> int:
    """celery beat: mail the notifications whose mail never went (the broker was down when it was to be
    queued, or its task ran out of retries). A recipient the server refuses is skipped; any other failure
    (the server unreachable) ends the run, and the next one tries again. Returns how many were delivered."""
    now = timezone.now()
    unsent = (
        Notification.objects.filter(emailed_at=None, created_at__lte=now - SWEEP_AFTER, created_at__gt=now - SWEEP_WITHIN)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    delivered = 0
    for notification_id in unsent:
        try:
            delivered += _send(notification_id)
        except SMTPRecipientsRefused:
            logger.warning("Notification %s not mailed: the mail server refuses its recipient.", notification_id)
        except MAIL_ERRORS:
            logger.warning("Notification mail sweep stopped: the mail server is unreachable.", exc_info=True)
            break
    return delivered
