"""How the benches time a piece of work: the median of repeated runs, each after its own setup (untimed)."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager


@contextmanager
def bench_database() -> Iterator[None]:
    """Django's test environment (the test client's host allowed) on the bench's own test database, created here and
    dropped on the way out. Django must be set up."""
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def settle_database() -> None:
    """The database as autovacuum keeps one in use: the planner's statistics and (PostgreSQL) the visibility map, which
    lets an index answer a query without reading its table. Outside a transaction."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")


def median_seconds(fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> float:
    runs = []
    for _ in range(repeat):
        if setup:
            setup()
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def print_growth[P](
    small: Mapping[str, P], large: Mapping[str, P], timed: Callable[[P, int], float], repeat: int, sizes: tuple[int, int]
) -> dict[str, tuple[float, float]]:
    """The table of the size benches: each page (by label, the same in `small` and `large`, the leagues of `sizes`
    teams) timed by `timed(page, repeat)` at both sizes, the ratio large / small, and the ratio to the baseline (the
    label starting "baseline") timed again beside each page, so that a moment's load weighs on both figures alike.
    Answers each page's (small, large) times."""
    baseline_label = next(label for label in small if label.startswith("baseline"))

    def both(label: str) -> tuple[float, float]:
        timed(small[label], 1)  # warm: the first request of a URL pays for its imports and caches
        timed(large[label], 1)
        return timed(small[label], repeat), timed(large[label], repeat)

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:9.1f} ms"

    width = max(len(label) for label in small) + 2
    print()
    times: dict[str, tuple[float, float]] = {}
    print(f"{'page (median, one client)':<{width}} {sizes[0]:>6} teams {sizes[1]:>6} teams   large/small   large/baseline")
    for label in small:
        small_time, large_time = times[label] = both(label)
        _, baseline = both(baseline_label)
        print(
            f"{label:<{width}} {ms(small_time)} {ms(large_time)}   {large_time / small_time:9.1f}x"
            f"   {large_time / baseline:12.1f}x"
        )
    print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()} on {os.cpu_count()} CPUs")
    return times
