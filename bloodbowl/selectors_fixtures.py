"""Reads of a Blood Bowl league's dated matches: the fixture list's next round (the league page) and the
calendar feeds' entries (GameApp.calendar_events)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Min, Prefetch
from django.urls import reverse

from bloodbowl.models import Match, MatchSide
from games.models import Game
from leagues.models import League
from pitside.ics import CalendarEvent


@dataclass(frozen=True)
class NextRound:
    number: int
    date: datetime.date | None
    matches: list[Match]  # the viewer's own first, then in the order they were arranged


def next_round(league: League, user: Any) -> NextRound | None:
    """The first round of the fixture list with a match still to play, or None (three queries: the round,
    its matches, their sides with teams and coaches)."""
    fixtures = Match.objects.filter(league=league, tournament=None).exclude(fixture_round=None)
    number = fixtures.filter(state=Game.State.SCHEDULED).aggregate(first=Min("fixture_round"))["first"]
    if number is None:
        return None
    sides = MatchSide.objects.select_related("team__coach")
    matches = list(fixtures.filter(fixture_round=number).prefetch_related(Prefetch("sides", queryset=sides)).order_by("id"))
    viewer = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    matches.sort(key=lambda m: not any(s.team.coach_id == viewer for s in m.sides.all()))
    date = min((m.scheduled_for for m in matches if m.scheduled_for), default=None)
    return NextRound(number, date, matches)


def calendar_events(league: League) -> list[CalendarEvent]:
    """Every match with a date, voided ones left out, on its day with its place (two queries: the matches, their
    sides with their teams). A match without a date has no day to be on, so it is left out."""
    dated = (
        Match.objects.filter(league=league)
        .exclude(scheduled_for=None)
        .exclude(state=Game.State.VOIDED)
        .prefetch_related(Prefetch("sides", queryset=MatchSide.objects.select_related("team")))
        .order_by("scheduled_for", "id")
    )
    events = []
    for match in dated:
        assert match.scheduled_for is not None  # excluded above
        teams = [side.team for side in match.sides.all()]
        round_name = f"Round {match.fixture_round}: " if match.fixture_round else ""
        events.append(
            CalendarEvent(
                f"bb-match-{match.pk}@pitside",
                f"{round_name}{' v '.join(t.name for t in teams)}",
                match.scheduled_for,
                location=match.location,
                url=reverse("bb-match-detail", args=[match.pk]),
                team_ids=frozenset(t.pk for t in teams),
            )
        )
    return events
