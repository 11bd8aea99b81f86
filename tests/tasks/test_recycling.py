"""Worker processes are recycled: the limits the settings read from the environment reach the Celery app."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

from pitside.celery import app

SHOW_LIMITS = "from pitside.celery import app; print(app.conf.worker_max_tasks_per_child, app.conf.worker_max_memory_per_child)"


def test_the_default_limits_reach_the_celery_app():
    assert app.conf.worker_max_tasks_per_child == 200
    assert app.conf.worker_max_memory_per_child == 600 * 1024  # KiB


def test_the_environment_sets_the_limits():
    env = {**os.environ, "WORKER_MAX_TASKS_PER_CHILD": "7", "WORKER_MAX_MEMORY_MB": "300"}
    shown = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SHOW_LIMITS],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert shown.stdout.split()[-2:] == ["7", str(300 * 1024)]
