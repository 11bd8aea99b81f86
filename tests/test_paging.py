"""pitside.paging: a page of a whole-league list, the viewer's own rows always shown, "show all"; and the pages that
use it answer in the same number of queries whatever the league's size."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitside import paging
from pitside.errors import Invalid
from pitside.paging import coached_by, page_rows
from rosters.models import Team
from slaughterball.models import Standing
from tests.factories import LeagueFactory, UserFactory
from tests.slaughterball.calendar.helpers import add_teams
from tests.slaughterball.results.helpers import make_season


def _request(query: str = "", user=None):
    request = RequestFactory().get(f"/list/?{query}")
    request.user = user or AnonymousUser()
    return request


def test_a_page_of_a_list_with_the_viewers_rows_pinned_above_it():
    rows = list(range(1, 11))
    first = page_rows(_request(), rows, own=lambda n: n in (2, 9), size=3)
    lines = [(line.item, line.own, line.pinned) for line in first.lines]
    assert lines == [(9, True, True), (1, False, False), (2, True, False), (3, False, False)]
    assert (first.number, first.pages, first.count, first.first, first.last, first.items) == (1, 4, 10, 1, 3, [1, 2, 3])
    assert first.previous_url is None
    assert first.next_url == "?page=2"
    last = page_rows(_request("page=4&season=7"), rows, size=3)
    assert (last.items, last.first, last.next_url, last.previous_url) == ([10], 10, None, "?season=7&page=3")
    assert last.all_url == "?season=7&all=1"
    # Past the end is the last page; a bad number is refused (the pages answer 400).
    assert page_rows(_request("page=99"), rows, size=3).items == [10]
    with pytest.raises(Invalid):
        page_rows(_request("page=x"), rows, size=3)


class _BuiltWhenRead(Sequence[int]):
    """A list whose rows are built when read (as the week page's challenge order), counting those built."""

    def __init__(self, length: int) -> None:
        self.length, self.built = length, 0

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(self.length)[index]]
        self.built += 1
        return range(1, self.length + 1)[index]


def test_a_list_nobody_owns_rows_of_has_only_its_page_read():
    rows = _BuiltWhenRead(1000)
    page = page_rows(_request("page=2"), rows, size=25)
    assert (page.items, rows.built) == (list(range(26, 51)), 25)
    mine = page_rows(_request(), rows, own=lambda n: n == 700, size=25)
    assert [line.item for line in mine.lines if line.pinned] == [700]  # a viewer's own rows are looked for everywhere


def test_show_all_lists_every_row_and_marks_the_viewers():
    everything = page_rows(_request("all=1&page=2"), list(range(1, 8)), own=lambda n: n == 5, size=3)
    assert [line.item for line in everything.lines] == list(range(1, 8))
    assert [line.item for line in everything.lines if line.own] == [5]
    assert (everything.show_all, everything.pages, everything.next_url) == (True, 1, None)
    assert everything.paged_url == "?page=2"


def test_several_lists_on_one_page_each_take_their_own_parameter():
    request = _request("standings=2")
    assert page_rows(request, list(range(6)), param="standings", size=2).items == [2, 3]
    assert page_rows(request, list(range(6)), param="schedule", size=2).items == [0, 1]


@pytest.mark.django_db
@pytest.mark.parametrize("teams", [3, 7])
def test_a_page_of_a_queryset_costs_three_queries_whatever_its_length(teams, django_assert_num_queries):
    league = LeagueFactory()
    made = add_teams(league, teams)
    coach = made[-1].coach
    rows = Team.objects.filter(league=league).order_by("name", "id")
    request = _request(user=coach)
    # The count; the page; the viewer's own rows.
    with django_assert_num_queries(3):
        page = page_rows(request, rows, own=coached_by(request), size=2)
    assert page.items == made[:2]
    assert [(line.item, line.pinned) for line in page.lines if line.own] == [(made[-1], True)]
    # Show all: nothing read until asked for; its count and digest (pitside.printed) in one query, its lines (the rows
    # and the keys of the viewer's) in two. SQLite digests in Python: a query for each of the two.
    everything = _request("all=1", user=coach)
    with django_assert_num_queries(0):
        page = page_rows(everything, rows, own=coached_by(everything), size=2)
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 2):
        assert (page.count, page.first, page.pages) == (teams, 1, 1)
        assert page.print_key
    with django_assert_num_queries(2):
        assert [line.item for line in page.lines] == made
    assert [line.item for line in page.lines if line.own] == [made[-1]]


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)


def _grown(size: int, commissioner):
    league = LeagueFactory(commissioner=commissioner)
    teams = add_teams(league, size, start=10 * size)
    season = make_season(league, teams)
    return league, season, teams


@pytest.mark.django_db
@pytest.mark.usefixtures("small_pages")
@pytest.mark.parametrize(
    ("page", "queries"),
    [
        # The league with its team count; its commissioners; the count of its teams; a page of teams and the
        # viewer's own, each with its coach and the sums of its Team Potential and treasury (teams_with_figures).
        ("league-detail", 5),
        # The league; its commissioners; its latest season; the seasons; the weeks ranked; the count; a page of
        # rows with team and coach; the viewer's own rows.
        ("league-standings", 8),
    ],
)
def test_the_league_and_standings_pages_cost_the_same_queries_at_two_sizes(page, queries, client, commissioner):
    for size in (3, 6):
        league, season, teams = _grown(size, commissioner)
        # The list's order: by name, or by League Rank.
        if page == "league-standings":
            teams = [row.team for row in Standing.objects.filter(season=season).select_related("team").order_by("rank")]
        own = teams[-1]
        client.force_login(own.coach)
        client.get(reverse(page, args=[league.pk]))  # the session's first read
        with CaptureQueriesContext(connection) as captured:
            answer = client.get(reverse(page, args=[league.pk]))
        # The session and its user, the nav's unread count, then the page's own queries.
        assert len(captured) - 3 == queries, [q["sql"] for q in captured]
        body = answer.content.decode()
        assert body.count('class="own pinned"') == 1  # the viewer's team, from the last page, above the first
        assert own.name in body
        assert teams[0].name in body
        assert not any(team.name in body for team in teams[2:-1])  # on later pages
        everything = client.get(reverse(page, args=[league.pk]) + "?all=1").content.decode()
        assert all(team.name in everything for team in teams)
        assert client.get(reverse(page, args=[league.pk]) + "?page=x").status_code == 400


def test_coached_by_is_nobody_for_an_anonymous_viewer():
    assert coached_by(_request()) is None
    user = UserFactory.build(pk=5)
    assert coached_by(_request(user=user)) is not None
