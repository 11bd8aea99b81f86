"""Fuzz the pre-game operations of the OpenAPI schema (as tests/api/test_schema_fuzz.py does for all of them):
never a 5xx, and every answer one the schema documents. The world has a game with an open auction, a drawn
maverick and a lot on the Meat Grinder, so that real ids reach the services."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from slaughterball.services import auctions as services
from tests.api.test_schema_fuzz import CHECKS

PREGAME_PATHS = r"^/api/(games/\{game_id\}/(auction|lineup|pregame)/|auctions/|lots/)"
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application()).include(path_regex=PREGAME_PATHS)


@pytest.fixture(autouse=True)
def _keep_the_test_connection_open() -> Iterator[None]:
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def world(game, coach, team, open_auction) -> dict[str, int]:
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    lot = services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=auction.draws.get().pk)
    return {"game_id": game.pk, "auction_id": auction.pk, "lot_id": lot.pk}


@pytest.fixture
def tokens(commissioner, coach, rival) -> dict[str, str]:
    return {who.username: Token.objects.create(user=who).key for who in (commissioner, coach, rival)}


@schema.parametrize()
@schema.given(sender=st.sampled_from(["own_coach", "rival_coach", "commissioner", "anonymous"]), real_ids=st.booleans())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_pre_game_operations_answer_as_documented_and_never_with_a_5xx(case, sender, real_ids, world, tokens):
    if real_ids and case.path_parameters:
        case.path_parameters = {name: world[name] for name in case.path_parameters}
    headers = {"Authorization": f"Token {tokens[sender]}"} if sender in tokens else {}

    case.call_and_validate(headers=headers, checks=CHECKS)
