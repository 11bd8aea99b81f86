"""Fuzz the Pit Fighter operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every operation with
Slaughterball ids; here the real ids are a campaign's, a stable's, a fighter's and a scheduled combat's, so the
generated bodies reach the stable, arranging, result and training services)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from pitfighter import services
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401
from tests.pitfighter.conftest import fighter

PIT_OPERATIONS = schema.include(path_regex=r"^/api/pitfighter/")


@pytest.fixture
def pit_world(campaign, ann, bob, coach) -> dict[str, int]:
    a = fighter(ann, "orc")
    combat = services.combat_create(
        league_id=campaign.pk, user=coach, style="free", fighters=[{"fighter": a.pk}, {"fighter": fighter(bob, "orc").pk}]
    )
    return {"league_id": campaign.pk, "team_id": ann.pk, "fighter_id": a.pk, "combat_id": combat.pk}


@PIT_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(30)
def test_every_pit_fighter_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, pit_world, tokens):
    call_as(case, sender, real_ids, pit_world, tokens)
