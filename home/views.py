from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from home.selectors import dashboard
from leagues.views import league_index
from pitside.live import live_answer

# The dashboard reads every game system the viewer plays (18 queries for a coach of the five demo leagues): it polls
# less often than the week page's challenge round, where seconds matter.
DASHBOARD_POLL_SECONDS = 10


def _dashboard_context(request: HttpRequest) -> dict[str, Any]:
    board = dashboard(request.user)
    return {
        "board": board,
        "poll": True,
        "poll_seconds": DASHBOARD_POLL_SECONDS,
        "live_version": board.version,
        "unread_count": board.unread,  # the nav's, read with the dashboard's notifications (not by the context processor)
    }


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """A logged-in person's dashboard; anyone else's, the leagues."""
    if request.user.is_authenticated:
        return render(request, "leagues/dashboard.html", _dashboard_context(request))
    return league_index(request)


@login_required
@require_safe
def home_live(request: HttpRequest) -> HttpResponse:
    """The dashboard's live part, polled: 204 while nothing it shows changed (a new notification, a turn, a result);
    with the nav's unread count, swapped out of band, so that the count changes with the part."""
    return live_answer(request, "leagues/_dashboard_live_answer.html", _dashboard_context(request))
