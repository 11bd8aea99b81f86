from __future__ import annotations

import pytest

from tests.api.conftest import client_of  # noqa: F401  # the API's cast, for the permission tests
from tests.webhooks.receiver import running_receiver


@pytest.fixture
def receiver(settings):
    """A receiver on 127.0.0.1, which channels may post to here (WEBHOOKS_ALLOW_PRIVATE)."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.WEBHOOKS_TIMEOUT = 2
    with running_receiver() as running:
        yield running


@pytest.fixture
def client_as(client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as
