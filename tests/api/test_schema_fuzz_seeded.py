"""Fuzz the game and match operations on leagues `manage.py seed_large` builds (tests/api/test_schema_fuzz.py
fuzzes them on games the services played): the benches and load runs use those leagues, so a seeded game must
answer as a played one. The senders are the seeded league's commissioner and the coach of a team in the game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from blitzbowl.large import seed_large as seed_large_blitzbowl
from blitzbowl.models import Match as BlitzMatch
from bloodbowl.large import seed_large as seed_large_bloodbowl
from bloodbowl.models import Match
from slaughterball.large import seed_large as seed_large_slaughterball
from slaughterball.models import Game
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401

GAME_OPERATIONS = schema.include(path_regex=r"^/api/games/\{game_id\}/")
MATCH_OPERATIONS = schema.include(path_regex=r"^/api/bloodbowl/matches/\{match_id\}/")
BLITZ_OPERATIONS = schema.include(path_regex=r"^/api/blitzbowl/(matches/\{match_id\}|leagues/\{league_id\})/")


def senders(league: Any, coach: Any) -> dict[str, str]:
    return {
        "commissioner": Token.objects.create(user=league.commissioners.get()).key,
        "coach": Token.objects.create(user=coach).key,
    }


@pytest.fixture
def seeded_game(db) -> tuple[dict[str, int], dict[str, str]]:
    league = seed_large_slaughterball(8, 2)
    game = Game.objects.filter(league=league).latest("pk")
    return {"game_id": game.pk}, senders(league, game.sides.earliest("order_of_play").team.coach)


@pytest.fixture
def seeded_match(db) -> tuple[dict[str, int], dict[str, str]]:
    league = seed_large_bloodbowl(6, 2)
    match = Match.objects.filter(league=league).latest("pk")
    return {"match_id": match.pk}, senders(league, match.sides.get(home=True).team.coach)


@pytest.fixture
def seeded_blitz_match(db) -> tuple[dict[str, int], dict[str, str]]:
    league = seed_large_blitzbowl(6, 2)
    match = BlitzMatch.objects.filter(league=league).latest("pk")
    return {"match_id": match.pk, "league_id": league.pk}, senders(league, match.sides.get(home=True).team.coach)


@GAME_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(15)
def test_every_game_operation_on_a_seeded_game_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, seeded_game):
    call_as(case, sender, real_ids, *seeded_game)


@MATCH_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(15)
def test_every_match_operation_on_a_seeded_match_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, seeded_match):
    call_as(case, sender, real_ids, *seeded_match)


@BLITZ_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(15)
def test_every_blitz_bowl_match_and_league_operation_on_a_seeded_league_answers_as_documented_and_never_with_a_5xx(
    case, sender, real_ids, seeded_blitz_match
):
    call_as(case, sender, real_ids, *seeded_blitz_match)
