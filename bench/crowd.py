"""How the pages hold under concurrent clients: gunicorn with DEBUG off, many clients per page at once,
each page's p95 as a ratio to the league API's p95 in the same run.

Run by hand, on PostgreSQL and Redis (it creates and drops its own database `test_pitside_bench_concurrent`
and uses Redis database 9 unless told another):

    .venv/bin/python bench/crowd.py [--teams 1000] [--weeks 10] [--clients 20] [--requests 200] [--rounds 1]
        [--workers 4] [--port 8765] [--redis-db 9]

It builds the leagues of bench/pages.py at one size, collects the static files, starts gunicorn (`--workers`
sync workers) and a Celery worker on them as production runs (README: Running it for real), asks every sheet
once until it is ready, then, page after page (those labelled as read by someone logged in, with a session of
his, bench_leagues.VIEWERS), sends `--requests` requests from `--clients` threads at once
and prints each page's median and p95, the p95's ratio to the baseline's p95 (GET /api/leagues/<id>/, two
queries: the cheapest Django answer on the same box, sent the same crowd again just before each page; the
target is at most 3x) and the requests that failed or took over 30 s (the target is none). With `--rounds`,
each page's crowd (after the baseline's) is sent that many times: the run of the median ratio is printed, with
the range of the ratios. The clients share the machine's CPUs with the server, as
they would share nothing in production: compare ratios, not milliseconds.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_concurrent")

TIMEOUT_SECONDS = 30
REDIS = "redis://127.0.0.1:6379/"


def fetch(url: str, cookie: str | None = None) -> tuple[float, int | str]:
    """One request (with the session `cookie` of a logged-in reader, when given): its time and its status (or what
    went wrong)."""
    started = time.perf_counter()
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
            answer.read()
            status: int | str = answer.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError as error:  # refused, reset, timed out
        status = type(error).__name__
    return time.perf_counter() - started, status


def wait_until_ready(url: str, seconds: float, within: float = TIMEOUT_SECONDS, cookie: str | None = None) -> None:
    """Asks until the URL answers 200 within `within` seconds (a server starting or still busy with the
    requests of the previous page that its clients gave up on, a sheet rendering on the worker)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        took, status = fetch(url, cookie)
        if status == 200 and took < within:
            return
        time.sleep(0.5)
    raise SystemExit(f"{url} did not answer 200 within {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=200, help="Requests per page, shared by the clients.")
    parser.add_argument(
        "--rounds", type=int, default=1, help="Crowds per page, each after the baseline's: the median ratio, and the range."
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's sync workers.")
    parser.add_argument("--no-sheets", action="store_true", help="Leave the PDF sheets out.")
    # Two runs at once (two engineers on one machine) each need their own.
    parser.add_argument("--port", type=int, default=8765, help="gunicorn's port.")
    parser.add_argument("--redis-db", type=int, default=9, help="The Redis database it flushes and uses.")
    args = parser.parse_args()

    import django

    # The server's key, in this process too: the sessions made here for the pages read logged in are signed with it.
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)
    django.setup()
    from bench_leagues import VIEWERS, league_pages, session_cookie
    from django.conf import settings
    from django.db import connection

    redis_url = f"{REDIS}{args.redis_db}"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    server_env = {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{settings.DATABASES['default']['NAME']}",
        "REDIS_URL": redis_url,
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SHEET_THROTTLE_RATE": "1000000/min",  # the bench is one client address asking for many sheets
        "MEDIA_ROOT": tempfile.mkdtemp(prefix="pitside-bench-sheets-"),  # the stored sheets, the server's and the worker's
    }
    processes: list[subprocess.Popen[bytes]] = []
    try:
        urls = league_pages(args.teams, args.weeks, sheets=not args.no_sheets)
        cookies = {url: session_cookie(user) for url, user in VIEWERS.items()}  # the pages read logged in
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=server_env, check=True
        )
        subprocess.run(["redis-cli", "-n", str(args.redis_db), "flushdb"], check=True, capture_output=True)
        bin_dir = Path(sys.executable).parent
        processes.append(
            subprocess.Popen(
                [bin_dir / "gunicorn", "pitside.wsgi", "--workers", str(args.workers), "--bind", f"127.0.0.1:{args.port}"],
                cwd=ROOT,
                env=server_env,
                stderr=subprocess.DEVNULL,
            )
        )
        processes.append(
            subprocess.Popen(
                [
                    bin_dir / "celery",
                    "-A",
                    "pitside",
                    "worker",
                    "-Q",
                    ",".join(settings.WORKER_QUEUES),
                    "--concurrency",
                    "1",
                    "-l",
                    "warning",
                ],
                cwd=ROOT,
                env=server_env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        base = f"http://127.0.0.1:{args.port}"
        baseline_url = next(iter(urls.values()))
        wait_until_ready(base + baseline_url, 60)
        for url in urls.values():
            wait_until_ready(base + url, 600, cookie=cookies.get(url))  # the first request of a sheet may queue its rendering
        for url, user in VIEWERS.items():  # a session the server did not take would time the anonymous page
            request = urllib.request.Request(base + url, headers={"Cookie": cookies[url]})
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
                assert f"({user.username})".encode() in answer.read(), f"{url} was not read as {user.username}"

        print(f"\n{args.clients} clients, {args.requests} requests per page, gunicorn with {args.workers} workers")
        print(f"{'page':<42} {'median':>9} {'p95':>9}   baseline p95   p95/baseline p95   failed")
        with ThreadPoolExecutor(args.clients) as clients:

            def crowd(url: str) -> tuple[float, float, list[int | str]]:
                """The URL's median and p95 under the clients, and the statuses of the requests that failed."""
                wait_until_ready(base + baseline_url, 300, within=1)  # each crowd starts on an idle server
                answers = list(clients.map(fetch, [base + url] * args.requests, [cookies.get(url)] * args.requests))
                times = sorted(seconds for seconds, _ in answers)
                failed = [status for _, status in answers if status != 200]
                return statistics.median(times), times[int(0.95 * (len(times) - 1))], failed

            for label, url in urls.items():
                runs = []
                for _ in range(args.rounds):
                    # The baseline's crowd again before each page's, so that a moment's load weighs on both alike.
                    _, baseline_p95, _ = crowd(baseline_url)
                    runs.append((*crowd(url), baseline_p95))
                median, p95, _, baseline_p95 = sorted(runs, key=lambda run: run[1] / run[3])[len(runs) // 2]
                ratios = sorted(run[1] / run[3] for run in runs)
                spread = f" ({ratios[0]:.1f}-{ratios[-1]:.1f})" if len(runs) > 1 else ""
                failures = [status for run in runs for status in run[2]]
                print(
                    f"{label:<42} {median * 1000:7.0f} ms {p95 * 1000:6.0f} ms   {baseline_p95 * 1000:9.0f} ms"
                    f"   {p95 / baseline_p95:14.1f}x{spread}   {len(failures)} {' '.join(sorted(set(map(str, failures))))}"
                )
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:  # gunicorn waits for its workers' requests: not for ever
                process.kill()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
