"""Pinned query counts for the Blood Bowl team reads, the same for two teams as for ten, and for the whole-league
reads (the standings page and API, the league page), the same for a league of 3 teams as for one of 60 (more than
a page) with rounds of confirmed matches (see tests/api/test_query_counts.py). Requests are made with
force_authenticate (the API) or force_login (the pages: the session and its user are a query each)."""

from __future__ import annotations

import pytest
from django.test import Client

from bloodbowl.large import seed_large
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


LEAGUE_READS = [
    # 1 league with 1 prefetch of its commissioners; the stored table: 1 count, 1 page of lines joined to their
    # teams and coaches, 1 the viewer's own lines not on the page.
    pytest.param("/api/bloodbowl/leagues/{league}/standings/", False, 5, id="standings-api"),
    # The same 5, plus the session and its user, the nav's unread count, and the leaders: 1 query each for
    # touchdowns, casualties and SPP.
    pytest.param("/bloodbowl/leagues/{league}/standings/", True, 11, id="standings-page"),
    # The session and its user; the nav's unread count; 1 league with 1 prefetch of its commissioners; 1 team lists
    # row; the teams in the table's order joined to profile, coach and stored line: 1 count, 1 page, 1 the viewer's
    # own not on it; 1 their treasuries summed; 1 the next round of the fixture list (it has none).
    pytest.param("/leagues/{league}/", True, 11, id="league-page"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("size", [3, 60])
@pytest.mark.parametrize(("url", "page", "queries"), LEAGUE_READS)
def test_whole_league_reads_do_not_grow_with_the_league(url, page, queries, size, api, django_assert_num_queries):
    league = seed_large(size, 2)  # rounds of confirmed matches, the standings stored
    last = league.teams.order_by("-pk").first()  # the viewer coaches the last team in the table's order or near it
    client = Client() if page else api
    if page:
        client.force_login(last.coach)
    else:
        api.force_authenticate(last.coach)

    with django_assert_num_queries(queries):
        response = client.get(url.format(league=league.pk))

    assert response.status_code == 200
    assert last.name in response.content.decode()


TEAM_AND_MATCH_READS = [
    # 1 league with 1 prefetch of its commissioners; 1 count of its matches; 1 page of them; 1 prefetch of their
    # sides joined to their teams.
    pytest.param("/api/bloodbowl/leagues/{league}/matches/", False, 5, id="matches-api"),
    # The session and its user; 1 team joined to profile, coach and league with the treasury summed; 1 prefetch of
    # its players; 1 team lists row; its match record: 1 both sides of its matches with their teams and matches; its
    # honours: 1 trophies, 1 wizard contract; the nav's unread count; 1 its ledger.
    pytest.param("/bloodbowl/teams/{team}/", True, 10, id="team-page"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("size", [3, 60])
@pytest.mark.parametrize(("url", "page", "queries"), TEAM_AND_MATCH_READS)
def test_the_matches_api_and_the_team_page_do_not_grow_with_the_league(url, page, queries, size, api, django_assert_num_queries):
    league = seed_large(size, 2)  # rounds of confirmed matches
    team = league.teams.order_by("pk").first()  # its coach looks at his team, which played its matches
    client = Client() if page else api
    if page:
        client.force_login(team.coach)
    else:
        api.force_authenticate(team.coach)

    with django_assert_num_queries(queries):
        response = client.get(url.format(league=league.pk, team=team.pk))

    assert response.status_code == 200
    assert team.name in response.content.decode()
