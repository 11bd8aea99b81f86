"""Channel posts, delivered at least once.

Each try claims its delivery by a conditional update and records the outcome after the post: a failed
post is retried with back-off (Discord's 429 retry_after honoured) up to WEBHOOKS_MAX_TRIES tries; a
worker killed mid-post leaves a lapsed claim, which the sweep re-queues. A crash after the receiver took
the post and before the outcome was recorded sends it again, with the same id (X-Pitside-Delivery)."""

from __future__ import annotations

from datetime import timedelta

from celery import Task, shared_task
from django.db.models import Q
from django.utils import timezone

from webhooks.models import Delivery
from webhooks.services import delivery_attempt

# The sweep leaves alone what its own task still has in hand (created or due for a retry within this).
SWEEP_AFTER = timedelta(minutes=5)
SWEEP_WITHIN = timedelta(days=2)
SWEEP_BATCH = 200


@shared_task(bind=True, max_retries=None)
def delivery_send(self: Task, delivery_id: int) -> str | None:
    """Send one delivery; retried after the delay its try asks for. A duplicated task sends nothing twice
    (the claim), and stops once the delivery is sent or given up. Eager (no worker), a failure is left to
    the sweep rather than retried in the request that queued it."""
    attempt = delivery_attempt(delivery_id=delivery_id)
    if attempt is None:
        return None
    if attempt.retry_in is not None and not self.request.is_eager:
        raise self.retry(countdown=attempt.retry_in)
    return attempt.status


@shared_task
def delivery_sweep() -> int:
    """celery beat: queue again the deliveries whose task was lost: never queued (the broker was down), a
    retry lost, or a claim lapsed (a worker killed mid-post). Returns how many were queued."""
    now = timezone.now()
    due = Q(status=Delivery.Status.PENDING) & (
        Q(next_try_at=None, created_at__lte=now - SWEEP_AFTER) | Q(next_try_at__lte=now - SWEEP_AFTER)
    )
    lapsed = Q(status=Delivery.Status.SENDING, claimed_until__lt=now)
    ids = list(
        Delivery.objects.filter(due | lapsed, created_at__gt=now - SWEEP_WITHIN)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    for delivery_id in ids:
        delivery_send.apply_async((delivery_id,), ignore_result=True)
    return len(ids)
