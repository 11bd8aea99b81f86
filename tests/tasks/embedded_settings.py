"""The settings of the embedded worker under test: every periodic job every second (the production schedule
counts in minutes), so that a test sees beat run them."""

from __future__ import annotations

from pitside.settings import *  # noqa: F403
from pitside.settings import CELERY_BEAT_SCHEDULE

CELERY_BEAT_SCHEDULE = {name: {**entry, "schedule": 1.0} for name, entry in CELERY_BEAT_SCHEDULE.items()}
