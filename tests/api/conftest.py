"""API fixtures: a client for anyone of the cast, and an empty cache (the login throttle counts there)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _no_throttle_history() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def client_of(request: pytest.FixtureRequest) -> Callable[[str], APIClient]:
    """A fresh API client acting as one of the cast by fixture name; "anonymous" logs in as nobody."""

    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client
