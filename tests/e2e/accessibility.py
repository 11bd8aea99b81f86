"""axe-core in the browser journeys: every page they visit has no serious or critical violation.

axe-playwright-python bundles axe-core (no network). `assert_accessible(page)` checks the page as it is now.
`AccessibilityAudit` (the autouse fixture in conftest.py) checks each page the test visits once, just before the
test acts on it (a click, a key press) or leaves it (a `goto`, a reload), and the pages still open at the end, so
each page is seen as the person saw it: a filled form, a panel swapped in place. A part htmx swaps in later (a poll's
answer, a preview) has the page audited again at the next action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error, Page

AXE = Axe()
FAILING_IMPACTS = frozenset({"serious", "critical"})
# Swagger UI is a vendored third-party page; its markup is not Pitside's to fix.
NOT_AUDITED = ("/api/docs/",)
# Marks a document as audited (a new page, a reload or a form's answer is a new document, without the mark), and has
# htmx take the mark off when it swaps a part of it in: the next action audits the document with the new part.
MARK_AUDITED = """() => {
  const seen = window.__pitsideAudited === true;
  window.__pitsideAudited = true;
  if (!window.__pitsideSwapsWatched) {
    window.__pitsideSwapsWatched = true;
    document.addEventListener("htmx:afterSettle", () => { window.__pitsideAudited = false; });
  }
  return seen;
}"""


def serious_violations(page: Page) -> list[str]:
    """One line per serious or critical axe-core violation on the page: rule, impact, the elements it names."""
    results = AXE.run(page)
    return [
        f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']}: "
        + "; ".join(" ".join(node["target"]) for node in violation["nodes"])
        for violation in results.response["violations"]
        if violation["impact"] in FAILING_IMPACTS
    ]


def assert_accessible(page: Page) -> None:
    """Fails on any serious or critical axe-core violation of the page as it is now."""
    found = serious_violations(page)
    assert not found, "axe-core: serious or critical violations\n" + "\n".join(found)


@dataclass
class AccessibilityAudit:
    """Audits each document of the pages it is shown once; `found` collects the violations, `audited` the URLs."""

    found: list[str] = field(default_factory=list)
    audited: list[str] = field(default_factory=list)

    def audit(self, page: Page) -> None:
        if page.is_closed() or not page.url.startswith("http") or any(path in page.url for path in NOT_AUDITED):
            return
        try:
            page.wait_for_load_state()
            if page.evaluate(MARK_AUDITED):
                return
            self.found.extend(serious_violations(page))
        except Error:  # a navigation replaced the document meanwhile: the new one is audited at the next action
            return
        self.audited.append(page.url)
