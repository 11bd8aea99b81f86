"""Query counts of the Blitz Bowl reads, pinned at two sizes: they do not grow with the coaches or matches."""

from __future__ import annotations

import pytest

from blitzbowl.large import seed_large
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
    # The league and its commissioners (2), the coaches with their profile and user (1), the matches and their
    # sides with team and coach (2).
    with django_assert_num_queries(5):
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
    # The league and its commissioners (2), the coaches with their profile and user (1), the league matches' values
    # (1), the finals' matches (1: none).
    with django_assert_num_queries(5):
        assert client.get(f"/api/blitzbowl/leagues/{league.pk}/").status_code == 200
    # The league and its commissioners (2); the panel's league state (3: the coaches, the league matches' values, the
    # finals' matches), the schedule's count, its page and their sides (3).
    with django_assert_num_queries(8):
        assert client.get(f"/leagues/{league.pk}/").status_code == 200
