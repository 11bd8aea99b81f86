"""Middleware every page shares: the Content-Security-Policy header, and the refusal of NUL characters."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from pitside.errors import ErrorItem
from pitside.parsers import NUL_REFUSED, form_has_nul


class RefuseNulMiddleware:
    """A page's form POST with a NUL character in a name or a value is a 400 before any view
    reads it: PostgreSQL stores no NUL, in a text column or in JSON, so it would fail as a 500 (Django's form
    fields refuse it, the raw values a page reads from request.POST do not). The API's own form parsers
    (pitside.parsers) refuse it there, for every method."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and not request.path_info.startswith("/api/") and form_has_nul(request.POST, request.FILES):
            error = ErrorItem("null_characters_not_allowed", "", NUL_REFUSED)
            return render(request, "400.html", {"errors": [error]}, status=400)
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Every answer says where its page may load scripts, styles and the rest from (CONTENT_SECURITY_POLICY):
    Pitside itself. Its pages' scripts are files under static/, never inline, so an injected <script> or
    event handler does not run even where escaping were to fail."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response
