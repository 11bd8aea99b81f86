"""Pages that fit: on a 390x844 phone and at 1280x800 the key figures are on the screen, not clipped by a table
that scrolls sideways: League Points on the standings, Score/Place/Prize on the game page, the athletes' Spend
buttons, the Blood Bowl match score. Narrow screens get each table row as a card (`table.cards` in pitside.css).

With SCREENSHOTS_DIR set, it also saves the standings and the game page at both sizes there (the README's
screenshots: `SCREENSHOTS_DIR=docs/screenshots`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from bloodbowl.large import seed_large as seed_bloodbowl
from bloodbowl.models import Match
from rosters.models import Team
from slaughterball.large import seed_large as seed_slaughterball
from slaughterball.models import Game
from tests.e2e.people import log_in
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LONG_NAME = "The Extraordinarily Long-Named Ogres of the Great Lakes"


def assert_fits(page: Page, cells: Locator, count: int) -> None:
    """Each of the `count` elements is shown whole: inside the window's width and inside the box of any table
    that scrolls sideways around it (scrolled to its start, as a page opens)."""
    expect(cells).to_have_count(count)
    width = page.viewport_size["width"]
    for index in range(count):
        cell = cells.nth(index)
        expect(cell).to_be_visible()
        box = cell.bounding_box()
        assert box is not None
        right = width
        scroller = cell.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' table-scroll ')]")
        if scroller.count():
            frame = scroller.first.bounding_box()
            assert frame is not None
            right = min(right, frame["x"] + frame["width"])
        assert box["x"] >= 0, f"{cell} starts left of the screen at {box['x']}"
        assert box["x"] + box["width"] <= right + 0.5, f"{cell} ends at {box['x'] + box['width']}, past {right}"


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        page.screenshot(path=Path(folder) / f"{name}-{page.viewport_size['width']}.png", full_page=True)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_key_figures_are_on_the_screen(browser: Browser, live_server, viewport: dict[str, int]):
    league = seed_slaughterball(4, 1)
    team = Team.objects.filter(league=league).order_by("pk").first()
    team.name = LONG_NAME  # a long name must not push the figures off a phone's screen
    team.save(update_fields=["name"])
    team.coach.set_password(PASSWORD)
    team.coach.save(update_fields=["password"])
    game = Game.objects.get(league=league)
    page = log_in(browser, live_server, team.coach.username, viewport)
    expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()

    page.goto(f"/leagues/{league.pk}/standings/")
    expect(page.get_by_role("link", name=LONG_NAME)).to_be_visible()
    assert_fits(page, page.locator("table.results-standings td[data-label='League Points']"), 4)
    shoot(page, "standings")
    # The first Tab shows the skip link; following it moves the focus past the site navigation.
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    assert_fits(page, skip, 1)
    page.keyboard.press("Enter")
    expect(page.get_by_role("main")).to_be_focused()

    page.goto(f"/games/{game.pk}/")
    for label in ("Score", "Place", "Prize"):
        assert_fits(page, page.locator(f"table.results-sides td[data-label='{label}']"), 4)
    places = page.locator("table.results-sides td[data-label='Place']").all_inner_texts()
    assert sorted(places) == ["1st", "2nd", "3rd", "4th"]
    shoot(page, "game")

    page.goto(f"/teams/{team.pk}/")
    assert_fits(page, page.locator("table.athletes").get_by_role("link", name="Spend"), 8)

    bloodbowl = seed_bloodbowl(4, 1)
    match = Match.objects.filter(league=bloodbowl).first()
    page.goto(f"/bloodbowl/matches/{match.pk}/")
    scores = page.locator("td[data-label='Score']")
    assert_fits(page, scores, 2)
    assert sorted(scores.all_inner_texts()) == sorted(str(side.score) for side in match.sides.all())
