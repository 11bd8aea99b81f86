"""A coach who puts a rogue up for auction whose card holds house values the league has not set sees one sentence,
by the API and on the auction page, and the commissioner hears of it once (leagues.setup)."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from slaughterball.models import Lot
from tests.api.helpers import problems

SENTENCE = "The commissioner has not finished setting up this league."
UNSET_EVENT = "house-values-unset:"
BUTCHER = {"portfolio": "nemesis", "type": "butcher"}  # a butcher's card is all house values


@pytest.fixture
def auction(league, game, coach, open_auction):
    """The auction open; then the league's house values are all unset."""
    opened = open_auction(game, coach)
    league.house_values = {}
    league.save()
    return opened


def test_a_coach_nominating_by_the_api_and_on_the_page_sees_one_sentence(auction, api_as, client, coach, commissioner):
    by_api = api_as(coach).post(f"/api/auctions/{auction.pk}/lots/", {"rogue": BUTCHER}, format="json")
    client.force_login(coach)
    on_page = client.post(f"/auctions/{auction.pk}/nominate/", BUTCHER)

    assert by_api.status_code == 400
    assert problems(by_api) == {("league-setup-unfinished", "league")}
    assert on_page.status_code == 400
    assert SENTENCE in on_page.content.decode()
    assert "athletes.nemesis.butcher" not in on_page.content.decode()
    assert not Lot.objects.exists()
    [notice] = Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT)
    assert "(Nemesis butcher value)" in notice.text  # named by its label
