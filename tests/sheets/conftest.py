"""What the sheets' tests share."""

from __future__ import annotations

import pytest

from sheets import services


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The HTML of every sheet WeasyPrint renders."""
    rendered: list[str] = []
    render = services.render_pdf

    def counted(html: str, *args):
        rendered.append(html)
        return render(html, *args)

    monkeypatch.setattr(services, "render_pdf", counted)
    return rendered
