"""The people of the browser journeys: a page logged in as each, on a phone or a desktop; and the New league form,
where a commissioner's first hour starts."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.factories import PASSWORD

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def log_in(browser: Browser, live_server, username: str, viewport: dict[str, int] = PHONE) -> Page:
    """A new browser context (its own cookies) logged in as `username`, whose password is the factories'."""
    context = browser.new_context(base_url=live_server.url, viewport=viewport, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name=re.compile("Log in", re.I)).click()
    return page


def create_league(page: Page, name: str, game_system: str, **starts: str) -> None:
    """The New league form: a name and the game system; every other choice left as the form offers it, but for
    `starts` (label: a text of the choice wanted, as "House values start": "Empty")."""
    page.goto("/leagues/new/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game system").select_option(game_system)
    for label, text in starts.items():
        select = page.get_by_label(label)
        select.select_option(select.locator("option", has_text=text).first.get_attribute("value"))
    page.get_by_role("button", name="Create the league").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
