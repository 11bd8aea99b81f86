"""Reads over the games of every game system, through its result lifecycle (games.lifecycle)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Q

from games.lifecycle import ResultLifecycle
from games.models import Game
from leagues.game_apps import NextGame, Waiting
from rosters.models import Team


@dataclass
class GamesWaiting:
    """What a user's games hold for him: each of his teams' next game, and the results he is to act on."""

    next_games: dict[int, NextGame] = field(default_factory=dict)  # team id -> its next game
    waiting: list[Waiting] = field(default_factory=list)


def games_waiting(
    results: ResultLifecycle[Any], *, user: Any, teams: Sequence[Team], commissioned: Collection[int]
) -> GamesWaiting:
    """For `user`, coach of `teams` and commissioner of the leagues `commissioned` (ids), both of `results`' game
    system: each team's next scheduled game (the earliest day, undated ones last, then the first made), the results
    submitted that he is to confirm, the disputed results in his leagues. One query for the games and the
    lifecycle's prefetches (`results.games()`), however many games and teams; none when there is nothing to read."""
    found = GamesWaiting()
    team_ids = {team.pk for team in teams}
    if not team_ids and not commissioned:
        return found
    Scheduled, Submitted, Disputed = Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED
    games = (
        results.games()
        .filter(Q(state__in=[Scheduled, Submitted], sides__team__in=team_ids) | Q(state=Disputed, league__in=commissioned))
        .distinct()
        .order_by(F("scheduled_for").asc(nulls_last=True), "pk")
    )
    for game in games:
        label, url = results.label(game), results.url(game)
        sides = results.sides(game)
        if game.state == Scheduled:
            for side in sides:
                if side.team_id in team_ids and side.team_id not in found.next_games:
                    opponents = tuple(s.team.name for s in sides if s.team_id not in team_ids)
                    found.next_games[side.team_id] = NextGame(label, url, game.scheduled_for, game.location, opponents)
        elif game.state == Submitted:
            if any(side.team.coach_id == user.pk for side in results.pending_sides(game)):
                found.waiting.append(Waiting("confirm", f"Confirm or dispute the result of {label}.", url))
        elif game.league_id in commissioned:
            found.waiting.append(Waiting("dispute", f"The result of {label} is disputed: approve or void it.", url))
    return found
