"""The API docs in a browser: Swagger UI runs from Pitside's own files under its Content-Security-Policy."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_swagger_ui_renders_under_the_content_security_policy(phone: Page):
    refused: list[str] = []
    phone.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None)
    requested: list[str] = []
    phone.on("request", lambda request: requested.append(request.url))

    phone.goto("/api/docs/")

    expect(phone.get_by_role("heading", name="Pitside API")).to_be_visible()
    # The operations render (Swagger UI draws only those near the screen once there are a few hundred).
    expect(phone.locator(".opblock-summary-path").first).to_be_visible()
    assert refused == []
    base = phone.url.removesuffix("/api/docs/")
    assert [url for url in requested if not url.startswith(base)] == []
