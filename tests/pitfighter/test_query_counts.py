"""Query counts of the campaign and combat reads, pinned at two sizes: they do not grow with the stables or combats."""

from __future__ import annotations

import pytest
from django.test import Client

from pitfighter import services
from pitfighter.large import seed_large
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


CAMPAIGN_READS = [
    # 1 league with 1 prefetch of its commissioners; 1 the first Pit King; 1 the stables' totals in confirmed combats
    # with their owners; 1 the Pit Kings.
    pytest.param("/api/pitfighter/leagues/{league}/", False, 5, id="campaign-api"),
    # The league with its commissioners; 1 count, 1 page of stables with their owners, 1 prefetch of their fighters.
    pytest.param("/api/pitfighter/leagues/{league}/stables/", False, 5, id="stables-api"),
    # The league with its commissioners; 1 count, 1 page of combats, 1 prefetch each of their sides and fighters.
    pytest.param("/api/pitfighter/leagues/{league}/combats/", False, 6, id="combats-api"),
    # The session and its user; the nav's unread count; the league with its commissioners; the campaign's 3 as in the
    # API; the viewer's stable; the stables: a count, a page and the viewer's own, each with a prefetch of their
    # fighters (5); the combats: the same, each with a prefetch of their sides and one of their fighters (7); the
    # active fighters the arranging form lists.
    pytest.param("/pitfighter/leagues/{league}/", True, 22, id="campaign-page"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("size", [4, 60])
@pytest.mark.parametrize(("url", "page", "queries"), CAMPAIGN_READS)
def test_whole_campaign_reads_do_not_grow_with_the_campaign(url, page, queries, size, api, django_assert_num_queries):
    league = seed_large(size, 2)  # rounds of confirmed combats
    last = league.teams.order_by("-pk").first()  # the viewer owns the last stable, on the last page
    client = Client() if page else api
    if page:
        client.force_login(last.coach)
    else:
        api.force_authenticate(last.coach)

    with django_assert_num_queries(queries):
        response = client.get(url.format(league=league.pk))

    assert response.status_code == 200
    assert last.name in response.content.decode() or "stables" in url  # the standings list every stable
