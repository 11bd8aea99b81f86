"""Fuzz the Pit Fighter operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every operation with
Slaughterball ids; here the real ids are a campaign's, a stable's, a fighter's and a scheduled combat's, so the
generated bodies reach the stable, arranging, result and training services)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from pitfighter import services
from tests.api.test_schema_fuzz import CHECKS, _keep_the_test_connection_open, schema  # noqa: F401
from tests.pitfighter.conftest import fighter

PIT_OPERATIONS = schema.include(path_regex=r"^/api/pitfighter/")


@pytest.fixture
def pit_world(campaign, ann, bob, coach) -> dict[str, int]:
    a = fighter(ann, "orc")
    combat = services.combat_create(
        league_id=campaign.pk, user=coach, style="free", fighters=[{"fighter": a.pk}, {"fighter": fighter(bob, "orc").pk}]
    )
    return {"league_id": campaign.pk, "team_id": ann.pk, "fighter_id": a.pk, "combat_id": combat.pk}


@pytest.fixture
def tokens(commissioner, coach) -> dict[str, str]:
    return {"commissioner": Token.objects.create(user=commissioner).key, "coach": Token.objects.create(user=coach).key}


@PIT_OPERATIONS.parametrize()
@schema.given(sender=st.sampled_from(["coach", "commissioner", "anonymous"]), real_ids=st.booleans())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_pit_fighter_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, pit_world, tokens):
    if real_ids and case.path_parameters:
        case.path_parameters = {name: pit_world.get(name, value) for name, value in case.path_parameters.items()}
    headers = {"Authorization": f"Token {tokens[sender]}"} if sender in tokens else {}

    case.call_and_validate(headers=headers, checks=CHECKS)
