"""Fuzz the Blitz Bowl operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every operation with
Slaughterball ids; here the real ids are a Blitz Bowl league's, coach's, match's and trait roll's, so the generated
bodies reach the sign-up, arranging, result and trait services)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from blitzbowl.models import TraitGain
from blitzbowl.services import match_create
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401
from tests.blitzbowl.helpers import play

BLITZ_OPERATIONS = schema.include(path_regex=r"^/api/blitzbowl/")


@pytest.fixture
def blitz_world(short_league, three) -> dict[str, int]:
    ann, bob, cid = three
    play(match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk))
    scheduled = match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=cid.pk)
    return {
        "league_id": short_league.pk,
        "team_id": ann.pk,
        "match_id": scheduled.pk,  # the reports, confirmations and disputes generated reach the lifecycle
        "gain_id": TraitGain.objects.filter(team=ann).get().pk,
    }


@BLITZ_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(30)
def test_every_blitz_bowl_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, blitz_world, tokens):
    call_as(case, sender, real_ids, blitz_world, tokens)
