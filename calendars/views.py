"""Calendar feeds a phone's calendar subscribes to (no log-in: the league and team ones show what the league
pages show; the coach's is found by the secret token in its URL), and the page of the coach's feed URL."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from calendars.models import CalendarToken
from calendars.selectors import coach_events, league_events
from calendars.services import calendar_token_get, calendar_token_regenerate
from leagues.models import League
from pitside.confirm import confirmation_asked
from pitside.http import require_form_page
from pitside.ics import CalendarEvent, calendar
from rosters.models import Team


def _feed(request: HttpRequest, name: str, events: list[CalendarEvent], filename: str) -> HttpResponse:
    """The feed, its links absolute (a calendar app opens them outside Pitside)."""
    events = [replace(e, url=request.build_absolute_uri(e.url)) if e.url else e for e in events]
    response = HttpResponse(calendar(name, events, timezone.now()), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def league_calendar(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    return _feed(request, f"{league.name} (Pitside)", league_events(league), f"league-{league.pk}.ics")


@require_safe
def team_calendar(request: HttpRequest, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("league"), pk=team_id)
    return _feed(request, f"{team.name} (Pitside)", league_events(team.league, [team.pk]), f"team-{team.pk}.ics")


@require_safe
def coach_calendar(request: HttpRequest, token: str) -> HttpResponse:
    found = CalendarToken.objects.select_related("user").filter(token=token).first()
    if found is None:
        raise Http404
    return _feed(request, f"{found.user.username}'s games (Pitside)", coach_events(found.user), "my-games.ics")


@login_required
@require_form_page
def calendar_page(request: HttpRequest) -> HttpResponse:
    """The coach's private feed URL; POST makes a new one (the old one stops working)."""
    if request.method == "POST":
        asked = confirmation_asked(
            request,
            title="Make a new calendar URL?",
            consequences=[
                "Your calendar URL stops working at once: every calendar subscribed to it (your phone's, and any you "
                "shared it with) gets no more games.",
                "A new URL is made: subscribe to it again wherever you want your games.",
            ],
            button="Make a new URL",
            back=reverse("calendar-page"),
        )
        if asked is not None:
            return asked
        calendar_token_regenerate(user=request.user)
        messages.success(request, "A new calendar URL is made: the old one no longer works.")
        return redirect("calendar-page")
    token = calendar_token_get(user=request.user)
    feed_url = request.build_absolute_uri(reverse("coach-calendar", args=[token.token]))
    return render(request, "calendars/calendar_page.html", {"feed_url": feed_url})
