"""What waits on the dashboard for a Slaughterball coach besides his results (home.selectors): his challenge turns
and his games' pre-game turns (the maverick auction to open, a maverick to put up or bid on, athletes to choose); for
a commissioner, the pre-games of his leagues that wait for someone."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import OuterRef, QuerySet, Subquery
from django.urls import reverse

from leagues.game_apps import Waiting
from leagues.models import League
from rosters.models import Team
from slaughterball.models import Game, Season, Week
from slaughterball.selectors import game_label, games_listed
from slaughterball.selectors_calendar import round_states
from slaughterball.selectors_pregame import PregameTurn, pregame_progress

COMMISSIONER_GAMES_SHOWN = 3  # a week's games whose turn his item names; the week page has them all


def coach_waiting(teams: Sequence[Team]) -> list[Waiting]:
    """The challenge rounds in which one of `teams` is to challenge or steal, and the pre-game turns of their games:
    a maverick to put up or bid on, athletes to choose (for their team), the auction to open (for any coach of the
    game). One query for the weeks of the running seasons of their leagues, one for the games of the current week of
    each that is a challenge round (round_states), two for their scheduled games and sides, and pregame_progress's:
    whatever the size and the number of his leagues and games."""
    by_id = {team.pk: team for team in teams}
    waiting: list[Waiting] = []
    # Only the latest week of a season has its round going on: only its record of the round's order is read (each
    # challenge round's holds the whole League Rank).
    latest = Week.objects.filter(season=OuterRef("season")).order_by("-number").values("pk")[:1]
    current = Week.objects.filter(
        season__league__in={team.league_id for team in teams},
        season__status=Season.Status.RUNNING,
        kind=Week.Kind.CHALLENGE,
        pk=Subquery(latest),
    )
    for state in round_states(list(current.select_related("season").order_by("season_id"))):
        week, turn = state.week, state.turn
        if turn.action in ("challenge", "steal") and turn.team in by_id:
            team = by_id[turn.team]
            verb = f"challenge {turn.picks}" if turn.action == "challenge" else f"steal {turn.picks}"
            text = f"{team.name}'s turn to {verb} in {week.season.name}, week {week.number}."
            waiting.append(Waiting("turn", text, reverse("week-detail", args=[week.pk]), league=team.league.name))
    games = _open_pregames(Game.objects.filter(sides__team__in=by_id))
    for game, step in _turns(games):
        label, league = game_label(game), game.league.name
        if step.step == "bid" and step.team in by_id:  # the lot's text names the team and the maverick
            waiting.append(Waiting("bid", f"{step.text} ({label}).", step.url, league=league))
        elif step.team in by_id:
            waiting.append(Waiting("turn", f"{label}: {step.text}.", step.url, league=league))
        elif step.team is None:  # opening the auction: any coach of the game (or a commissioner)
            waiting.append(Waiting("pregame", f"{label}: {step.text}; any coach of the game opens it.", step.url, league=league))
    return waiting


def commissioner_waiting(leagues: Sequence[League]) -> list[Waiting]:
    """Each week of the leagues a user commissions in which some game's pre-game waits for someone (the auction to
    open, a maverick to put up or bid on, athletes to choose), naming whose turn in each of the first games; he may
    act for a coach who does not. In the queries of `_turns`, whatever the number of games."""
    games = _open_pregames(Game.objects.filter(league__in=leagues))
    weeks: dict[int, list[tuple[Game, PregameTurn]]] = {}
    for game, turn in _turns(games):
        weeks.setdefault(game.week_id, []).append((game, turn))
    waiting = []
    for week_games in weeks.values():
        week = week_games[0][0].week
        shown = [f"{turn.text} (game {game.number})" for game, turn in week_games[:COMMISSIONER_GAMES_SHOWN]]
        more = len(week_games) - len(shown)
        listed = "; ".join(shown) + (f"; and {more} more" if more else "")
        count = f"{len(week_games)} game{'s' if len(week_games) != 1 else ''}"
        text = f"{week.season.name}, week {week.number}: pre-game to finish in {count}: {listed}."
        waiting.append(Waiting("pregame", text, reverse("week-detail", args=[week.pk]), league=week_games[0][0].league.name))
    return waiting


def _open_pregames(games: QuerySet[Game]) -> list[Game]:
    """The scheduled games among `games` of the running seasons, as games_listed reads them (two queries)."""
    return list(
        games_listed()
        .filter(pk__in=games.values("pk"), state=Game.State.SCHEDULED, week__season__status=Season.Status.RUNNING)
        .order_by("week__season_id", "week__number", "number")
    )


def _turns(games: list[Game]) -> list[tuple[Game, PregameTurn]]:
    """Each game whose pre-game waits for someone, with whose turn it is (pregame_progress)."""
    progress = pregame_progress(games, turns=True)
    return [(game, turn) for game in games if (turn := progress[game.pk].turn) is not None]
