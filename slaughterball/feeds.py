"""What a Slaughterball league gives the shared calendar feeds and channel posts (GameApp hooks): each
week's deadlines and each game (its day and place when set), and the standings' top lines."""

from __future__ import annotations

from django.db.models import Prefetch
from django.urls import reverse

from leagues.models import League
from pitside.ics import CalendarEvent
from rosters.models import Team
from slaughterball.models import Game, GameSide, Week
from slaughterball.selectors import league_season
from slaughterball.services.standings import standings_now


def calendar_events(league: League) -> list[CalendarEvent]:
    """Every season's week deadlines (for every team) and its games, voided ones left out: a game on its
    day (scheduled_for, the shared games.Game date) where set, otherwise on its week's games deadline; undated
    otherwise, and so left out.
    Three queries: the weeks, their games, the games' sides with their teams."""
    games = Game.objects.exclude(state=Game.State.VOIDED).order_by("number")
    sides = GameSide.objects.select_related("team").order_by("order_of_play", "pk")
    weeks = (
        Week.objects.filter(season__league=league)
        .defer("draws")
        .select_related("season")
        .prefetch_related(Prefetch("games", queryset=games.prefetch_related(Prefetch("sides", queryset=sides))))
        .order_by("season__number", "number")
    )
    events = []
    for week in weeks:
        name = f"{week.season.name}, week {week.number}"
        url = reverse("week-detail", args=[week.pk])
        for field, what in (("challenges_due", "challenges due"), ("games_due", "games due")):
            if (due := getattr(week, field)) is not None:
                events.append(CalendarEvent(f"week-{week.pk}-{field}@pitside", f"{name}: {what}", due, url=url))
        for game in week.games.all():
            day = game.scheduled_for or (week.games_due.date() if week.games_due else None)
            if day is None:
                continue
            teams = [side.team for side in game.sides.all()]
            note = "" if game.scheduled_for else "No day set yet: to be played by the week's deadline."
            events.append(
                CalendarEvent(
                    f"game-{game.pk}@pitside",
                    f"{name}, game {game.number}: {' v '.join(t.name for t in teams)}",
                    day,
                    location=game.location,
                    description=note,
                    url=reverse("game-detail", args=[game.pk]),
                    team_ids=frozenset(t.pk for t in teams),
                )
            )
    return events


def standings_top(league: League, count: int) -> list[str]:
    """League Rank now in the latest season (computed, not waiting for the queued recompute): its top lines."""
    season = league_season(league)
    if season is None:
        return []
    top = standings_now(season_id=season.pk)[:count]
    names = dict(Team.objects.filter(pk__in=[row.team for row in top]).values_list("pk", "name"))
    return [f"{row.rank}. {names.get(row.team, row.team)}: {row.league_points} LP" for row in top]
