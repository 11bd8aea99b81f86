"""PDF sheets (pitside.sheets): rendered once until what they show changes, and throttled per client."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pitside import sheets
from pitside.throttling import SheetThrottle
from rosters.models import Team

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The HTML of every sheet WeasyPrint renders."""
    rendered: list[str] = []
    render = sheets._render

    def counted(html: str, *args):
        rendered.append(html)
        return render(html, *args)

    monkeypatch.setattr(sheets, "_render", counted)
    return rendered


def test_a_sheet_is_rendered_once_until_its_data_changes(client, team, renders):
    url = reverse("team-roster-pdf", args=[team.pk])
    first = client.get(url).content
    assert client.get(url).content == first
    assert len(renders) == 1

    Team.objects.filter(pk=team.pk).update(name="Renamed Raiders")  # no signal, no save(): the data alone
    changed = client.get(url).content

    assert len(renders) == 2
    assert "Renamed Raiders" in pdf_text(changed)
    assert "Renamed Raiders" not in pdf_text(first)


def test_pdf_sheets_are_throttled_per_client(client, team, coach, settings):
    allowed, _ = SheetThrottle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["sheets"])
    url = reverse("team-roster-pdf", args=[team.pk])
    for _ in range(allowed):
        assert client.get(url).status_code == 200

    refused = client.get(url)

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert Client(REMOTE_ADDR="192.0.2.7").get(url).status_code == 200  # another address
    logged_in = Client()
    logged_in.force_login(coach)
    assert logged_in.get(url).status_code == 200  # a user counts as himself
    assert client.get(reverse("team-roster-sheet", args=[team.pk])).status_code == 200  # the print page is not a PDF


def test_with_redis_down_a_sheet_is_rendered_unthrottled_and_uncached(client, team, renders, redis_down):
    url = reverse("team-roster-pdf", args=[team.pk])
    first, second = client.get(url), client.get(url)
    assert (first.status_code, second.status_code) == (200, 200)
    assert first["Content-Type"] == "application/pdf"
    assert len(renders) == 2  # nothing kept, nothing refused
