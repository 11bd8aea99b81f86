"""Pages that fit: on a 390x844 phone and at 1280x800 the key figures are on the screen, not clipped by a table
that scrolls sideways: League Points on the standings, Score/Place/Prize on the game page and on the week's Game
Record Sheet, the athletes' Spend buttons, the Blood Bowl match score and a Blood Bowl team's Retire buttons. Narrow
screens get each table row as a card (`table.cards` in pitside.css). On a phone, the demo leagues' other pages with
tables (the leagues list, settings, ledgers, an import's problems, the Blood Bowl match record, the Blitz Bowl report
form) do not scroll sideways either.

With SCREENSHOTS_DIR set, it also saves the standings and the game page at both sizes there (the README's
screenshots: `SCREENSHOTS_DIR=docs/screenshots`)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Locator, Page, expect

from blitzbowl.models import Match as BlitzMatch
from bloodbowl.large import seed_large as seed_bloodbowl
from bloodbowl.models import Match, Player
from leagues.models import League
from rosters.models import Team
from slaughterball.large import seed_large as seed_slaughterball
from slaughterball.models import Game
from tests.bloodbowl.factories import BloodBowlLeagueFactory, make_bb_team
from tests.e2e.people import log_in
from tests.factories import PASSWORD, UserFactory
from webhooks.models import Channel, Delivery

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LONG_NAME = "The Extraordinarily Long-Named Ogres of the Great Lakes"
REASON = "Prize for the best-painted team of the Great Lakes open day, judged by the referees' committee"


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


def assert_no_sideways_scroll(page: Page) -> None:
    """Neither the page nor any table's box scrolls sideways: everything is within the window's width."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width} px wide"
    boxes = page.evaluate("[...document.querySelectorAll('.table-scroll')].filter(b => b.scrollWidth > b.clientWidth).length")
    assert boxes == 0, f"{page.url}: {boxes} table boxes scroll sideways"


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
    # The week's Game Record Sheet, on screen: its rows as cards on a phone, the table whole on a desktop.
    page.goto(f"/weeks/{game.week_id}/game-records/")
    for label in ("Score", "Place", "Prize"):
        assert_fits(page, page.locator(f".results-record-sheet td[data-label='{label}']"), 4)
    assert_no_sideways_scroll(page)

    page.goto(f"/teams/{team.pk}/")
    assert_fits(page, page.locator("table.athletes").get_by_role("link", name="Spend"), 8)

    bloodbowl = seed_bloodbowl(4, 1)
    match = Match.objects.filter(league=bloodbowl).first()
    page.goto(f"/bloodbowl/matches/{match.pk}/")
    scores = page.locator("td[data-label='Score']")
    assert_fits(page, scores, 2)
    assert sorted(scores.all_inner_texts()) == sorted(str(side.score) for side in match.sides.all())


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_blood_bowl_coach_reads_his_whole_players_table_with_its_retire_buttons(
    browser: Browser, live_server, viewport: dict[str, int]
):
    """The team page's thirteen columns and its Retire forms fit 1280 px (the Retire column was clipped), and a
    phone's width as cards, with a player whose name, skills, injuries and rolls are all long."""
    league = BloodBowlLeagueFactory(commissioner=UserFactory())
    team = make_bb_team(league, UserFactory(username="croaker", password=PASSWORD))
    Player.objects.filter(team=team, number=7).update(
        name=LONG_NAME,
        skills=["dodge", "sure-hands", "block", "mighty-blow", "guard"],
        niggling_injuries=2,
        misses_next_match=True,
        spp=48,
        skill_rolls=1,
        peaked=True,
    )
    page = log_in(browser, live_server, "croaker", viewport)

    page.goto(f"/bloodbowl/teams/{team.pk}/")

    assert_fits(page, page.locator("table.players").get_by_role("button", name="Retire"), team.bb_players.count())
    assert_fits(page, page.locator("table.players td[data-label='Value']"), team.bb_players.count())
    assert_no_sideways_scroll(page)


def test_the_demo_leagues_pages_do_not_scroll_sideways_on_a_phone(browser: Browser, live_server):
    call_command("seed_demo", password=PASSWORD, stdout=io.StringIO())
    league = League.objects.get(game_system="slaughterball")
    channel = Channel.objects.create(league=league, kind="discord", url="https://discord.com/api/webhooks/1/t", events=["signup"])
    Delivery.objects.create(
        channel=channel, event="signup", key="signup-1", text="Signed up", status=Delivery.Status.FAILED, tries=5,
        last_error="HTTP 404 from discord.com: Unknown Webhook (the webhook was deleted or its token is wrong)",
    )  # fmt: skip
    team = Team.objects.get(league=league, coach__username="coach1")
    boss = log_in(browser, live_server, "commissioner", PHONE)
    boss.goto("/leagues/")
    assert_no_sideways_scroll(boss)

    # The settings page: the channel's deliveries as cards, its forms closed until asked for.
    boss.goto(f"/leagues/{league.pk}/settings/")
    expect(boss.locator("#channels td[data-label='Status']")).to_have_text("Failed")
    assert_no_sideways_scroll(boss)
    grants = boss.locator("#grants")
    expect(grants.get_by_label("Reason")).to_be_hidden()
    grants.get_by_text("Grant or fine a team").click()
    grants.get_by_label("Team").select_option(label=team.name)
    grants.get_by_label("Amount (credits)").fill("5000")
    grants.get_by_label("Reason").fill(REASON)
    grants.get_by_role("button", name="Grant or fine").click()
    expect(grants.get_by_label("Reason")).to_be_hidden()  # granted: the settings page again, its forms closed

    boss.goto(f"/teams/{team.pk}/")
    expect(boss.locator("table.ledger tr", has_text=REASON).locator("td.key")).to_have_text("5,000")
    assert_no_sideways_scroll(boss)

    # An import's problems: each where it is, a long path broken to fit.
    boss.goto(f"/leagues/{league.pk}/settings/house-values/import/")
    boss.get_by_label("Or paste or edit the text").fill("athletes_of_the_extraordinarily_long_named_ogres_of_the_great_lakes: 1")
    boss.get_by_role("button", name="Replace the house values").click()
    expect(boss.locator("table.import-errors code")).to_contain_text("athletes_of_the_extraordinarily")
    assert_no_sideways_scroll(boss)

    bloodbowl = Team.objects.get(league__game_system="bloodbowl", coach__username="coach1")
    boss.goto(f"/bloodbowl/teams/{bloodbowl.pk}/")
    expect(boss.locator("table.match-record")).to_be_visible()
    assert_no_sideways_scroll(boss)

    match = BlitzMatch.objects.filter(sides__team__coach__username="coach1").first()
    coach = log_in(browser, live_server, "coach1", PHONE)
    coach.goto(f"/blitzbowl/matches/{match.pk}/")
    expect(coach.locator("td[data-label='Opposing players injured'] input")).to_have_count(2)
    assert_no_sideways_scroll(coach)
