"""Celery tasks of the slaughterball app. Each takes ids, re-reads, calls one service and is safe to
run twice (acks_late: a task whose worker died is run again)."""

from __future__ import annotations

from celery import shared_task

from pitside.celery import RETRY
from slaughterball.selectors import season_ids_running
from slaughterball.services.standings import standings_recompute

# --- Standings (results area) ----------------------------------------------------------------------


@shared_task(**RETRY)
def standings_recompute_task(season_id: int) -> int:
    """After a result is confirmed or voided: recompute that season's standings. Returns rows changed."""
    return standings_recompute(season_id=season_id)


@shared_task(**RETRY)
def standings_recompute_all_task() -> int:
    """Celery beat's periodic full recompute of every season being played: catches any recompute
    that was lost (broker down when queued, a worker killed). Returns rows changed."""
    return sum(standings_recompute(season_id=season_id) for season_id in season_ids_running())
