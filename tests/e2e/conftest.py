"""Every browser journey runs axe-core on each page it visits (tests/e2e/accessibility.py); a journey that asks for
`fields_typed` counts the fields its people type."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page

from tests.e2e.accessibility import AccessibilityAudit


@pytest.fixture(autouse=True)
def accessibility_audit(monkeypatch: pytest.MonkeyPatch) -> Iterator[AccessibilityAudit]:
    """Audits the page before each action that may leave it (however the test reached it), the pages of a context
    before it closes and those left open at the end; the test fails if any had a serious or critical violation."""
    audit = AccessibilityAudit()
    contexts: list[BrowserContext] = []

    def audited_first(method: Callable[..., Any], page_of: Callable[[Any], Page]) -> Callable[..., Any]:
        @wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            audit.audit(page_of(self))
            return method(self, *args, **kwargs)

        return wrapper

    for name in ("goto", "reload", "go_back"):
        monkeypatch.setattr(Page, name, audited_first(getattr(Page, name), lambda page: page))
    for name in ("click", "press"):
        monkeypatch.setattr(Locator, name, audited_first(getattr(Locator, name), lambda locator: locator.page))

    new_context, close = Browser.new_context, BrowserContext.close

    def watched_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        context = new_context(self, *args, **kwargs)
        contexts.append(context)
        return context

    def audited_close(self: BrowserContext, *args: Any, **kwargs: Any) -> None:
        for page in self.pages:
            audit.audit(page)
        close(self, *args, **kwargs)

    monkeypatch.setattr(Browser, "new_context", watched_context)
    monkeypatch.setattr(BrowserContext, "close", audited_close)
    yield audit
    for context in contexts:  # those the test left open
        for page in context.pages:
            audit.audit(page)
    if audit.found:
        pytest.fail("axe-core: serious or critical violations\n" + "\n".join(dict.fromkeys(audit.found)), pytrace=False)


@dataclass
class FieldsTyped:
    """The fields the people of a journey have typed or chosen so far, and when the journey started."""

    count: int = 0
    started: float = field(default_factory=time.monotonic)

    def report(self, what: str) -> None:
        print(f"first hour, {what}: {self.count} fields typed ({time.monotonic() - self.started:.0f} s)")


@pytest.fixture
def fields_typed(monkeypatch: pytest.MonkeyPatch) -> FieldsTyped:
    """Counts each fill and select_option of the test (a page's or a locator's), however its helpers reach them."""
    typed = FieldsTyped()

    def counted(method: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            typed.count += 1
            return method(self, *args, **kwargs)

        return wrapper

    for cls in (Page, Locator):
        for name in ("fill", "select_option"):
            monkeypatch.setattr(cls, name, counted(getattr(cls, name)))
    return typed
