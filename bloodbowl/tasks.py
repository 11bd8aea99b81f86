"""Celery tasks of the bloodbowl app. Each takes ids, re-reads, calls one service and is safe to run twice
(acks_late: a task whose worker died is run again)."""

from __future__ import annotations

from celery import shared_task

from bloodbowl.services.standings import standings_recompute, standings_recompute_started
from leagues.models import League
from pitside.celery import RETRY


@shared_task(**RETRY)
def standings_recompute_task(league_id: int) -> int:
    """After a result is confirmed or voided, or a team's rating changed: recompute that league's standings.
    Returns rows changed."""
    standings_recompute_started(league_id)
    return standings_recompute(league_id=league_id)


@shared_task(**RETRY)
def standings_recompute_all_task() -> int:
    """Celery beat's periodic recompute of every Blood Bowl league: catches any recompute that was lost
    (broker down when queued, a worker killed) and what changed a Team Rating outside this app (grants,
    house values). Returns rows changed."""
    leagues = League.objects.filter(game_system="bloodbowl").values_list("pk", flat=True)
    return sum(standings_recompute(league_id=league_id) for league_id in leagues)
