"""A sheet's PDF as a page answers it: the stored file when it is ready, else the page that shows its progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.views.decorators.http import require_POST, require_safe

from pitside.http import HtmxHttpRequest
from pitside.throttling import SheetThrottle, throttle_refusal, throttled
from sheets.models import Sheet
from sheets.services import sheet_request, sheet_retry

POLL_SECONDS = 1
RETRY_AFTER_SECONDS = 3  # following it, a client stays within the sheets throttle (20/min)


def sheet_response(
    request: HttpRequest,
    *,
    kind: str,
    object_id: int,
    template: str,
    context: Callable[[], dict[str, Any]],
    filename: Callable[[dict[str, Any]], str],
    big: bool,
    data: Callable[[], object] | None = None,
    parts: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
) -> HttpResponseBase:
    """A print page's PDF (`template` rendered with pdf=True, its file named `filename(context)`.pdf): 200 with the
    stored file when it is ready; while a big one renders on a worker, 202 with Retry-After and the page that shows
    its progress; 500 naming its error when rendering failed. Small ones (a roster) are rendered in the request when
    their data changed.

    `data`, when given, returns the data the sheet is made from (sheets.keys): the sheet is then known by it, and
    `context` is built and the page rendered only when the sheet is not stored yet (sheets.services.sheet_request).
    `parts`, for a sheet that grows with the league, splits its context into those of parts of bounded size, each
    rendered as a page of its own and laid out on its own (sheets.render).

    Every PDF of every game system is answered here, so each is limited per client by the sheets throttle, before
    `context` or `data` is called: over it, the 429 page."""
    refusal = throttle_refusal(request, SheetThrottle)
    if refusal is not None:
        return refusal

    def page() -> tuple[list[str], str]:
        values = context()
        htmls: list[str] = [
            render_to_string(template, {**part, "pdf": True}, request=request) for part in (parts or _whole)(values)
        ]
        return htmls, f"{filename(values)}.pdf"

    return _answer(request, sheet_request(kind=kind, object_id=object_id, page=page, data=data, inline=not big))


def _whole(context: dict[str, Any]) -> list[dict[str, Any]]:
    return [context]


def _answer(request: HttpRequest, sheet: Sheet, *, partial: bool = False) -> HttpResponseBase:
    if sheet.state == Sheet.State.READY:
        return FileResponse(sheet.pdf.open("rb"), content_type="application/pdf", filename=sheet.filename)
    status = 500 if sheet.state == Sheet.State.FAILED else 202
    template = "sheets/_progress.html" if partial else "sheets/preparing.html"
    response = render(request, template, {"sheet": sheet, "poll_seconds": POLL_SECONDS}, status=status)
    if status == 202:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


@require_safe
def sheet_status(request: HtmxHttpRequest, sheet_id: int) -> HttpResponseBase:
    """What the preparing page polls: its progress, and once ready (to htmx) a redirect to the file."""
    sheet = get_object_or_404(Sheet, pk=sheet_id)
    if sheet.state != Sheet.State.READY:
        return _answer(request, sheet, partial=bool(request.htmx))
    if not request.htmx:
        return redirect("sheet-file", sheet.pk)
    response = render(request, "sheets/_progress.html", {"sheet": sheet})
    response["HX-Redirect"] = reverse("sheet-file", args=[sheet.pk])
    return response


@require_safe
def sheet_file(request: HttpRequest, sheet_id: int) -> HttpResponseBase:
    sheet = get_object_or_404(Sheet, pk=sheet_id)
    if sheet.state != Sheet.State.READY:
        return redirect("sheet-status", sheet.pk)
    return _answer(request, sheet)


@login_required
@require_POST
@throttled(SheetThrottle, ("POST",))
def sheet_retry_view(request: HttpRequest, sheet_id: int) -> HttpResponse:
    sheet = get_object_or_404(Sheet, pk=sheet_id)
    sheet_retry(sheet_id=sheet.pk)
    return redirect("sheet-status", sheet.pk)


urlpatterns = [
    path("<id:sheet_id>/", sheet_status, name="sheet-status"),
    path("<id:sheet_id>/sheet.pdf", sheet_file, name="sheet-file"),
    path("<id:sheet_id>/retry/", sheet_retry_view, name="sheet-retry"),
]
