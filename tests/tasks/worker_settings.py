"""The settings of a worker that a test starts: Pitside's own, with every queue's name prefixed by the test's
(PITSIDE_TEST_QUEUE_PREFIX), so that tests running at once on one Redis never take each other's tasks, and the
worker routes the tasks it queues itself (retries, sweeps, mail after a recompute) to the test's queues too."""

from __future__ import annotations

import os

from pitside import settings as pitside
from pitside.settings import *  # noqa: F403


def prefixed(prefix: str) -> tuple[str, dict[str, dict[str, str]]]:
    """The default queue and the routes of Pitside's settings, each queue named `<prefix>-<queue>`."""
    routes = {pattern: {**route, "queue": f"{prefix}-{route['queue']}"} for pattern, route in pitside.CELERY_TASK_ROUTES.items()}
    return f"{prefix}-{pitside.CELERY_TASK_DEFAULT_QUEUE}", routes


CELERY_TASK_DEFAULT_QUEUE, CELERY_TASK_ROUTES = prefixed(os.environ.get("PITSIDE_TEST_QUEUE_PREFIX", "test"))
