"""WeasyPrint, reporting its progress: the page as HTML in, the PDF and its page count out.

WeasyPrint logs each step on its `weasyprint.progress` logger, the layout once per page ("Step 5 - Creating layout -
Page N"): a handler there, for the rendering thread only, turns those lines into honest progress.

A sheet that grows with the league (a season's Game Record Sheets) comes in parts of bounded size: WeasyPrint keeps
every page's boxes of a document until it is written (630 pages took 3.2 GB, and more than the time limit), so each
part is laid out and written on its own (sheets.services: one task a part), and the parts' PDFs joined at the end
(pypdf): a task's memory and time are one part's, whatever the league's size."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from io import BytesIO
from pathlib import Path

from django.contrib.staticfiles import finders

SHEET_CSS = "css/pitside.css"
PAGE_LAID_OUT = "Step 5 - Creating layout - Page"
# Percent reached after each stage; the layout, by far the longest, fills the span between the last two.
READ, LAID_OUT, WRITTEN = 15, 85, 95

Progress = Callable[[int, str], None]

PROGRESS_LOGGER = logging.getLogger("weasyprint.progress")
# Kept off the logs (a line per page of every sheet), but recorded, for the handler below.
PROGRESS_LOGGER.setLevel(logging.INFO)
PROGRESS_LOGGER.propagate = False


class _PagesLaidOut(logging.Handler):
    def __init__(self, on_page: Callable[[int], None]) -> None:
        super().__init__()
        self.thread = threading.get_ident()  # another thread's sheet is not this one's progress
        self.on_page = on_page

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread and str(record.msg).startswith(PAGE_LAID_OUT) and isinstance(record.args, tuple):
            self.on_page(int(str(record.args[0])))


def layout_percent(page: int, expected: int | None, part: int = 0, parts: int = 1, part_page: int | None = None) -> int:
    """Progress after `page` pages laid out (`part_page` of them in the part `part`, from 0, of `parts`): against the
    page count of this sheet's last rendering when there is one, else by parts, each approaching its end without
    reaching it."""
    if expected:
        fraction = min(page / expected, 1.0)
    else:
        in_part = page if part_page is None else part_page
        fraction = (part + in_part / (in_part + 5)) / parts
    return READ + int((LAID_OUT - READ) * fraction)


def css_path() -> str | None:
    found = finders.find(SHEET_CSS)
    return str(found) if found else None


def stylesheet() -> bytes:
    path = css_path()
    return Path(path).read_bytes() if path else b""


def render_pdf(
    html: str,
    base_url: str | None,
    progress: Progress,
    expected_pages: int | None = None,
    *,
    part: int = 0,
    parts: int = 1,
    pages_before: int = 0,
) -> tuple[bytes, int]:
    """The PDF of a print page, or of its part `part` (from 0) of `parts` after `pages_before` pages, and its page
    count. The stylesheet is read from disk and WeasyPrint may open only file: and data: URLs, so rendering never
    waits on the network (not even on this server)."""
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher

    fetcher = URLFetcher(allowed_protocols={"file", "data"})
    path = css_path()
    stylesheets = [CSS(filename=path, url_fetcher=fetcher)] if path else []
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    of_parts = f" (part {part + 1} of {parts})" if parts > 1 else ""
    progress(layout_percent(pages_before, expected_pages, part, parts, 0), f"Laying out the pages{of_parts}")

    def on_page(page: int) -> None:
        about = f" of about {expected_pages}" if expected_pages else ""
        percent = layout_percent(pages_before + page, expected_pages, part, parts, page)
        progress(percent, f"Laid out page {pages_before + page}{about}{of_parts}")

    handler = _PagesLaidOut(on_page)
    PROGRESS_LOGGER.addHandler(handler)
    try:
        rendered = document.render(stylesheets=stylesheets)
    finally:
        PROGRESS_LOGGER.removeHandler(handler)
    pages = len(rendered.pages)
    if parts == 1:
        progress(LAID_OUT, f"Writing the PDF ({pages} page{'s' if pages != 1 else ''})")
    pdf: bytes = rendered.write_pdf()
    if parts == 1:
        progress(WRITTEN, "Storing the PDF")
    return pdf, pages


def join_pdfs(pdfs: Iterable[bytes]) -> bytes:
    """One PDF of the pages of `pdfs`, in order."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(BytesIO(pdf))
    joined = BytesIO()
    writer.write(joined)
    return joined.getvalue()
