"""Pinned query counts for the Blood Bowl match reads, the same for a league of two teams as for six, each with
its confirmed matches (the standings and the league page: tests/bloodbowl/test_query_counts.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from bloodbowl.services import matches as services
from pitside import paging
from rosters import selectors as roster_selectors
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory

READS = [
    # 1 league (+1 prefetch of its commissioners); 1 count; 1 page of matches (+1 prefetch of sides with teams).
    pytest.param("/api/bloodbowl/leagues/{league}/matches/", 5, id="matches-api"),
    # 1 match with its league; prefetches: sides, rolls, star player rolls, history with users, commissioners.
    pytest.param("/api/bloodbowl/matches/{match}/", 7, id="match-api"),
]


@pytest.mark.parametrize("size", [2, 6])
@pytest.mark.parametrize(("url", "queries"), READS)
def test_match_reads_do_not_grow_with_the_league(url, queries, size, commissioner, django_assert_num_queries):
    league = bloodbowl_league(commissioner)
    teams = [bloodbowl_team(league, UserFactory(), f"Team {i}") for i in range(size)]
    for home, away in zip(teams[::2], teams[1::2], strict=True):
        match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
        services.prematch_roll(match_id=match.pk, user=home.coach)
        scorer, mvp = home.bb_players.first(), away.bb_players.first()
        report = {
            "home": {"score": 1, "mvp": scorer.pk, "players": [{"player": scorer.pk, "touchdowns": 1}]},
            "away": {"score": 0, "mvp": mvp.pk},
        }
        services.report_submit(match_id=match.pk, user=home.coach, report=report)
        services.report_confirm(match_id=match.pk, user=away.coach)

    with django_assert_num_queries(queries):
        response = Client().get(url.format(league=league.pk, match=match.pk))

    assert response.status_code == 200


@pytest.fixture
def small_lists(monkeypatch):
    """A page of one match, and selects of two teams besides the viewer's own."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 1)
    monkeypatch.setattr(roster_selectors, "TEAM_CHOICES", 2)


@pytest.mark.usefixtures("small_lists")
@pytest.mark.parametrize("size", [4, 8])
def test_the_matches_page_shows_a_page_of_matches_and_searched_teams_at_a_fixed_cost(
    size, commissioner, django_assert_num_queries
):
    league = bloodbowl_league(commissioner)
    teams = [bloodbowl_team(league, UserFactory(), f"Team {i}") for i in range(size)]
    made = [
        services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
        for home, away in zip(teams[::2], teams[1::2], strict=True)
    ]
    viewer = teams[0].coach  # his match is the oldest: the last page
    client = Client()
    client.force_login(viewer)
    url = f"/bloodbowl/leagues/{league.pk}/matches/"
    client.get(url)  # the session's first read

    # 1 league (+1 prefetch of its commissioners, which answer whether the viewer is one); 1 session, 1 its user,
    # 1 the nav's unread count; 1 count of matches, 1 a page of them and 1 the viewer's (+1 prefetch each of their
    # sides with teams and coaches); 1 count of teams; 1 the selects' teams (the home and away searches the same).
    with django_assert_num_queries(12):
        page = client.get(url).content.decode()

    assert page.count('class="own pinned"') == 1  # the viewer's match, from the last page, above the first
    assert f'href="/bloodbowl/matches/{made[-1].pk}/"' in page  # the newest: the first page
    assert not any(f'href="/bloodbowl/matches/{m.pk}/"' in page for m in made[1:-1])  # on other pages
    offered = re.findall(r'<option value="(\d+)"', page.split('name="away_team"')[0])
    assert [int(pk) for pk in offered] == [teams[0].pk, teams[1].pk]  # his own and the first two by name
    assert f"2 teams of the {size}" in page

    found = client.get(f"{url}?home=Team+{size - 1}&away=Team+{size - 2}").content.decode()
    home, away = found.split('name="away_team"')
    assert [int(pk) for pk in re.findall(r'<option value="(\d+)"', home)] == [teams[0].pk, teams[-1].pk]
    assert [int(pk) for pk in re.findall(r'<option value="(\d+)"', away)] == [teams[0].pk, teams[-2].pk]

    everything = client.get(f"{url}?all=1").content.decode()
    assert all(f'href="/bloodbowl/matches/{m.pk}/"' in everything for m in made)

    # Signed out, no form: the league (+1 prefetch of its commissioners), the matches' count and a page of them (+1
    # prefetch of their sides with their teams); no team is read for the forms.
    with django_assert_num_queries(5):
        visitor = Client().get(url).content.decode()
    assert f'href="/bloodbowl/matches/{made[-1].pk}/"' in visitor
    assert 'name="home_team"' not in visitor
