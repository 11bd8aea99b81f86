"""The settings page's house values in the browser journeys: their groups start closed (a short page on a phone)."""

from __future__ import annotations

from playwright.sync_api import Page


def open_house_value_groups(page: Page) -> None:
    """Open every group of house values, as a commissioner typing them all in taps each one open."""
    closed = page.locator("details.house-group:not([open]) > summary")
    while closed.count():
        closed.first.click()
