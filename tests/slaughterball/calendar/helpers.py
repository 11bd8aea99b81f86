"""What the calendar tests share: leagues of many teams, results confirmed straight in the database
(the result pipeline is another area's), and reading a week's games."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.utils import timezone

from rosters.models import Team
from slaughterball.demo import demo_athletes
from slaughterball.models import Game, GameSide, Season, Week
from slaughterball.selectors_calendar import game_teams
from slaughterball.services.calendar import season_create, season_start, week_create, week_draw
from slaughterball.services.standings import standings_recompute
from slaughterball.services.teams import purchase_make, team_create
from tests.factories import UserFactory

PORTFOLIOS = ("carnage", "nemesis", "swords-of-damocles", "valkyries")


def add_teams(league: Any, count: int, start: int = 0) -> list[Team]:
    """`count` legal teams, each with its own coach; Team Potentials differ (portfolio, and zero to
    two cheerleaders bought from the Support Staff Budget)."""
    teams = []
    for index in range(start, start + count):
        coach = UserFactory(username=f"coach{index:02}")
        team = team_create(
            league=league, coach=coach, name=f"Team {index:02}", portfolio=PORTFOLIOS[index % 4], athletes=demo_athletes(index)
        )
        for _ in range(index % 3 if league.options.get("staff_budget") else 0):
            purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")
        teams.append(team)
    return teams


def started_season(league: Any, commissioner: Any, **kwargs: Any) -> Season:
    season = season_create(league=league, user=commissioner, name="Season 1", **kwargs)
    season, _ = season_start(season=season, user=commissioner)
    return season


def week(season: Season, number: int) -> Week:
    return Week.objects.get(season=season, number=number)


def games_of(week_: Week) -> list[list[int]]:
    teams, numbers = game_teams(week_)
    return [teams[g] for g in sorted(teams, key=numbers.get)]


def confirm(game: Game, order: Sequence[int] | None = None, no_show: Sequence[int] = ()) -> None:
    """Confirm a game straight in the database: the first team in `order` wins, and so on; one
    League Point per team defeated (Place Finish), a no-show comes last with nothing."""
    sides = {s.team_id: s for s in GameSide.objects.filter(game=game)}
    order = list(order or sorted(sides))
    order = [t for t in order if t not in no_show] + list(no_show)
    for place, team in enumerate(order, start=1):
        side = sides[team]
        side.place = place
        side.no_show = team in no_show
        side.score = 0 if side.no_show else 20 - place
        side.league_points = 0 if side.no_show else len(order) - place
        side.save()
    game.state = Game.State.CONFIRMED
    game.confirmed_at = timezone.now()
    game.save()
    standings_recompute(season_id=game.week.season_id)  # as the task after a confirmed result does


def confirm_week(week_: Week, no_show: Sequence[int] = ()) -> None:
    """Confirm every game of the week, the lower team id winning."""
    for game in Game.objects.filter(week=week_):
        sides = sorted(GameSide.objects.filter(game=game).values_list("team_id", flat=True))
        confirm(game, sides, no_show=[t for t in no_show if t in sides])


def next_week(season: Season, commissioner: Any, **kwargs: Any) -> Week:
    kwargs.setdefault("challenges_due", timezone.now() + timedelta(days=2))
    return week_create(season=season, user=commissioner, **kwargs)


def drawn_week_1(season: Season, commissioner: Any) -> Week:
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    return first
