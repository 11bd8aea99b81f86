"""The calendar's periodic task (celery beat, CELERY_BEAT_SCHEDULE in pitside/settings.py): deadline
reminders, and finishing seasons whose Slaughterbrawl result has been confirmed. Safe to run twice
or after a crash: each reminder is sent once per event and a season is finished once."""

from __future__ import annotations

from celery import shared_task

from slaughterball.models import Season
from slaughterball.services.calendar import deadline_reminders
from slaughterball.services.playoffs import playoff_finish


@shared_task(autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=3, time_limit=120, soft_time_limit=100)
def calendar_periodic() -> dict[str, int]:
    reminders = deadline_reminders()
    finished = sum(
        playoff_finish(season) for season in Season.objects.filter(status=Season.Status.PLAYOFFS).select_related("league")
    )
    return {"reminders": reminders, "finished": finished}
