"""The standings recompute on a real Celery worker (Redis, the test PostgreSQL database): killing the
worker in the middle of a recompute, or stopping Redis, loses nothing. The results stay confirmed,
and once the worker or Redis is back the periodic full recompute makes the standings right."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from rosters.models import LedgerEntry
from slaughterball.models import Game, Standing
from slaughterball.services.results import result_approve, result_submit
from slaughterball.services.standings import STANDINGS_LOCK_KEY
from slaughterball.tasks import standings_recompute_all_task
from tests.slaughterball.results.helpers import make_game, result
from tests.tasks import test_worker
from tests.tasks.test_worker import OwnRedis, drop_cached_connections, own_redis, wait_for, worker_on_redis, worker_process

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def confirm(game, teams, commissioner, scores=(30, 20, 10, 5)):
    """Submit and approve a result; each service commits, then queues the recompute on the worker."""
    result_submit(game_id=game.pk, user=commissioner, sides=result(teams, list(scores)))
    result_approve(game_id=game.pk, user=commissioner)


def ranked(season, week: int) -> list[tuple[int, int]]:
    return list(Standing.objects.filter(season=season, week=week).order_by("rank").values_list("team_id", "league_points"))


@contextmanager
def season_locked(season_id: int) -> Iterator[None]:
    """Hold the season's standings lock from another connection, so a recompute that starts waits on it."""
    db = connection.settings_dict
    with psycopg.connect(host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], dbname=db["NAME"]) as blocker:
        blocker.execute("SELECT pg_advisory_lock(%s, %s)", [STANDINGS_LOCK_KEY, season_id])
        try:
            yield
        finally:
            blocker.execute("SELECT pg_advisory_unlock(%s, %s)", [STANDINGS_LOCK_KEY, season_id])


def recompute_waiting() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
            "AND query ILIKE %s",
            ["%pg_advisory_xact_lock%"],
        )
        return cursor.fetchone()[0] > 0


@contextmanager
def started(args: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen]:
    process = subprocess.Popen(args, env=env, cwd=settings.BASE_DIR)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_killing_the_worker_during_a_recompute_loses_nothing(season, teams, commissioner, tmp_path):
    first, second = make_game(season, teams, week=1), make_game(season, teams, week=2)
    with worker_on_redis(tmp_path) as prefix:
        confirm(first, teams, commissioner)
        assert wait_for(lambda: len(ranked(season, 1)) == 4), "the worker did not recompute the standings"

        with season_locked(season.pk):
            confirm(second, teams, commissioner, scores=(1, 2, 3, 40))  # queues a recompute, which waits on the lock
            assert wait_for(recompute_waiting), "the recompute never started"
            pid, args, env = worker_process(prefix)
            os.kill(pid, signal.SIGKILL)  # in the middle of the recompute
            assert wait_for(lambda: not Path(f"/proc/{pid}/cmdline").exists() or not Path(f"/proc/{pid}/cmdline").read_bytes())

        # Nothing of the result is lost; only the standings are behind.
        assert Game.objects.get(pk=second.pk).state == Game.State.CONFIRMED
        assert LedgerEntry.objects.filter(idempotency_key__startswith=f"prize:game-{second.pk}:").count() == 4
        assert ranked(season, 2) == []

        with started(args, env):  # the worker again, on the same queues
            assert standings_recompute_all_task.delay().get(timeout=60) > 0
            # a, b, c, d: 3+0, 2+1, 1+2, 0+3 League Points: all on 3, ordered by Team Potential, then the draw.
            assert {lp for _, lp in ranked(season, 2)} == {3}
            assert len(ranked(season, 2)) == 4
            assert standings_recompute_all_task.delay().get(timeout=60) == 0  # right, and stays right


@pytest.fixture
def redis() -> Iterator[OwnRedis]:
    with own_redis() as server:
        yield server


def test_stopping_redis_loses_nothing(season, teams, commissioner, tmp_path, redis, monkeypatch):
    monkeypatch.setattr(test_worker, "REDIS_TEST_URL", redis.url)
    first, second = make_game(season, teams, week=1), make_game(season, teams, week=2)
    with worker_on_redis(tmp_path):
        confirm(first, teams, commissioner)
        assert wait_for(lambda: len(ranked(season, 1)) == 4), "the worker did not recompute the standings"

        redis.stop()
        confirm(second, teams, commissioner, scores=(1, 2, 3, 40))  # the recompute cannot be queued: logged, not lost
        assert Game.objects.get(pk=second.pk).state == Game.State.CONFIRMED
        assert LedgerEntry.objects.filter(idempotency_key__startswith=f"prize:game-{second.pk}:").count() == 4
        assert ranked(season, 2) == []

        redis.start()
        drop_cached_connections()  # this process's broker connection died with Redis
        # The worker reconnects by itself; celery beat's periodic recompute then catches up.
        assert standings_recompute_all_task.delay().get(timeout=90) > 0
        assert len(ranked(season, 2)) == 4
        assert {lp for _, lp in ranked(season, 2)} == {3}
