"""The team page's queries, the same for a small league and a larger one, as anyone and as the team's coach."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.api.test_query_counts import populate


@pytest.mark.parametrize("size", [2, 10])
@pytest.mark.parametrize(
    ("viewer", "queries"),
    [
        # 1 team of a Slaughterball league with its balances, league and coach; 1 prefetch of its athletes; 1 of its
        # purchases; 1 its ledger with the rows' authors. (Its game record is the roster sheet's, not read here.)
        pytest.param("anonymous", 4, id="anonymous"),
        # The same 4, with the session and its user; 1 his unread notifications for the nav.
        pytest.param("coach", 7, id="its-coach"),
    ],
)
def test_the_team_page_reads_as_much_whatever_the_league(
    viewer, queries, size, league, commissioner, team, django_assert_num_queries
):
    populate(league, commissioner, team, size)
    client = Client()
    if viewer == "coach":
        client.force_login(team.coach)

    with django_assert_num_queries(queries):
        response = client.get(f"/teams/{team.pk}/")

    assert response.status_code == 200
    assert (f"/teams/{team.pk}/staff/" in response.content.decode()) == (viewer == "coach")  # his Hire forms
