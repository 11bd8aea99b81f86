"""The auction room live in two browsers (headless Chromium): the coaches bid in turn, each page shows the other's
bid and whose turn it is without a reload, and the last pass closes the lot; then the lineup picker shows Pit
Power as boxes are ticked."""

from __future__ import annotations

from unittest.mock import Mock

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from rosters import services as roster_services
from slaughterball.models import Bid
from slaughterball.services import auctions as services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_eager_notifications(monkeypatch):
    monkeypatch.setattr(roster_services, "notify", Mock())
    monkeypatch.setattr(services, "notify", Mock())


@pytest.fixture
def page_of(browser, live_server):
    """A phone-sized page logged in as a user; closed at the end, so no poll outlives the test's database."""
    contexts = []

    def page(user) -> Page:
        client = Client()
        client.force_login(user)
        context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        contexts.append(context)
        new = context.new_page()
        new.set_default_timeout(15_000)
        return new

    yield page
    for context in contexts:
        context.close()


def test_a_bid_shows_up_on_the_other_coach_s_page_without_a_reload(page_of, game, coach, rival, team):
    auction, _ = services.auction_open(game_id=game.pk, user=coach)
    services.lot_nominate(auction_id=auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")
    coach_page, rival_page = page_of(coach), page_of(rival)
    coach_page.goto(f"/games/{game.pk}/auction/")
    rival_page.goto(f"/games/{game.pk}/auction/")
    expect(coach_page.get_by_text("High bid: 0")).to_be_visible()

    expect(rival_page.locator("#bid-turn")).to_contain_text("Brutal Berthas bids or passes now")  # who put it up
    expect(rival_page.get_by_role("button", name="Pass")).to_have_count(0)

    coach_page.get_by_role("button", name="+50,000: bid 50,000").click()
    expect(coach_page.get_by_text("Your team has the highest bid.")).to_be_visible()
    expect(rival_page.locator(".pregame-high")).to_contain_text("50,000 by Brutal Berthas", timeout=6_000)  # polled
    expect(rival_page.locator("#bid-turn")).to_contain_text("Venture Cabal bids or passes now")

    rival_page.get_by_label("Your bid").fill("250,000")
    rival_page.get_by_role("button", name="Bid", exact=True).click()
    expect(coach_page.locator(".pregame-high")).to_contain_text("250,000 by Venture Cabal", timeout=6_000)
    coach_page.get_by_role("button", name="+50,000: bid 300,000").click()

    rival_page.get_by_role("button", name="Pass").click(timeout=6_000)  # the rival does not raise: the lot closes
    expect(coach_page.get_by_text("Hired by Brutal Berthas")).to_be_visible(timeout=6_000)
    assert list(Bid.objects.order_by("id").values_list("amount", flat=True)) == [50_000, 250_000, 300_000]
    coach_page.screenshot(path="/tmp/pregame-auction.png", full_page=True)

    coach_page.goto(f"/games/{game.pk}/lineup/")
    boxes = coach_page.locator("input[name=athletes]")
    for index in range(3):
        boxes.nth(index).check()
    expect(coach_page.locator("#lineup-power")).to_contain_text("3 of 6 chosen")
    coach_page.locator("input[name=mavericks]").check()
    expect(coach_page.locator("#lineup-power")).to_contain_text("4 of 6 chosen")
    coach_page.screenshot(path="/tmp/pregame-lineup.png", full_page=True)
    rival_page.goto("about:blank")
