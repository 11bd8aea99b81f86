"""Pinned query counts for the Slaughterville reads, the same for two sessions as for ten (see
tests/api/test_query_counts.py). Requests are made with force_authenticate: authentication costs no query."""

from __future__ import annotations

import datetime

import pytest

from slaughterville.services import session_log_create
from tests.slaughterville.conftest import session_log

ENDPOINTS = [
    # 1 group with 1 prefetch of its commissioners; 1 count; 1 page of sessions joined to first player and logger;
    # 1 prefetch of their players with member and user.
    pytest.param("/api/slaughterville/leagues/{league}/sessions/", 5, id="sessions"),
    # 1 session joined to group, first player and logger; prefetches: players with member and user, the group's
    # commissioners, the history and its users.
    pytest.param("/api/slaughterville/sessions/{session}/", 5, id="session"),
    # 1 group with 1 prefetch of its commissioners; the confirmed sessions counted by the database: 1 the sessions,
    # wins and lengths, 1 each per villain, character, player count, location (one union of the six) and member,
    # 1 the longest and shortest; the catalogue (characters, locations, villains with their location); the members'
    # names.
    pytest.param("/api/slaughterville/leagues/{league}/statistics/", 13, id="statistics"),
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
