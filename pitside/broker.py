"""Kombu's Redis transport, with one fix that keeps a worker alive through a Redis outage (CELERY_BROKER_TRANSPORT).

A worker that loses Redis while it holds messages (tasks waiting on a retry's countdown, prefetched ones) cleans
up its connection twice (celery.worker.consumer.Consumer.on_connection_error_after_connected): `collect()` closes
the channel, which fails half-way on the dead socket, and then detaches the transport from its connection; `close()`
closes the channel again, which now tries to give the messages back to Redis, builds a connection pool from the
detached connection's details and dies with `AttributeError: 'NoneType' object has no attribute 'hostname'` (kombu
5.7). Celery counts that as no connection error: the worker exits instead of reconnecting. A channel whose
transport is detached skips that restore here; it could never succeed (the pool is always rebuilt there), and
Redis is down anyway. The messages stay in Redis's unacked set, from which kombu restores them after
`visibility_timeout`, and the sweeps of celery beat queue again whatever the outage lost.
"""

from __future__ import annotations

from kombu.transport import redis


class Channel(redis.Channel):
    def close(self) -> None:
        if self.connection is not None and self.connection.client is None:  # detached: nothing to reach Redis with
            self.do_restore = False
        super().close()  # type: ignore[no-untyped-call]  # kombu's Redis channel is untyped


class Transport(redis.Transport):
    Channel = Channel
