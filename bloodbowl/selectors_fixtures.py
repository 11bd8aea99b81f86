"""Reads of a Blood Bowl league's fixture list: its next round, for the league page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Min, Prefetch

from bloodbowl.models import Match, MatchSide
from games.models import Game
from leagues.models import League


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
