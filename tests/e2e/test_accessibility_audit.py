"""The journeys' accessibility audit (tests/e2e/accessibility.py) sees a part htmx swaps into a page it has audited."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.accessibility import AccessibilityAudit

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
