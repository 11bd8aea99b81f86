"""What the sheets' tests share."""

from __future__ import annotations

import pytest

from sheets import services


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The HTML of every sheet (or part of a sheet) WeasyPrint renders."""
    rendered: list[str] = []
    render = services.render_pdf

    def counted(html: str, *args, **kwargs):
        rendered.append(html)
        return render(html, *args, **kwargs)

    monkeypatch.setattr(services, "render_pdf", counted)
    return rendered
