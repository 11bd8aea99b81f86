"""Reads over the games of every game system, through its result lifecycle (games.lifecycle)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Q, prefetch_related_objects

from games.lifecycle import ResultLifecycle
from games.models import Game
from leagues.game_apps import NextGame, Waiting
from rosters.models import Team


@dataclass(frozen=True)
class GamesOf:
    """Whose games to read in one game system: the user's teams and the leagues (ids) he commissions in it."""

    results: ResultLifecycle[Any]
    teams: Sequence[Team]
    commissioned: Collection[int]


@dataclass
class GamesWaiting:
    """What a user's games hold for him: each of his teams' next game, and the results he is to act on."""

    next_games: dict[int, NextGame] = field(default_factory=dict)  # team id -> its next game
    waiting: list[Waiting] = field(default_factory=list)


def games_waiting(systems: Sequence[GamesOf], *, user: Any) -> list[GamesWaiting]:
    """For `user`, in each of `systems` (in its order): each of his teams' next scheduled game (the earliest day,
    undated ones last, then the first made), the results submitted that he is to confirm, the disputed results in
    the leagues he commissions. Per game system, one query for the games and one for their sides
    (`results.games_listed()`), however many games and teams (none when there is nothing to read); then one for the
    history of the results submitted, every game system's together."""
    Scheduled, Submitted, Disputed = Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED
    read: list[tuple[GamesOf, set[int], list[Game]]] = []
    for system in systems:
        team_ids = {team.pk for team in system.teams}
        if not team_ids and not system.commissioned:
            read.append((system, team_ids, []))
            continue
        games = (
            system.results.games_listed()
            .filter(
                Q(state__in=[Scheduled, Submitted], sides__team__in=team_ids) | Q(state=Disputed, league__in=system.commissioned)
            )
            .distinct()
            .order_by(F("scheduled_for").asc(nulls_last=True), "pk")
        )
        read.append((system, team_ids, list(games)))
    # Who confirmed a submitted result is in its history: every game system's games share the games table, which the
    # history points at, so one query reads it for all of them.
    prefetch_related_objects([game for _, _, games in read for game in games if game.state == Submitted], "events")
    return [_found(system.results, user, team_ids, system.commissioned, games) for system, team_ids, games in read]


def _found(
    results: ResultLifecycle[Any], user: Any, team_ids: set[int], commissioned: Collection[int], games: list[Game]
) -> GamesWaiting:
    found = GamesWaiting()
    for game in games:
        url, league = results.url(game), game.league.name
        sides = results.sides(game)
        if game.state == Game.State.SCHEDULED:
            # Named as an arranged game is, before its teams: the line names the opponents after it.
            label = results.arranged_label(game)
            for side in sides:
                if side.team_id in team_ids and side.team_id not in found.next_games:
                    opponents = tuple(s.team.name for s in sides if s.team_id not in team_ids)
                    found.next_games[side.team_id] = NextGame(label, url, game.scheduled_for, game.location, opponents)
        elif game.state == Game.State.SUBMITTED:
            if any(side.team.coach_id == user.pk for side in results.pending_sides(game)):
                text = f"Confirm or dispute the result of {results.label(game)}."
                found.waiting.append(Waiting("confirm", text, url, league=league))
        elif game.league_id in commissioned:
            text = f"The result of {results.label(game)} is disputed: approve or void it."
            found.waiting.append(Waiting("dispute", text, url, league=league))
    return found
