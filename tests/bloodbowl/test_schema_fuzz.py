"""Fuzz the Blood Bowl operations of the OpenAPI schema (tests/api/test_schema_fuzz.py fuzzes every operation with
Slaughterball ids; here the real ids are a Blood Bowl league's: its teams and players, a league match arranged, a
running tournament with a play-off match played, a written challenge and the star player roll the match earned, so
the generated bodies reach the team lists, sign-up, purchase, retirement, match, fixture and tournament services)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from bloodbowl.models import StarPlayerRoll
from bloodbowl.services.matches import match_create
from bloodbowl.services.tournaments import challenge_issue
from rosters.services import grant_create
from tests.api.test_schema_fuzz import SENDERS, _keep_the_test_connection_open, call_as, fuzz_settings, schema  # noqa: F401
from tests.bloodbowl.factories import make_bb_team
from tests.bloodbowl.match_helpers import bloodbowl_league
from tests.bloodbowl.tournament_helpers import enter, play, tournament
from tests.factories import UserFactory

BLOOD_BOWL_OPERATIONS = schema.include(path_regex=r"^/api/(bloodbowl/|leagues/\{league_id\}/(team-lists|fixtures)/)")


@pytest.fixture
def bb_world(commissioner, coach, rival) -> dict[str, int]:
    league = bloodbowl_league(commissioner, table_dice=True)  # the dice generated reach the match services' checks
    own, rival_team = make_bb_team(league, coach), make_bb_team(league, rival, name="Reedwater Wardens")
    third = make_bb_team(league, UserFactory(username="third_coach"), name="Marsh Lords")
    grant_create(league=league, user=commissioner, team_id=own.pk, amount=500_000, reason="Sponsor")
    cup = tournament(league, "spike")
    enter(cup, own, rival_team, third)
    play(cup, own, rival_team, 3, 0)  # own's #1 scores three: a star player roll waits for his coach
    challenge, _ = challenge_issue(tournament_id=cup.pk, user=coach, challenger_id=own.pk, challenged_id=third.pk)
    arranged = match_create(league=league, user=commissioner, home_team_id=own.pk, away_team_id=rival_team.pk)
    return {
        "league_id": league.pk,
        "team_id": own.pk,
        "player_id": own.bb_players.get(number=12).pk,
        "match_id": arranged.pk,
        "tournament_id": cup.pk,
        "challenge_id": challenge.pk,
        "spr_id": StarPlayerRoll.objects.get(player__team=own).pk,
    }


@BLOOD_BOWL_OPERATIONS.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(30)
def test_every_blood_bowl_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, bb_world, tokens):
    call_as(case, sender, real_ids, bb_world, tokens)
