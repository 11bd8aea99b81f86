"""Page-test fixtures: a client logged in as one of the cast."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def client_as(client: Client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as
