"""Fuzz the Blood Bowl team operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every
operation with Slaughterball ids; here the real ids are a Blood Bowl league's, team's and player's, so the
generated bodies reach the team lists, sign-up, purchase and retirement services)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from rosters.services import grant_create
from tests.api.test_schema_fuzz import CHECKS, _keep_the_test_connection_open, schema  # noqa: F401

TEAM_PATHS = r"^/api/(bloodbowl/(leagues/\{league_id\}/teams|teams|players)|leagues/\{league_id\}/team-lists)/"
TEAM_OPERATIONS = schema.include(path_regex=TEAM_PATHS)


@pytest.fixture
def bb_world(commissioner, bb_league, bb_team, bb_rival_team) -> dict[str, int]:
    grant_create(league=bb_league, user=commissioner, team_id=bb_team.pk, amount=500_000, reason="Sponsor")
    return {"league_id": bb_league.pk, "team_id": bb_team.pk, "player_id": bb_team.bb_players.get(number=12).pk}


@pytest.fixture
def tokens(commissioner, coach) -> dict[str, str]:
    return {"commissioner": Token.objects.create(user=commissioner).key, "coach": Token.objects.create(user=coach).key}


@TEAM_OPERATIONS.parametrize()
@schema.given(sender=st.sampled_from(["coach", "commissioner", "anonymous"]), real_ids=st.booleans())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_team_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, bb_world, tokens):
    if real_ids and case.path_parameters:
        case.path_parameters = {name: bb_world.get(name, value) for name, value in case.path_parameters.items()}
    headers = {"Authorization": f"Token {tokens[sender]}"} if sender in tokens else {}

    case.call_and_validate(headers=headers, checks=CHECKS)
