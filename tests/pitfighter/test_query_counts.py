"""Query counts of the campaign and combat reads, pinned at two sizes: they do not grow with the stables or combats."""

from __future__ import annotations

import pytest

from pitfighter import services
from tests.pitfighter.conftest import fighter


def arrange(campaign, user, a, b):
    return services.combat_create(league_id=campaign.pk, user=user, style="free", fighters=[{"fighter": a.pk}, {"fighter": b.pk}])


@pytest.mark.parametrize("more", [False, True])
def test_the_campaign_api(client_of, django_assert_num_queries, campaign, ann, bob, cid, coach, more):
    arrange(campaign, coach, fighter(ann, "orc"), fighter(bob, "orc"))
    if more:
        arrange(campaign, coach, fighter(ann, "skink"), fighter(cid, "skink"))
    client = client_of("anonymous")
    # the league and its commissioners (2); the first Pit King; the stables with their owners and their totals in
    # confirmed combats; the Pit Kings
    with django_assert_num_queries(5):
        assert client.get(f"/api/pitfighter/leagues/{campaign.pk}/").status_code == 200


@pytest.mark.parametrize("more", [False, True])
def test_a_combat(client_of, django_assert_num_queries, campaign, ann, bob, cid, coach, more):
    combat = arrange(campaign, coach, fighter(ann, "orc"), fighter(bob, "orc"))
    if more:
        arrange(campaign, coach, fighter(ann, "skink"), fighter(cid, "skink"))
    client = client_of("anonymous")
    # the combat with its league; its sides, its fighters, the commissioners, its history and their users, its skill rolls
    with django_assert_num_queries(7):
        assert client.get(f"/api/pitfighter/combats/{combat.pk}/").status_code == 200
