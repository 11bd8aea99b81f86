"""The journeys' accessibility audit (tests/e2e/accessibility.py) sees a part htmx swaps into a page it has audited; the
pages of leagues whose commissioner has set nothing yet pass it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.registry import game_systems
from leagues.services import league_create
from tests.e2e.accessibility import AccessibilityAudit
from tests.e2e.people import DESKTOP, PHONE, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What htmx does when it swaps a part in: the new markup, then htmx:afterSettle on it (the event bubbles).
SWAP_IN_AN_IMAGE_WITHOUT_ALT = """() => {
  const part = document.createElement("div");
  part.id = "swapped";
  part.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
  document.body.append(part);
  part.dispatchEvent(new Event("htmx:afterSettle", {bubbles: true}));
}"""


def test_a_part_swapped_in_after_the_audit_is_audited_at_the_next_action(phone: Page):
    phone.goto("/")
    audit = AccessibilityAudit()
    audit.audit(phone)
    audit.audit(phone)  # the same document, unchanged: audited once
    assert (audit.audited, audit.found) == ([phone.url], [])

    phone.evaluate(SWAP_IN_AN_IMAGE_WITHOUT_ALT)
    audit.audit(phone)

    assert audit.audited == [phone.url, phone.url]
    assert any("image-alt" in line for line in audit.found)
    phone.evaluate("() => document.getElementById('swapped').remove()")  # the page as Pitside serves it, for the journey's audit


# The link on a league page that opens its sign-up form, in each game system's words.
SIGN_UP = re.compile("Sign up a team|Sign up as a coach|Create your stable|Join the group")


def test_the_pages_of_leagues_with_no_house_values_set(browser: Browser, live_server):
    """A league of each game system made with its house values empty, before its commissioner sets any: its page and
    settings as he sees them on a phone, its page and sign-up form as a coach sees them on a phone and on a desktop
    (its first choice picked in each list, as a coach starts, then sent and refused). The journey's audit checks each."""
    boss_user = UserFactory(username="boss", password=PASSWORD)
    UserFactory(username="newcomer", password=PASSWORD)
    leagues = [
        league_create(user=boss_user, name=f"Unset {name}", game_system=slug, options={}, house_values_from="empty")
        for slug, name in game_systems()
    ]
    boss = log_in(browser, live_server, "boss")
    coaches = [log_in(browser, live_server, "newcomer", viewport) for viewport in (PHONE, DESKTOP)]
    for league in leagues:
        assert league.house_values == {}
        boss.goto(f"/leagues/{league.pk}/")
        boss.get_by_role("link", name="Settings").click()
        expect(boss.get_by_role("heading", name="League settings")).to_be_visible()
        for coach in coaches:
            coach.goto(f"/leagues/{league.pk}/")
            sign_up = coach.get_by_role("link", name=SIGN_UP)
            if not sign_up.count():  # none where a coach's sign-up cannot succeed yet
                continue
            sign_up.first.click()
            form = coach.locator("main form[method=post]").last
            for select in form.locator("select").all():
                if select.locator("option").count() > 1:
                    select.select_option(index=1)
            form.locator("[type=submit]").last.click()
            expect(coach.get_by_role("heading", level=1)).to_be_visible()
