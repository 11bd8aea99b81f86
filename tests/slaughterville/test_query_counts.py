"""Pinned query counts for the Slaughterville reads, the same for two sessions as for ten (see
tests/api/test_query_counts.py). Requests are made with force_authenticate: authentication costs no query."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from slaughterville.large import seed_large
from slaughterville.services import session_log_create
from tests.slaughterville.conftest import session_log

ENDPOINTS = [
    # 1 group with 1 prefetch of its commissioners; 1 count; 1 page of sessions joined to first player and logger;
    # 1 prefetch of their players with member and user.
    pytest.param("/api/slaughterville/leagues/{league}/sessions/", 5, id="sessions"),
    # 1 session joined to group, first player and logger; prefetches: players with member and user, the group's
    # commissioners, the history and its users.
    pytest.param("/api/slaughterville/sessions/{session}/", 5, id="session"),
    # 1 group with 1 prefetch of its commissioners; its stored tallies; the longest and shortest sessions; the catalogue
    # (characters, locations, villains with their location); the members' names.
    pytest.param("/api/slaughterville/leagues/{league}/statistics/", 8, id="statistics"),
]


@pytest.mark.parametrize("size", [2, 10])
@pytest.mark.parametrize(("url", "queries"), ENDPOINTS)
def test_query_count_does_not_grow_with_the_log(
    url, queries, size, group, ash, laurie, coach, client_of, django_assert_num_queries
) -> None:
    for day in range(1, size + 1):
        solo = session_log(ash, laurie, players=[{"member": ash.pk, "character": None}], defeated=0)
        session, _ = session_log_create(league=group, user=coach, **{**solo, "played_on": datetime.date(2026, 1, day)})
    api = client_of("commissioner")

    with django_assert_num_queries(queries):
        response = api.get(url.format(league=group.pk, session=session.pk))

    assert response.status_code == 200


GROUP_READS = [
    # As for the statistics above, at any size.
    pytest.param("/api/slaughterville/leagues/{league}/statistics/", False, 8, id="statistics"),
    # The same for the members.
    pytest.param("/api/slaughterville/leagues/{league}/members/", False, 4, id="members"),
    # The session and its user, the nav and the shared league page's reads, the catalogue, the statistics (as in the
    # API), the members and the sessions a page each with the viewer's own and their players.
    pytest.param("/leagues/{league}/", True, 23, id="group-page"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("members", [4, 40])
@pytest.mark.parametrize(("url", "page", "queries"), GROUP_READS)
def test_whole_group_reads_do_not_grow_with_the_group(url, page, queries, members, api, django_assert_num_queries):
    league = seed_large(members, 3)  # each member logged three confirmed sessions
    last = league.teams.order_by("-pk").first()
    client = Client() if page else api
    if page:
        client.force_login(last.coach)
    else:
        api.force_authenticate(last.coach)

    with django_assert_num_queries(queries):
        response = client.get(url.format(league=league.pk))

    assert response.status_code == 200
