"""The settings page of a Slaughterball league whose house values are all unset, on a 390x844 phone: its house values
grouped by team and table in closed sections, so the page is short; the list of what is unset links each field and
opens its section; a refused save opens the section of the first error, that field focused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.people import log_in
from tests.factories import PASSWORD, LeagueFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Closed, the page measured 3,632 px (every house value unset; the channel form and the slug lists closed too: 4,705 with
# them shown); with its house value groups open, 44,516.
CLOSED_HEIGHT = 4_500


def height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def test_an_unfinished_leagues_settings_are_short_and_open_where_needed(browser: Browser, live_server):
    boss = UserFactory(username="boss", password=PASSWORD)
    league = LeagueFactory(name="Empty Cup", commissioner=boss, house_values={})
    page = log_in(browser, live_server, "boss")
    page.goto(f"/leagues/{league.pk}/settings/")

    assert height(page) < CLOSED_HEIGHT
    assert page.locator("details.house-group[open]").count() == 0

    page.get_by_text(re.compile(r"Still unset: \d+ house values")).click()
    butcher = page.locator("details.house-group", has=page.locator("code", has_text=re.compile("^athletes.carnage$")))
    expect(butcher).not_to_have_attribute("open", "")
    page.locator(".unset-list li", has_text="Athletes · Carnage").get_by_role("link", name="Butcher value").click()
    expect(butcher).to_have_attribute("open", "")
    value = page.locator("#id_athletes\\.carnage\\.butcher\\.value")
    expect(value).to_be_focused()
    expect(value).to_be_in_viewport()

    value.fill("lots")
    page.get_by_role("button", name="Save house values").click()

    expect(page.locator("#id_athletes\\.carnage\\.butcher\\.value")).to_be_focused()
    opened = page.locator("details.house-group[open]")
    expect(opened).to_have_count(1)
    expect(opened.locator("code", has_text=re.compile("^athletes.carnage$"))).to_have_count(1)
    expect(opened.locator(".field-error")).to_be_visible()
