"""The people of the browser journeys: a page logged in as each, on a phone or a desktop."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

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
