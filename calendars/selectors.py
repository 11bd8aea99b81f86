"""The feeds' entries: each league's from its game system (GameApp.calendar_events), each named after its league
(a calendar shows the entries of every feed it takes together), kept whole for the league, narrowed to a team's games
(and the league-wide deadlines) for a team and for a coach."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from leagues.game_apps import game_app
from leagues.models import League
from pitside.ics import CalendarEvent
from rosters.models import Team


def league_events(league: League, team_ids: Collection[int] | None = None) -> list[CalendarEvent]:
    """The league's entries, each summary after the league's name; with `team_ids`, those concerning these teams or
    every team (a deadline)."""
    build = game_app(league).calendar_events
    events = [replace(e, summary=f"{league.name}: {e.summary}") for e in (build(league) if build is not None else [])]
    if team_ids is None:
        return events
    return [e for e in events if e.team_ids is None or e.team_ids & set(team_ids)]


def coach_events(user: Any) -> list[CalendarEvent]:
    """Every league the coach has a team in: his teams' games and the leagues' deadlines."""
    teams = Team.objects.filter(coach=user).select_related("league").order_by("league_id", "pk")
    by_league: dict[int, tuple[League, set[int]]] = {}
    for team in teams:
        by_league.setdefault(team.league_id, (team.league, set()))[1].add(team.pk)
    return [event for league, ids in by_league.values() for event in league_events(league, ids)]
