"""Kombu's Redis transport, with one fix that keeps a worker alive through a Redis outage (CELERY_BROKER_TRANSPORT).

A worker that loses Redis while it holds messages (tasks waiting on a retry's countdown, prefetched ones) closes
its connection twice: the first close fails on the dead socket half-way, and releases the connection, which
leaves the transport without its connection details. The second close then tries to give the messages back to
Redis, builds a connection pool from those missing details, and dies with `AttributeError: 'NoneType' object has
no attribute 'hostname'` (kombu 5.7), which Celery does not count as a connection error: the worker exits instead
of reconnecting. A channel whose connection is released skips that restore here. Redis is down at that moment, so
it could not succeed anyway: the messages stay in Redis's unacked set, from which kombu restores them after
`visibility_timeout`, and the sweeps of celery beat queue again whatever the outage lost.
"""

from __future__ import annotations

from kombu.transport import redis


class Channel(redis.Channel):
    def close(self) -> None:
        if self.connection is not None and self.connection.client is None:  # released: nothing to reach Redis with
            self.do_restore = False
        super().close()  # type: ignore[no-untyped-call]  # kombu's Redis channel is untyped


class Transport(redis.Transport):
    Channel = Channel
