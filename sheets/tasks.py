"""Rendering sheets on a worker, and the sweep that queues again those whose task was lost."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from sheets.services import RENDER_TIME_LIMIT, sheet_render, sheet_sweep

LIMIT = int(RENDER_TIME_LIMIT.total_seconds())


# A database error (not the sheet's) leaves the claim held: the retry waits out the time limit, when it is claimable.
@shared_task(
    autoretry_for=(DatabaseError,),
    retry_backoff=LIMIT,
    retry_jitter=False,
    max_retries=3,
    soft_time_limit=LIMIT - 30,
    time_limit=LIMIT,
)
def sheet_render_task(sheet_id: int) -> bool:
    """Render one sheet; a second run (a duplicate, a retry after it was rendered) does nothing."""
    return sheet_render(sheet_id=sheet_id)


@shared_task
def sheet_sweep_task() -> int:
    return sheet_sweep()
