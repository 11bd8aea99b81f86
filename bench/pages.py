"""How the whole-league pages grow with the league: each page at a small and a large league, as ratios.

Run by hand, on PostgreSQL (it creates and drops its own database `test_pitside_bench_pages`):

    .venv/bin/python bench/pages.py [--small 10] [--large 1000] [--weeks 10] [--repeat 5] [--sheets]

It builds, with `manage.py seed_large`'s builders, a Slaughterball and a Blood Bowl league of `--small`
teams and of `--large` teams, each with `--weeks` weeks (rounds) of confirmed results. Then, through
Django's test client in this process (one client, no concurrency: the figure is the server's work), it
prints each page's median time at both sizes, the ratio large / small (the target: at most 2x for the default
views) and, in the same run, each page's ratio to the baseline, GET /api/leagues/<id>/ (two queries, whatever the
size), timed again beside each page. The pages show a page of their lists (pitside.paging); their "show all" rows
(?all=1, to print) are timed too: each is requested once first, which renders and stores it (pitside.printed), and
that time is printed; the table times the requests of the list already rendered (none changed in between), and
their ratio to the default page at the large size is printed after it (the target: at most 10x).
`--sheets` adds the PDF sheets: each is requested once first, which renders and stores it (slow: a ranking sheet of
1,000 teams takes a minute to lay out; eager Celery, so in this process), and that time is printed; the table then
times the requests of the sheet already rendered, the figure the target is about (at most 3x the baseline).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_pages")
os.environ.setdefault("SHEET_THROTTLE_RATE", "100000/min")  # one client asks for each sheet again and again
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="pitside-bench-sheets-"))  # the stored sheets

# The pages whose lists are paged (pitside.paging), timed a second time showing everything.
SHOW_ALL = (
    "standings page",
    "league page",
    "season page",
    "week page (a quarter of the teams' games)",
    "Blood Bowl standings page",
    "Blood Bowl matches page",
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sheets", action="store_true", help="Time the PDF sheets too.")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # it logs every step of every sheet
    from bench_leagues import VIEWERS, league_pages
    from bench_timing import bench_database, median_seconds, print_growth
    from django.test import Client

    with bench_database():
        anonymous = Client()
        clients: dict[str, Client] = {}  # the pages read logged in (bench_leagues.VIEWERS), each with its reader's

        def client_of(url: str) -> Client:
            if url not in VIEWERS:
                return anonymous
            if url not in clients:
                clients[url] = Client()
                clients[url].force_login(VIEWERS[url])
            return clients[url]

        def timed(url: str, repeat: int) -> float:
            client = client_of(url)

            def get() -> None:
                answer = client.get(url)
                if answer.streaming:  # a stored sheet is served as a file: read it all, as a browser does
                    b"".join(answer.streaming_content)  # type: ignore[attr-defined]
                assert answer.status_code == 200, (url, answer.status_code)

            return median_seconds(get, repeat)

        def pages(size: int) -> dict[str, str]:
            """Each page's URL in the leagues of `size` teams; each sheet is asked once first (which renders and
            stores it), and then timed as a sheet already rendered."""
            urls = {}
            for label, url in league_pages(size, args.weeks, sheets=args.sheets).items():
                if url.endswith(".pdf"):
                    print(f"  first request (renders and stores it), {label}: {timed(url, 1):.1f} s")
                    label += " (rendered)"
                urls[label] = url
            # "Show all" (?all=1, to print) lists the world: rendered on the first request and stored (pitside.printed),
            # that time printed; the table times the requests of the list already rendered.
            for label in SHOW_ALL:
                urls[f"{label}, show all"] = urls[label] + "?all=1"
                print(f"  first request (renders and stores it), {label}, show all: {timed(urls[label] + '?all=1', 1):.2f} s")
            return urls

        times = print_growth(pages(args.small), pages(args.large), timed, args.repeat, (args.small, args.large))
        print(f"\nshow all / default page, at {args.large} teams (the target: at most 10x)")
        for label in SHOW_ALL:
            print(f"  {label}: {times[f'{label}, show all'][1] / times[label][1]:.1f}x")


if __name__ == "__main__":
    main()
