"""How the benches time a piece of work: the median of repeated runs, each after its own setup (untimed)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> float:
    runs = []
    for _ in range(repeat):
        if setup:
            setup()
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)
