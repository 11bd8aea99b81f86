"""A page's live part, polled with htmx: its template opens it with `templates/partials/live.html` (the poll's
attributes) and its view answers the poll with `live_answer`. The page renders the part with a version (a
fingerprint of what it shows, `live_version`); the poll sends it back, and the answer is a 204 (htmx swaps nothing,
so what the reader ticked or typed stays) until what the part shows changes."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def live_version(shown: object) -> str:
    """A fingerprint of `shown` (what the live part shows, as plain data with a stable repr)."""
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:16]


def live_answer(request: HttpRequest, template: str, context: Mapping[str, Any]) -> HttpResponse:
    """The poll's answer: 204 while `context["live_version"]` is the version the page has (`?v=`), else the part (always
    when the version is None: a part no longer polled, whose last answer stops the poll)."""
    version = context["live_version"]
    if version is not None and request.GET.get("v") == version:
        return HttpResponse(status=204)
    return render(request, template, context)
