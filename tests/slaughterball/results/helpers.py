"""Seasons, games and results made directly (the calendar's services have their own tests), and
the result payloads a coach sends."""

from __future__ import annotations

from typing import Any

from rosters.models import Team
from slaughterball.demo import demo_athletes
from slaughterball.models import Game, GameSide, Season, SeasonTeam, Week
from slaughterball.services.standings import standings_recompute
from slaughterball.services.teams import team_create


def make_team_for(league: Any, coach: Any, name: str, portfolio: str = "carnage") -> Team:
    return team_create(league=league, coach=coach, name=name, portfolio=portfolio, athletes=demo_athletes(2))


def make_season(league: Any, teams: list[Team], *, draws: list[float] | None = None, number: int = 1) -> Season:
    season = Season.objects.create(league=league, number=number, name=f"Season {number}", status=Season.Status.RUNNING)
    SeasonTeam.objects.bulk_create(
        SeasonTeam(season=season, team=t, draw=draws[i] if draws else (i + 1) / 10) for i, t in enumerate(teams)
    )
    standings_recompute(season_id=season.pk)  # week 0's column, as season_start writes it
    return season


def make_game(
    season: Season,
    teams: list[Team],
    *,
    week: int = 1,
    number: int | None = None,
    edge_tokens: list[int | None] | None = None,
    lineups: list[list[int]] | None = None,
    kind: str = Week.Kind.DRAW,
    pays: bool = True,
) -> Game:
    """A scheduled game of `teams`; Pit Power and Edge tokens as the pre-game would record them
    (edge_tokens None: not recorded); lineups as athlete ids."""
    the_week = Week.objects.filter(season=season, number=week).first()
    if the_week is None:
        standings_recompute(season_id=season.pk)  # the last column, right as week_create closes it
        the_week = Week.objects.create(season=season, number=week, kind=kind)
    if number is None:
        number = Game.objects.filter(week=the_week).count() + 1
    game = Game.objects.create(league_id=season.league_id, week=the_week, number=number, pays=pays)
    for index, team in enumerate(teams):
        lineup = [{"id": a, "number": 0, "name": "", "type": "", "value": 0} for a in (lineups[index] if lineups else [])]
        GameSide.objects.create(
            game=game,
            team=team,
            pit_power=17_000_000 + 100_000 * index,
            edge_tokens=None if edge_tokens is None else edge_tokens[index],
            lineup=lineup,
        )
    return game


def result(teams: list[Team], scores: list[int | None], unused: list[int] | None = None) -> list[dict[str, Any]]:
    """The sides of a result in order of play; a score of None is a no-show."""
    return [
        {
            "team": t.pk,
            "score": 0 if s is None else s,
            "unused_edge_tokens": (unused or [0] * len(teams))[i],
            "no_show": s is None,
        }
        for i, (t, s) in enumerate(zip(teams, scores, strict=True))
    ]
