"""Fuzz the challenge-round operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes them in a drawn
week, which has no round and no appeal); here the real ids are a challenge round's: eight teams, the first challenge
issued and appealed, so the generated challenges, steals, fills, rearrangements and appeal decisions reach the round's
rules. Only these operations: the world costs a drawn and confirmed week first."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from rosters.models import Team
from slaughterball.selectors_calendar import round_state
from slaughterball.services.challenges import appeal_create, challenge_issue
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401

ROUND_PATHS = r"^/api/(weeks/\{week_id\}/(challenges|fill|rearrange)/|appeals/|games/\{game_id\}/appeals/)"
ROUND_OPERATIONS = schema.include(path_regex=ROUND_PATHS)


@pytest.fixture
def round_world(league, round_week) -> dict[str, int]:
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    state = round_state(round_week)
    first = state.turn.team
    targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != first][: state.turn.picks]
    challenger = Team.objects.get(pk=first).coach
    challenge, _ = challenge_issue(week=round_week, user=challenger, team_id=first, challenged=targets)
    let_off = Team.objects.get(pk=targets[0])
    appeal, _ = appeal_create(game=challenge.game, user=let_off.coach, team_id=let_off.pk, reason="Away that week")
    return {
        "week_id": round_week.pk,
        "game_id": challenge.game_id,
        "appeal_id": appeal.pk,
        "team_id": let_off.pk,
    }


@ROUND_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(25)
def test_every_challenge_round_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, round_world, tokens):
    call_as(case, sender, real_ids, round_world, tokens)
