"""Pinned query counts for the read endpoints, the same for a small world and a ten times larger one.

A count that grows with the number of teams, leagues, purchases or ledger rows is an N+1 query.
Requests are made with force_authenticate, so authentication costs no query.
"""

from __future__ import annotations

import pytest

from rosters.services import grant_create
from slaughterball.services.teams import purchase_make
from tests.factories import LeagueFactory, UserFactory, make_team

ENDPOINTS = [
    # 1 count, 1 page of leagues with their team counts, 1 prefetch of their commissioners.
    pytest.param("/api/leagues/", 3, id="leagues"),
    # 1 league; 1 count; 1 page of teams joined to league and coach; 1 prefetch of their athletes; 1 prefetch
    # of their purchases; 1 sum of the page's ledger rows per team and account (not every team's); 1 of the page's
    # teams' latest confirmed sides (their spending windows).
    pytest.param("/api/leagues/{league}/teams/", 7, id="league-teams"),
    # 1 team of a Slaughterball league with balances summed, league and coach; 1 prefetch of athletes; 1 prefetch
    # of purchases.
    pytest.param("/api/teams/{team}/", 3, id="team"),
    # 1 team; 1 count; 1 page of rows joined to their author.
    pytest.param("/api/teams/{team}/ledger/", 3, id="ledger"),
    # 1 team; 1 count; 1 page of purchases joined to their author.
    pytest.param("/api/teams/{team}/purchases/", 3, id="purchases"),
    # 1 league; 1 count; 1 page of rows joined to their author.
    pytest.param("/api/leagues/{league}/grants/", 3, id="grants"),
    # The team as for /api/teams/<id>/: 3.
    pytest.param("/api/teams/{team}/purchase-options/", 3, id="staff-options"),
    # 1 athlete, then the team as for /api/teams/<id>/: 3.
    pytest.param("/api/athletes/{athlete}/purchase-options/", 4, id="athlete-options"),
]


def populate(league, commissioner, team, size: int) -> None:
    """Make the league `size` teams strong (the coach's and `size` - 1 more), each with grants and
    purchases, the coach's own team with `size` grants and staff hires, and `size` leagues in all."""
    for _ in range(size):
        grant_create(league=league, user=commissioner, team_id=team.pk, amount=100_000, reason="Gate")
        purchase_make(team_id=team.pk, user=team.coach, kind="staff", item="cheerleader")
    for index in range(size - 1):
        coach = UserFactory()
        other = make_team(league, coach, name=f"Team {index:02}")
        grant_create(league=league, user=commissioner, team_id=other.pk, amount=1_000_000, reason="Sponsor")
        for kind, item, number in [("skill", "leadership", 3), ("trait", "speed", 5), ("staff", "physician", None)]:
            athlete_id = other.athletes.get(number=number).pk if number else None
            purchase_make(team_id=other.pk, user=coach, kind=kind, item=item, athlete_id=athlete_id)
        LeagueFactory(commissioner=UserFactory())


@pytest.mark.parametrize("size", [2, 10])
@pytest.mark.parametrize(("url", "queries"), ENDPOINTS)
def test_query_count_does_not_grow_with_the_league(
    url, queries, size, league, commissioner, team, client_of, django_assert_num_queries
):
    populate(league, commissioner, team, size)
    url = url.format(league=league.pk, team=team.pk, athlete=team.athletes.get(number=3).pk)
    api = client_of("commissioner")

    with django_assert_num_queries(queries):
        response = api.get(url)

    assert response.status_code == 200
    if url.endswith("/teams/"):
        assert response.json()["count"] == size
