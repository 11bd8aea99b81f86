"""The API's throttles, counted in the cache (Redis in production)."""

from __future__ import annotations

import logging

from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

logger = logging.getLogger(__name__)


class FailOpenScopedRateThrottle(ScopedRateThrottle):
    """A scoped throttle that lets the request through while its cache is down: a throttle only slows
    clients down, so Redis down must not answer everyone with a 500 (the log-in lock-out, in the
    database, still counts failed log-ins)."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        try:
            return super().allow_request(request, view)
        except RedisError:
            logger.warning("Throttle %r not applied: the cache is down.", self.scope, exc_info=True)
            return True
