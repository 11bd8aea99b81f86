"""Print sheets as PDF: every game system's sheets (roster, game record, ranking) are rendered from
the template of their print page."""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.template.loader import render_to_string

SHEET_CSS = "css/pitside.css"


def sheet_pdf(request: HttpRequest, template: str, context: dict[str, Any]) -> bytes:
    """A print sheet as PDF, from the same template as its print page (rendered with pdf=True).

    The stylesheet is read from disk and WeasyPrint may only open file: and data: URLs, so
    rendering never waits on the network (not even on this server).
    """
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher

    html = render_to_string(template, {**context, "pdf": True}, request=request)
    fetcher = URLFetcher(allowed_protocols={"file", "data"})
    css_path = finders.find(SHEET_CSS)
    stylesheets = [CSS(filename=css_path, url_fetcher=fetcher)] if css_path else []
    document = HTML(string=html, base_url=request.build_absolute_uri("/"), url_fetcher=fetcher)
    pdf: bytes = document.write_pdf(stylesheets=stylesheets)
    return pdf
