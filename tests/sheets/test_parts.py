"""A sheet that grows with the league is rendered in parts, a task each, and the parts' PDFs joined in order: a
season's Game Record Sheets of 24 teams and two weeks (two sheets a week) in parts of three sheets."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from sheets import services
from sheets.models import Sheet
from slaughterball.large import seed_large
from slaughterball.models import Game, Season
from slaughterball.sheets import game_record_sheets

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(db, monkeypatch) -> Season:
    monkeypatch.setattr("slaughterball.sheets.SHEETS_PER_PART", 3)
    season = Season.objects.get(league=seed_large(24, 2))
    for game in Game.objects.filter(week__season=season):  # each game's place names it on its page
        Game.objects.filter(pk=game.pk).update(location=f"Pit {game.week.number}-{game.number}")
    return season


def locations_by_page(season: Season) -> list[list[str]]:
    """The games of each Game Record Sheet (a page) of the season, in order, by their place."""
    sheets = game_record_sheets(Game.objects.filter(week__season=season))
    return [[record.game.location for record in sheet.records] for sheet in sheets]


def test_a_seasons_game_records_are_rendered_a_part_a_task_and_joined_in_order(
    client, season, renders, media_root, django_capture_on_commit_callbacks
):
    url = reverse("season-game-records-pdf", args=[season.pk])
    with django_capture_on_commit_callbacks():  # the first part's task, not run
        assert client.get(url).status_code == 202
    sheet = Sheet.objects.get()
    assert len(sheet.parts) == 2

    with django_capture_on_commit_callbacks() as queued:
        assert services.sheet_render(sheet_id=sheet.pk)
    sheet.refresh_from_db()
    # The first part rendered, its file kept, the sheet queued again for the next part's task.
    assert (sheet.state, len(sheet.part_pdfs), sheet.pages, len(queued)) == (Sheet.State.QUEUED, 1, 3, 1)

    assert services.sheet_render(sheet_id=sheet.pk)
    sheet.refresh_from_db()
    assert (sheet.state, sheet.pages, sheet.parts, sheet.part_pdfs) == (Sheet.State.READY, 4, [], [])
    assert len(renders) == 2
    assert [path.name for path in (media_root / "sheets").iterdir()] == [sheet.pdf.name.split("/")[-1]]

    pages = PdfReader(io.BytesIO(b"".join(client.get(url).streaming_content))).pages
    expected = locations_by_page(season)
    assert len(pages) == len(expected) == 4
    for page, locations in zip(pages, expected, strict=True):
        text = page.extract_text()
        assert [text.find(location) for location in locations] == sorted(text.find(location) for location in locations)
        assert all(location in text for location in locations)
        others = {location for other in expected if other != locations for location in other}
        assert not any(location in text for location in others)


def test_the_progress_counts_the_pages_across_the_parts(
    client, season, media_root, monkeypatch, django_capture_on_commit_callbacks
):
    stages: list[tuple[int, str]] = []
    monkeypatch.setattr(services, "PROGRESS_EVERY_SECONDS", 0)
    real = services._progress_of

    def recording(sheet_id: int):
        store = real(sheet_id)

        def progress(percent: int, stage: str) -> None:
            stages.append((percent, stage))
            store(percent, stage)

        return progress

    monkeypatch.setattr(services, "_progress_of", recording)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("season-game-records-pdf", args=[season.pk]))

    assert Sheet.objects.get().state == Sheet.State.READY
    assert [stage for _, stage in stages] == [
        "Laying out the pages (part 1 of 2)",
        "Laid out page 1 (part 1 of 2)",
        "Laid out page 2 (part 1 of 2)",
        "Laid out page 3 (part 1 of 2)",
        "Laying out the pages (part 2 of 2)",
        "Laid out page 4 (part 2 of 2)",
        "Joining the 2 parts (4 pages)",
        "Storing the PDF",
    ]
    assert [percent for percent, _ in stages] == sorted(percent for percent, _ in stages)
