"""Headless Debian Chromium driven by Playwright against a live Pitside server."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import sync_playwright

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server):
    """A page in a phone-sized window, pointed at the live server."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
