"""The settings of the embedded worker under test: every periodic job every second (the production schedule
counts in minutes), so that a test sees beat run them; and every task on a queue named after its app, so that
it sees the worker consume every queue a task is routed to."""

from __future__ import annotations

from typing import Any

from pitside.settings import *  # noqa: F403
from pitside.settings import CELERY_BEAT_SCHEDULE

CELERY_BEAT_SCHEDULE = {name: {**entry, "schedule": 1.0} for name, entry in CELERY_BEAT_SCHEDULE.items()}


def each_app_its_queue(name: str, *args: Any, **kwargs: Any) -> dict[str, str]:
    return {"queue": name.partition(".")[0]}  # webhooks, notifications, sheets, slaughterball, bloodbowl, celery


CELERY_TASK_ROUTES = (each_app_its_queue,)
