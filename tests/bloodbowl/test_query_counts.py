"""Pinned query counts for the Blood Bowl team reads, the same for two teams as for ten (see
tests/api/test_query_counts.py). Requests are made with force_authenticate: authentication costs no query."""

from __future__ import annotations

import pytest

from tests.bloodbowl.factories import make_bb_team
from tests.factories import UserFactory

ENDPOINTS = [
    # 1 league with 1 prefetch of its commissioners; 1 count; 1 page of teams joined to profile, coach and league
    # with the treasury summed; 1 prefetch of their players.
    pytest.param("/api/bloodbowl/leagues/{league}/teams/", 5, id="league-teams"),
    # 1 team joined to profile, coach and league with the treasury summed; 1 prefetch of its players.
    pytest.param("/api/bloodbowl/teams/{team}/", 2, id="team"),
    # 1 league with 1 prefetch of its commissioners; 1 team lists row with its author.
    pytest.param("/api/leagues/{league}/team-lists/", 3, id="team-lists"),
]


@pytest.mark.parametrize("size", [2, 10])
@pytest.mark.parametrize(("url", "queries"), ENDPOINTS)
def test_query_count_does_not_grow_with_the_league(url, queries, size, bb_league, bb_team, client_of, django_assert_num_queries):
    for index in range(size - 1):
        make_bb_team(bb_league, UserFactory(), name=f"Team {index:02}")
    api = client_of("commissioner")

    with django_assert_num_queries(queries):
        response = api.get(url.format(league=bb_league.pk, team=bb_team.pk))

    assert response.status_code == 200
