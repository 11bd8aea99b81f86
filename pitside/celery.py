"""The Celery app. Without REDIS_URL, tasks run eagerly in the web process (CELERY_TASK_ALWAYS_EAGER), and the
periodic ones on `manage.py embedded_worker`."""

from __future__ import annotations

import os

from celery import Celery
from django.db import InterfaceError, OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")

app = Celery("pitside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(related_name="tasks_calendar")  # slaughterball/tasks_calendar.py (the calendar's beat task)

# The options of a task that recomputes from the database: run again when its worker died or the database
# went away, backing off, within time limits.
RETRY = {
    "acks_late": True,
    "reject_on_worker_lost": True,  # a worker that dies mid-task gives the message back
    "autoretry_for": (OperationalError, InterfaceError, ConnectionError),  # the database went away: try again
    "retry_backoff": True,
    "retry_backoff_max": 120,
    "max_retries": 8,
    "soft_time_limit": 120,
    "time_limit": 180,
}
