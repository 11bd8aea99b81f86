"""The request the pages see: Django's, with what django-htmx's middleware adds to it."""

from __future__ import annotations

from django.http import HttpRequest
from django.views.decorators.http import require_http_methods
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """For type checking only: a page view that reads `request.htmx` takes one of these."""

    htmx: HtmxDetails


# A page with a form: shown (GET, and HEAD, which a link checker or a monitor sends), and submitted (POST).
require_form_page = require_http_methods(["GET", "HEAD", "POST"])
