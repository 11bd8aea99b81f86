"""The Celery app. Without REDIS_URL, tasks run eagerly in the web process (CELERY_TASK_ALWAYS_EAGER)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")

app = Celery("pitside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(related_name="tasks_calendar")  # slaughterball/tasks_calendar.py (the calendar's beat task)
