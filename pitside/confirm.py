"""Irreversible page actions ask first: the form's first POST answers a page that says what will happen (status 200,
nothing written), and only its own submit, the same fields again with `confirm=1`, does it. No script (the CSP
forbids inline ones), and the API is unchanged: it is the pages' step, not the services'."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRMED = "confirm"


def confirmation_asked(
    request: HttpRequest, *, title: str, consequences: Sequence[str], button: str, back: str
) -> HttpResponse | None:
    """None when the POST is the confirmed one: the view goes on and does it. Else the page asking first: `title`,
    each of `consequences` as a line, a `button` that sends the same fields to the same address with confirm=1,
    and a way `back` (an address) that does nothing. An htmx request gets the part alone, in place of its target."""
    if request.POST.get(CONFIRMED) == "1":
        return None
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", CONFIRMED)
        for value in values
    ]
    context = {
        "title": title,
        "consequences": consequences,
        "button": button,
        "back": back,
        "fields": fields,
        "action": request.path,
    }
    htmx = bool(request.headers.get("HX-Request"))
    template = "partials/confirm.html" if htmx else "confirm.html"
    return render(request, template, {**context, "fields": fields, "action": request.path, "htmx": htmx})
