"""Fuzz the Slaughterville operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every operation
with Slaughterball ids; here the real ids are a group's with the demo catalogue, three members and a session logged
and waiting for confirmation, so the generated bodies reach the catalogue import, joining, session logging and the
session lifecycle)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import strategies as st

from slaughterville.services import session_log_create
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401
from tests.slaughterville.conftest import session_log

SLAUGHTERVILLE_OPERATIONS = schema.include(path_regex=r"^/api/slaughterville/")


@pytest.fixture
def town_world(group, ash, laurie, nancy, coach) -> dict[str, int]:
    log = {**session_log(ash, laurie), "played_on": datetime.date(2026, 1, 9)}
    session, _ = session_log_create(league=group, user=coach, **log)
    return {"league_id": group.pk, "session_id": session.pk}


@SLAUGHTERVILLE_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(30)
def test_every_slaughterville_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, town_world, tokens):
    call_as(case, sender, real_ids, town_world, tokens)
