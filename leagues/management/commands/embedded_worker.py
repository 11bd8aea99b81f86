from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from pitside.celery import app


class Command(BaseCommand):
    help = (
        "Run a Celery worker with celery beat in it on the embedded broker (files under EMBEDDED_CELERY_DIR), "
        "for the periodic jobs when there is no Redis; `make run` starts it beside the server."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.REDIS_URL:
            raise CommandError("REDIS_URL is set: run `celery -A pitside worker` and `celery -A pitside beat` instead.")
        for folder in ("data_folder_in", "control_folder"):
            Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS[folder]).mkdir(parents=True, exist_ok=True)
        # The settings run tasks eagerly for the web process, which has no worker behind it. This process is
        # the worker: what its tasks queue (a sweep's posts and mails, a retry) goes through the broker to it,
        # and beat must send its jobs there rather than run them itself.
        app.conf.task_always_eager = False
        # Every queue, in one process: SQLite takes one writer at a time, and the web process is the other.
        argv = ["worker", "--beat", "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=info"]
        app.worker_main([*argv, f"--queues={','.join(settings.WORKER_QUEUES)}"])
