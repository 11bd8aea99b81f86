"""Seasons and games made directly (the calendar builds them in play), scripted auction dice, and the
maverick house values a league needs before anyone can hire one."""

from __future__ import annotations

from typing import Any

from engine.slaughterball import auctions
from engine.slaughterball.catalog import TRAITS
from rosters.models import Team
from rosters.services import grant_create
from slaughterball.demo import demo_athletes
from slaughterball.models import Game, GameSide, Season, SeasonTeam, Week
from slaughterball.services.pregame import season_draws, team_potentials, teams_facts
from slaughterball.services.teams import team_create
from tests.engine.test_auctions import Scripted

ADJUSTMENTS = {"gibraltar": 400_000, "fugue": 300_000, "simba-khan": 500_000, "toccata": 250_000}
POOL = ["gibraltar", "fugue", "simba-khan", "toccata"]  # the catalog's order: draws index into what is left


def maverick_house_values(unset: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every maverick's card as a house value (traits 4, no skills), except the adjustments of `unset`."""
    values: dict[str, Any] = {}
    for slug, adjustment in ADJUSTMENTS.items():
        values |= {f"mavericks.{slug}.{trait}": 4 for trait in TRAITS}
        values[f"mavericks.{slug}.skills"] = []
        if slug not in unset:
            values[f"mavericks.{slug}.pit_power_adjustment"] = adjustment
    return values


def make_team_for(league: Any, coach: Any, name: str, portfolio: str = "carnage") -> Team:
    return team_create(league=league, coach=coach, name=name, portfolio=portfolio, athletes=demo_athletes(2))


def fund(team: Team, amount: int) -> None:
    commissioner = team.league.commissioners.first()
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=amount, reason="Sponsor")


def make_season(league: Any, teams: list[Team], number: int = 1) -> Season:
    season = Season.objects.create(league=league, number=number, name=f"Season {number}", status=Season.Status.RUNNING)
    # The recorded draws: the first team gets the highest, so on a tie it ranks lowest and chooses athletes first.
    SeasonTeam.objects.bulk_create(SeasonTeam(season=season, team=t, draw=(len(teams) - i) / 10) for i, t in enumerate(teams))
    return season


def make_game(season: Season, teams: list[Team], week: int = 1) -> Game:
    the_week, _ = Week.objects.get_or_create(season=season, number=week, defaults={"kind": Week.Kind.DRAW})
    game = Game.objects.create(league_id=season.league_id, week=the_week, number=Game.objects.filter(week=the_week).count() + 1)
    GameSide.objects.bulk_create(GameSide(game=game, team=t) for t in teams)
    return game


def six(team: Team) -> list[int]:
    """A legal lineup: the team's first six athletes by number."""
    return list(team.athletes.order_by("number").values_list("pk", flat=True)[:6])


def give_league_points(season: Season, team: Team, points: int) -> None:
    """A confirmed earlier game in which `team` earned `points` League Points."""
    earlier = make_game(season, [team], week=9)
    Game.objects.filter(pk=earlier.pk).update(state=Game.State.CONFIRMED)
    GameSide.objects.filter(game=earlier).update(league_points=points)


def auction_order(game: Game) -> list[int]:
    """The teams of the game in ascending Team Potential, as the auction will order them."""
    league = game.week.season.league
    team_ids = list(GameSide.objects.filter(game=game).values_list("team", flat=True))
    potentials = team_potentials(teams_facts(team_ids, league.game_system), league.game_system)
    return auctions.potential_order(potentials, season_draws(game, team_ids))


def scripted_dice(game: Game, faces: dict[int, list[str]], picks: list[int] | None = None) -> Scripted:
    """A generator that rolls `faces[team]` for each team (a boot for one not named) in the auction's order,
    then draws mavericks by index into what is left of the pool (the first one by default)."""
    script: list[Any] = []
    knives = 0
    for team in auction_order(game):
        rolled = faces.get(team, ["boot"])
        script += rolled
        knives += sum({"knife": 1, "double-knife": 2}.get(face, 0) for face in rolled)
    script += picks if picks is not None else [0] * min(knives, len(POOL))
    return Scripted(script)
