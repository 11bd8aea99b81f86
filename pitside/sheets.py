"""Print sheets as PDF: every game system's sheets (roster, game record, ranking) are rendered from
the template of their print page."""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

SHEET_CSS = "css/pitside.css"
# A PDF is kept under the digest of what it is made from, so it never goes stale: the time only frees the cache.
SHEET_CACHE_SECONDS = 60 * 60 * 24


def sheet_pdf(request: HttpRequest, template: str, context: dict[str, Any]) -> bytes:
    """A print sheet as PDF, from the same template as its print page (rendered with pdf=True).

    The HTML costs a few queries and milliseconds; WeasyPrint then costs up to seconds of CPU. So the PDF is
    cached under a digest of the HTML, the stylesheet and the base URL: everything it is made from. The HTML
    shows every value of the sheet's rows, so any change of them makes a new key and a new PDF; asking again
    for an unchanged sheet costs no rendering.

    The stylesheet is read from disk and WeasyPrint may only open file: and data: URLs, so
    rendering never waits on the network (not even on this server).
    """
    html = render_to_string(template, {**context, "pdf": True}, request=request)
    css_path = finders.find(SHEET_CSS)
    css = Path(css_path).read_bytes() if css_path else b""
    base_url = request.build_absolute_uri("/")
    digest = hashlib.sha256(b"\0".join([html.encode(), css, base_url.encode()])).hexdigest()
    key = f"sheet-pdf:{digest}"
    try:
        pdf: bytes | None = cache.get(key)
    except RedisError:  # the cache is down: render it, as before there was one
        logger.warning("The sheet cache is down: rendering %s uncached.", template, exc_info=True)
        return _render(html, css_path, base_url)
    if pdf is None:
        pdf = _render(html, css_path, base_url)
        try:
            cache.set(key, pdf, SHEET_CACHE_SECONDS)
        except RedisError:
            logger.warning("The sheet cache is down: %s not kept.", template, exc_info=True)
    return pdf


def _render(html: str, css_path: str | None, base_url: str) -> bytes:
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher

    fetcher = URLFetcher(allowed_protocols={"file", "data"})
    stylesheets = [CSS(filename=css_path, url_fetcher=fetcher)] if css_path else []
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    pdf: bytes = document.write_pdf(stylesheets=stylesheets)
    return pdf
