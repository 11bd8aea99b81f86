"""Every stored sheet of every game system at the big size: how long its rendering takes, in how many parts (one task
each, within the worker's limits), with how much memory, and how fast the stored PDF is then served.

Run by hand, on PostgreSQL (it creates and drops its own database `test_` + the name in DATABASE_URL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/pitside_bench_sheets \\
        .venv/bin/python bench/sheet_renders.py [--teams 1000] [--weeks 10] [--repeat 5]

It builds the leagues of `manage.py seed_large` (Slaughterball and Blood Bowl, `--teams` teams with `--weeks` weeks
of confirmed results; Blitz Bowl, Pit Fighter and Slaughterville at bench_leagues' sizes for `--teams`: 200 coaches,
100 stables, 200 members of 10 sessions at 1,000; each system's sheets come from one function of system_sheets(),
which a new system joins; `--systems` picks some) and
then, for each sheet, asks its URL in a fresh Python process, which renders it through the real path (the view's
sheet_response, the sheets.tasks task run eagerly for each part, as a worker runs them), so that the process's peak
resident memory (ru_maxrss) is the sheet's alone. That figure is an upper bound of a worker's: the process also
builds the page's HTML, which the web process does, and runs every part, where a worker process recycled between
tasks runs one (the target: at most 1 GB). It prints each sheet's pages, parts, rendering seconds and its longest
part's (each task's soft time limit is sheets.tasks.LIMIT - 30 s), then the stored sheet's time to serve against
GET /api/leagues/<id>/ timed beside it in this process (median of `--repeat`; the target: at most 3x). Ratios, on a
machine whose load is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_sheets")
os.environ.setdefault("SHEET_THROTTLE_RATE", "100000/min")  # one client asks for each sheet again and again
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="pitside-bench-sheets-"))  # shared with the renderers
os.environ.pop("REDIS_URL", None)  # eager Celery: the parts' tasks run in the process that asks for the sheet


def slaughterball_sheets(teams: int, weeks: int) -> dict[str, str]:
    from slaughterball.large import seed_large
    from slaughterball.models import Season

    league = seed_large(teams, weeks)
    season = Season.objects.get(league=league)
    week = season.weeks.order_by("-number").first()
    team = league.teams.order_by("pk").first()
    assert week is not None
    assert team is not None
    return {
        "Slaughterball roster": f"/teams/{team.pk}/roster.pdf",
        "Slaughterball League Ranking Sheet": f"/seasons/{season.pk}/ranking-sheet.pdf",
        "Slaughterball week's Game Record Sheets": f"/weeks/{week.pk}/game-records.pdf",
        "Slaughterball season's Game Record Sheets": f"/seasons/{season.pk}/game-records.pdf",
    }


def pdfs_of(pages: Callable[..., dict[str, str]]) -> Callable[[int, int], dict[str, str]]:
    """The sheets among the pages a page bench measures of a system (bench_leagues, with its sizes for `teams`)."""

    def sheets(teams: int, weeks: int) -> dict[str, str]:
        return {label: url for label, url in pages(teams, weeks, sheets=True).items() if url.endswith(".pdf")}

    return sheets


def system_sheets() -> dict[str, Callable[[int, int], dict[str, str]]]:
    """Each game system's sheets at the big size, by label: a function of (teams, weeks) building its league."""
    from bench_leagues import blitzbowl_pages, bloodbowl_pages, pitfighter_pages, slaughterville_pages

    return {
        "slaughterball": slaughterball_sheets,
        "bloodbowl": pdfs_of(bloodbowl_pages),
        "blitzbowl": pdfs_of(blitzbowl_pages),
        "pitfighter": pdfs_of(pitfighter_pages),
        "slaughterville": pdfs_of(slaughterville_pages),
    }


def render_one(url: str) -> None:
    """In a fresh process: ask for the sheet (rendered, every part, by the eager task) and print what it took."""
    import django

    django.setup()
    import weasyprint  # noqa: F401  (imported once by a worker's process, as here before the clock starts)
    from django.test import Client

    from sheets import services
    from sheets.models import Sheet
    from sheets.render import render_pdf as render

    part_seconds: list[float] = []

    def timed(*args: object, **kwargs: object) -> tuple[bytes, int]:
        started = time.perf_counter()
        try:
            return render(*args, **kwargs)  # type: ignore[arg-type]  # what the task passes
        finally:
            part_seconds.append(time.perf_counter() - started)

    services.__dict__["render_pdf"] = timed  # each part's rendering, timed
    started = time.perf_counter()
    answer = Client().get(url)
    seconds = time.perf_counter() - started
    assert answer.status_code == 200, (url, answer.status_code)
    sheet = Sheet.objects.filter(state=Sheet.State.READY).latest("rendered_at")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(json.dumps({"seconds": seconds, "pages": sheet.pages, "parts": part_seconds, "peak_mb": peak_mb}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--systems", help="Comma-separated game systems (slaughterball,bloodbowl,...); all by default.")
    parser.add_argument("--render", help=argparse.SUPPRESS)  # the fresh process of one sheet
    args = parser.parse_args()
    if args.render:
        render_one(args.render)
        return

    import logging

    import django

    django.setup()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # it logs every step of every sheet
    from bench_timing import bench_database, median_seconds, settle_database
    from django.conf import settings
    from django.test import Client

    from leagues.models import League
    from sheets.tasks import LIMIT

    with bench_database():
        started = time.perf_counter()
        systems = system_sheets()
        urls: dict[str, str] = {}
        for name in args.systems.split(",") if args.systems else systems:
            urls |= systems[name](args.teams, args.weeks)
        settle_database()
        print(f"built the leagues of {args.teams} teams, {args.weeks} weeks in {time.perf_counter() - started:.1f} s")
        database = settings.DATABASES["default"]
        renderer_env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
            "ALLOWED_HOSTS": "testserver",
        }
        client = Client()

        def served(url: str) -> float:
            def get() -> None:
                answer = client.get(url)
                if answer.streaming:  # a stored sheet is served as a file: read it all, as a browser does
                    b"".join(answer.streaming_content)  # type: ignore[attr-defined]
                assert answer.status_code == 200, (url, answer.status_code)

            get()  # warm
            return median_seconds(get, args.repeat)

        baseline_url = f"/api/leagues/{League.objects.order_by('pk').values_list('pk', flat=True)[0]}/"
        print(f"\nsoft time limit of a task: {LIMIT - 30} s; peak memory target 1024 MB; served target 3x the league API")
        print(
            f"{'sheet':<44} {'pages':>5} {'parts':>5} {'render s':>9} {'longest part s':>15} {'peak MB':>8}"
            f" {'served ms':>10} {'league API ms':>14} {'ratio':>6}"
        )
        for label, url in urls.items():
            rendered = subprocess.run(
                [sys.executable, __file__, "--render", url],
                cwd=ROOT,
                env=renderer_env,
                capture_output=True,
                text=True,
                check=False,
            )
            if rendered.returncode:
                print(f"{label:<44} failed: {rendered.stderr.strip().splitlines()[-1:]}", flush=True)
                continue
            figures = json.loads(rendered.stdout.strip().splitlines()[-1])
            sheet, baseline = served(url), served(baseline_url)
            print(
                f"{label:<44} {figures['pages']:>5} {len(figures['parts']):>5} {figures['seconds']:>9.1f}"
                f" {max(figures['parts'], default=0):>15.1f} {figures['peak_mb']:>8.0f}"
                f" {sheet * 1000:>10.1f} {baseline * 1000:>14.1f} {sheet / baseline:>5.1f}x",
                flush=True,
            )
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
