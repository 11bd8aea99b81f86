"""API fixtures: a client for anyone of the cast."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def client_of(request: pytest.FixtureRequest) -> Callable[[str], APIClient]:
    """A fresh API client acting as one of the cast by fixture name; "anonymous" logs in as nobody."""

    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client
