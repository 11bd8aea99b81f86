"""Notification mail, delivered at least once, in digest.

A user gets one mail for all his notifications not yet mailed when a mail task runs (a filled challenge
round, several events of one request, or what a failure left unsent): each task mails whole digests, one
a user. A notification is marked e-mailed in the transaction that sends it: a mail that fails (SMTP down,
a worker killed) leaves the digest's notifications unsent, for its task's retries and then for the
periodic sweep. A crash after the mail left and before the commit sends it again: at least once, never
lost, rarely twice. A user without an e-mail address gets no mail; his notifications are marked all the same.

A task is done when its notifications are mailed, not when another task holds them: that task may yet fail,
so the one that found them held tries again later, like after a failure of its own. Each task runs at most
1 + MAIL_RETRIES times (the README's "five times")."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from smtplib import SMTPRecipientsRefused

from celery import shared_task
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from notifications.models import Notification
from pitside.links import site_link

logger = logging.getLogger(__name__)

# What sending a mail raises when it fails: smtplib's errors and the socket's are OSErrors.
MAIL_ERRORS = (OSError,)
# How many times a mail task tries again, backing off (1 s, 2 s, 4 s, ... with jitter), after its first run.
MAIL_RETRIES = 5
# The sweep leaves alone what is younger (its own task is queued and may still be running) and gives up
# on what is older (still on the dashboard); it sends at most SWEEP_BATCH digests (users) a run.
SWEEP_AFTER = timedelta(minutes=5)
SWEEP_WITHIN = timedelta(days=2)
SWEEP_BATCH = 200


def _one_line(text: str) -> str:
    """A newline in a subject (a team name's) would make Django refuse the mail (BadHeaderError)."""
    return " ".join(text.splitlines())


class HeldByAnother(Exception):
    """The task's notifications are in another task's digest, being mailed now: it may fail, so try again later."""


def _unsent(notification_ids: Sequence[int]) -> QuerySet[Notification]:
    """Those of the notifications still owed a mail (the digest leaves older ones to the dashboard)."""
    return Notification.objects.filter(pk__in=notification_ids, emailed_at=None, created_at__gt=timezone.now() - SWEEP_WITHIN)


def _subject(notices: Sequence[Notification]) -> str:
    if len(notices) == 1:
        return "[Pitside] " + _one_line(notices[0].text)
    return f"[Pitside] {len(notices)} new notifications"


def _body(notices: Sequence[Notification]) -> str:
    """Each notice with its link (absolute when SITE_URL is set), oldest first."""
    if len(notices) == 1:
        return f"{notices[0].text}\n{site_link(notices[0].url)}"
    return "\n\n".join(f"- {n.text}\n  {site_link(n.url)}" if n.url else f"- {n.text}" for n in notices)


def _send(user_id: int) -> list[int]:
    """The digest: mail one user, in one mail, every notification of his not yet mailed (of the last
    SWEEP_WITHIN), and mark them mailed. They are locked, mailed and marked in one transaction: a failed
    mail rolls the marks back, and a second worker skips the rows while the first holds them (its own
    digest then holds only what the first did not take). Returns the ids this call delivered (mailed, or
    nothing to mail: no address), oldest first."""
    with transaction.atomic():
        notices = list(
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user")
            .filter(user_id=user_id, emailed_at=None, created_at__gt=timezone.now() - SWEEP_WITHIN)
            .order_by("created_at", "pk")
        )
        if not notices:
            return []
        address = notices[0].user.email
        if address:
            send_mail(_subject(notices), _body(notices), None, [address])
        ids = [n.pk for n in notices]
        Notification.objects.filter(pk__in=ids).update(emailed_at=timezone.now())
    return ids


@shared_task(autoretry_for=(*MAIL_ERRORS, HeldByAnother), retry_backoff=True, max_retries=MAIL_RETRIES)
def notification_email(notification_id: int) -> bool:
    """Mail one notification (notify's), in its user's digest with whatever else of his is unsent. A retried
    or duplicated task never mails it twice. Returns whether this call delivered it."""
    user_id = _unsent([notification_id]).values_list("user_id", flat=True).first()
    if user_id is None:
        return False
    if notification_id in _send(user_id):
        return True
    if _unsent([notification_id]).exists():
        raise HeldByAnother(f"Notification {notification_id} is in another task's digest.")
    return False


@shared_task(autoretry_for=(*MAIL_ERRORS, HeldByAnother), retry_backoff=True, max_retries=MAIL_RETRIES)
def notification_email_batch(notification_ids: list[int]) -> int:
    """Mail many notifications (notify_many's): one digest a user, each in its own transaction, so that one
    failure neither stops the others nor is lost: the task raises the last failure after trying them all,
    and its retry mails only what is still unsent. Returns how many notifications this run delivered."""
    users = _unsent(notification_ids).order_by("user_id")
    delivered, failure = 0, None
    for user_id in users.values_list("user_id", flat=True).distinct():
        try:
            delivered += len(_send(user_id))
        except MAIL_ERRORS as error:
            failure = error
    if failure is not None:
        raise failure
    if _unsent(notification_ids).exists():
        raise HeldByAnother("Notifications of this batch are in another task's digest.")
    return delivered


@shared_task
def notification_email_sweep() -> int:
    """celery beat: mail the notifications whose mail never went (the broker was down when it was to be
    queued, or its task ran out of retries). A recipient the server refuses is skipped; any other failure
    (the server unreachable) ends the run, and the next one tries again. Returns how many were delivered."""
    now = timezone.now()
    unsent = Notification.objects.filter(
        emailed_at=None, created_at__lte=now - SWEEP_AFTER, created_at__gt=now - SWEEP_WITHIN
    ).order_by("user_id")
    delivered = 0
    for user_id in unsent.values_list("user_id", flat=True).distinct()[:SWEEP_BATCH]:
        try:
            delivered += len(_send(user_id))
        except SMTPRecipientsRefused:
            logger.warning("Notifications of user %s not mailed: the mail server refuses the recipient.", user_id)
        except MAIL_ERRORS:
            logger.warning("Notification mail sweep stopped: the mail server is unreachable.", exc_info=True)
            break
    return delivered
