"""Fuzz the pre-game operations of the OpenAPI schema (as tests/api/test_schema_fuzz.py does for all of them):
never a 5xx, and every answer one the schema documents. The world has a game with an open auction, a drawn
maverick and a lot on the Meat Grinder, so that real ids reach the services."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from slaughterball.services import auctions as services
from tests.api.test_schema_fuzz import _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401

PREGAME_PATHS = r"^/api/(games/\{game_id\}/(auction|lineup|pregame)/|auctions/|lots/)"
PREGAME_OPERATIONS = schema.include(path_regex=PREGAME_PATHS)


@pytest.fixture
def world(game, coach, team, open_auction) -> dict[str, int]:
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    lot = services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=auction.draws.get().pk)
    return {"game_id": game.pk, "auction_id": auction.pk, "lot_id": lot.pk}


@pytest.fixture
def tokens(commissioner, coach, rival) -> dict[str, str]:
    return {who.username: Token.objects.create(user=who).key for who in (commissioner, coach, rival)}


@PREGAME_OPERATIONS.parametrize()
@schema.given(sender=st.sampled_from(["own_coach", "rival_coach", "commissioner", "anonymous"]), real_ids=st.booleans())
@fuzz_settings(30)
def test_pre_game_operations_answer_as_documented_and_never_with_a_5xx(case, sender, real_ids, world, tokens):
    call_as(case, sender, real_ids, world, tokens)
