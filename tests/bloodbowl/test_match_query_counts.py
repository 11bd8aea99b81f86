"""Pinned query counts for the Blood Bowl match reads, the same for a league of two teams as for six, each with
its confirmed matches (the standings and the league page: tests/bloodbowl/test_query_counts.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from bloodbowl.services import matches as services
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
