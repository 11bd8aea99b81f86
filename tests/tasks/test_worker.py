"""A real Celery worker, on Redis, runs the tasks queued by the web process after commit."""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from notifications.models import Notification
from notifications.tasks import notification_email
from pitside.celery import app
from sheets.models import Sheet
from slaughterball.large import seed_large
from slaughterball.models import Season
from tests.factories import make_team
from tests.tasks.worker_settings import prefixed

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def drop_cached_connections() -> None:
    """Celery keeps the broker pool, result backend and task router it made on first use (an eager task
    earlier in this process may have made them): drop them, as after a fork, so the configuration now in
    force is used."""
    app._after_fork()
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)
    app.amqp.__dict__.pop("router", None)
    app.amqp.flush_routes()


@contextmanager
def worker_on_redis(mail_dir: Path, workers: Sequence[Sequence[str]] = (settings.WORKER_QUEUES,)) -> Iterator[str]:
    """Start a worker for each group of Pitside's queues in `workers` (by default one worker for them all), on
    queues of this test's own, against this test's database, and point this process's Celery app at the same
    Redis queues; stop them all afterwards. Yields the prefix of the test's queue names (`<prefix>-mail`)."""
    prefix = f"test-{uuid.uuid4().hex}"
    default_queue, routes = prefixed(prefix)
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.tasks.worker_settings",  # Pitside's settings, on the test's queues
        "PITSIDE_TEST_QUEUE_PREFIX": prefix,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "REDIS_URL": REDIS_TEST_URL,
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),  # where the worker stores the sheets it renders
    }
    command = [sys.executable, "-m", "celery", "-A", "pitside", "worker", "--pool=solo", "-l", "warning"]
    processes = [
        subprocess.Popen(
            [*command, "-Q", ",".join(f"{prefix}-{queue}" for queue in queues), "-n", f"{prefix}-{number}@%h"],
            env=env,
            cwd=settings.BASE_DIR,
        )
        for number, queues in enumerate(workers)
    ]
    saved = {k: app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager", "task_default_queue", "task_routes")}
    app.conf.update(
        broker_url=REDIS_TEST_URL,
        result_backend=REDIS_TEST_URL,
        task_always_eager=False,
        task_default_queue=default_queue,
        task_routes=routes,
    )
    drop_cached_connections()
    try:
        yield prefix
    finally:
        app.conf.update(saved)
        drop_cached_connections()
        for worker in processes:
            worker.terminate()
        for worker in processes:
            worker.wait(timeout=30)


def worker_process(prefix: str) -> tuple[int, list[str], dict[str, str]]:
    """The worker that worker_on_redis started on the queues named `prefix-...` (a child of this process): its
    pid, command line and environment, so that it can be killed and started again exactly as it was."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        args = [part.decode() for part in cmdline if part]
        if parent == os.getpid() and any(arg.startswith(f"{prefix}-") for arg in args):
            env = dict(item.decode().split("=", 1) for item in environ if b"=" in item)
            return int(entry.name), args, env
    raise AssertionError(f"no worker for the queues {prefix}-...")


class OwnRedis:
    """A Redis of a test's own on a free port (never the machine's), without persistence: stopped and
    started again on the same port, it comes back empty, as a Redis that lost its memory."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen([*command, "--daemonize", "no"], stdout=subprocess.DEVNULL)
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        assert wait_for(lambda: subprocess.run(ping, capture_output=True, text=True).stdout.strip() == "PONG", timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@contextmanager
def own_redis() -> Iterator[OwnRedis]:
    redis = OwnRedis()
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def wait_for(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def test_worker_mails_the_commissioners_once_per_signup(league, coach, tmp_path):
    with worker_on_redis(tmp_path):
        team = make_team(league, coach)  # notifies the commissioners: their mail is queued on commit

        assert wait_for(lambda: any(tmp_path.iterdir())), "the worker sent no mail"
        # The same notification delivered again (a retry, a duplicate) sends nothing more.
        notification = Notification.objects.get(event=f"team-signed-up:{team.pk}")
        assert notification_email.delay(notification.pk).get(timeout=30) is False

    mails = list(tmp_path.iterdir())
    assert len(mails) == 1
    text = mails[0].read_text()
    assert f"{league.name}: {team.name} signed up." in text
    assert "commissioner@example.com" in text


def test_worker_renders_a_queued_ranking_sheet(tmp_path):
    season = Season.objects.get(league=seed_large(6, 2))
    url = reverse("season-ranking-pdf", args=[season.pk])
    client = Client()
    with worker_on_redis(tmp_path):
        preparing = client.get(url)  # the web process renders nothing: it queues the sheet, and answers at once
        assert preparing.status_code == 202
        sheet = Sheet.objects.get(kind="slaughterball-ranking", object_id=season.pk)

        assert wait_for(lambda: Sheet.objects.get(pk=sheet.pk).state == Sheet.State.READY), Sheet.objects.get(pk=sheet.pk).error

    answer = client.get(url)
    assert answer.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(b"".join(answer.streaming_content))).pages)
    assert "LEAGUE RANKING SHEET" in text.upper()
    assert Sheet.objects.get(pk=sheet.pk).progress == 100


def test_worker_stores_the_blood_bowl_table_after_a_confirmation(commissioner, tmp_path):
    from bloodbowl.models import Standing
    from bloodbowl.services import matches as services
    from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
    from tests.factories import UserFactory

    league = bloodbowl_league(commissioner)
    home, away = (bloodbowl_team(league, UserFactory(), name) for name in ("Croakers", "Bog Kings"))
    with worker_on_redis(tmp_path):
        match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
        services.prematch_roll(match_id=match.pk, user=home.coach)
        scorer, mvp = home.bb_players.first(), away.bb_players.first()
        report = {
            "home": {"score": 1, "mvp": scorer.pk, "players": [{"player": scorer.pk, "touchdowns": 1}]},
            "away": {"score": 0, "mvp": mvp.pk},
        }
        services.report_submit(match_id=match.pk, user=home.coach, report=report)
        services.report_confirm(match_id=match.pk, user=away.coach)  # the recompute is queued on commit

        assert wait_for(lambda: Standing.objects.filter(league=league, played=1).count() == 2), "no table stored"
    assert Standing.objects.get(team=home).points == 3
