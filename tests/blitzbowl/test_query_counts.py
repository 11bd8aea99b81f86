"""Query counts of the Blitz Bowl reads and arranging writes, pinned at two sizes: they do not grow with the league."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from blitzbowl.large import seed_large
from blitzbowl.selectors import league_state
from blitzbowl.services import coach_signup, round_generate
from tests.blitzbowl.helpers import play
from tests.factories import UserFactory


def _grow(league, commissioner, coaches: int) -> None:
    for index in range(coaches):
        coach_signup(league=league, coach=UserFactory(), name=f"Extra {index}")
    for match in round_generate(league_id=league.pk, user=commissioner):
        play(match)


@pytest.mark.parametrize("extra", [0, 4])
def test_the_league_api(client, short_league, three, commissioner, extra, django_assert_num_queries):
    _grow(short_league, commissioner, extra)
    # The league and its commissioners (2), the coaches with their user (1), their draws (1), the league matches'
    # values (1), the finals' matches (1: none).
    with django_assert_num_queries(6):
        assert client.get(f"/api/blitzbowl/leagues/{short_league.pk}/").status_code == 200


@pytest.mark.parametrize("extra", [0, 4])
def test_the_coach_roster(client, short_league, three, commissioner, extra, django_assert_num_queries):
    _grow(short_league, commissioner, extra)
    ann = three[0]
    # The team with its profile, coach and league (1), its matches (1) and their sides with team and coach (1),
    # its trait gains (1).
    with django_assert_num_queries(4):
        assert client.get(f"/api/blitzbowl/coaches/{ann.pk}/").status_code == 200


@pytest.mark.parametrize("coaches", [5, 30])
def test_the_league_page_and_api_of_a_seeded_league(db, client, coaches, django_assert_num_queries):
    """A league after a round fully played (blitzbowl.large), its legal opponents worked out for a page of coaches."""
    league = seed_large(coaches, 3)
    # The league and its commissioners (2), the coaches with their user (1), their draws (1), the league matches'
    # values (1), the finals' matches (1: none).
    with django_assert_num_queries(6):
        assert client.get(f"/api/blitzbowl/leagues/{league.pk}/").status_code == 200
    # The league and its commissioners (2); the panel's league state (4: the coaches, their draws, the league matches'
    # values, the finals' matches), the schedule's count, its page and their sides (3).
    with django_assert_num_queries(9):
        assert client.get(f"/leagues/{league.pk}/").status_code == 200


@pytest.mark.parametrize("coaches", [6, 30])
def test_arranging_a_match_and_a_round_through_the_api_of_a_seeded_league(db, coaches, django_assert_num_queries):
    """The writes read the coaches and the schedule as values and write in bulk (a round's matches, sides, events and
    notices an insert each, its mail one task), answering what they made: the same queries at 6 and 30 coaches."""
    league = seed_large(coaches, 3)
    client = APIClient()
    client.force_authenticate(league.commissioners.get())
    state = league_state(league)
    first = state.opponents(state.coaches[:1])[0]
    body = {"home_team": first.team.pk, "away_team": first.opponents[0].pk}
    with django_assert_num_queries(18):
        assert client.post(f"/api/blitzbowl/leagues/{league.pk}/arrange/", body, format="json").status_code == 201
    with django_assert_num_queries(17):
        assert client.post(f"/api/blitzbowl/leagues/{league.pk}/round/").status_code == 201
