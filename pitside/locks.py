"""One at a time: work that must never interleave with itself (two recomputes of one table)."""

from __future__ import annotations

from django.db import connection


def one_at_a_time(key: int, object_id: int) -> None:
    """Holds, until the transaction ends, the lock named by (key, object_id): a second transaction asking for it
    waits. On PostgreSQL a transaction-level advisory lock: a row lock is a write, flushed at commit, on every
    recompute, even one that changes nothing. SQLite's transactions take the write lock when they start
    (settings: IMMEDIATE), one at a time already."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [key, object_id])
