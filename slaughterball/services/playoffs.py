"""End of the Season: the Slaughterbrawl for the top teams by League Rank, and its winner as champion.

`playoff_finish(season)` is idempotent and takes no user: the results pipeline may call it after
confirming the playoff game, the periodic calendar task calls it for every season in the playoffs,
and the commissioner's "finish the season" calls it too. Whoever comes first finishes the season.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse

from engine.core.violations import RuleViolation
from engine.slaughterball import schedule
from engine.slaughterball.schedule import SMALLEST_GAME
from leagues.services import league_require_commissioner
from notifications.services import notify_many
from pitside.errors import Invalid
from rosters.models import Team
from slaughterball.models import Game, GameSide, Season, SeasonTeam, Week
from slaughterball.selectors_calendar import (
    OPEN_STATES,
    STANDINGS_RECORD,
    last_week_number,
    playoff_week,
)
from slaughterball.services.calendar import _create_games, _lock_season, _now_iso, notify_scheduled
from slaughterball.services.standings import StandingNow, standings_now, standings_recompute
from webhooks.models import Channel
from webhooks.services import league_announce


def playoff_create(*, season: Season, user: Any, allow_short: bool = False) -> tuple[Game, bool]:
    """End of the Season: after every team has played its games_per_team, the final League Rank is
    recorded and the top `playoff_size` teams play the Slaughterbrawl (one game, in a week of its
    own). Teams short of games count last places for the missing ones (Teams That Haven't Played
    10 Games); the commissioner confirms that with `allow_short`. Returns (game, made now)."""
    league_require_commissioner(league=season.league, user=user)
    with transaction.atomic():
        season = _lock_season(season)
        week = playoff_week(season)
        if week is not None:
            game = Game.objects.filter(week=week).order_by("number").first()
            assert game is not None  # the playoff week is made with its game, in one transaction
            return game, False
        standings_recompute(season_id=season.pk)  # the last week's column, right as the season's weeks end
        ranking, seeds, short = playoff_seeds(season, allow_short=allow_short)
        week = Week.objects.create(
            season=season,
            number=last_week_number(season) + 1,
            kind=Week.Kind.PLAYOFF,
            draws=[
                {
                    "kind": STANDINGS_RECORD,
                    "at": _now_iso(),
                    "seeds": seeds,
                    "short": {str(t): n for t, n in short.items()},
                    "ranking": [[r.team, r.league_points, r.team_potential, r.draw, r.games_played] for r in ranking],
                }
            ],
        )
        game = _create_games(week, [seeds], 1)[0]
        season.status = Season.Status.PLAYOFFS
        season.save(update_fields=["status"])
        notify_scheduled(week, [game], [seeds], "the Slaughterbrawl", event="playoff", channel_event=Channel.Event.PLAYOFFS)
    return game, True


def playoff_seeds(season: Season, *, allow_short: bool) -> tuple[list[StandingNow], list[int], dict[int, int]]:
    """End of the Season, from League Rank as it stands now (standings_now, which needs no recompute): the League
    Rank, the teams that play the Slaughterbrawl
    (its top `playoff_size`) and the games each team short of `games_per_team` misses. Refused for a season not
    running, while one of its games is not confirmed, for teams short of games unless `allow_short`, or with fewer
    than two teams. playoff_create sets the Slaughterbrawl from it; the page asking first names them."""
    if season.status != Season.Status.RUNNING:
        raise Invalid.one("season-not-running", "season", "The playoffs come at the end of a running season.")
    unsettled = Game.objects.filter(week__season=season, state__in=OPEN_STATES).count()
    if unsettled:
        raise Invalid.one(
            "season-unfinished", "season", f"{unsettled} game{'s are' if unsettled != 1 else ' is'} not confirmed yet."
        )
    ranking = standings_now(season_id=season.pk)
    short = schedule.missing_games({r.team: r.games_played for r in ranking}, season.games_per_team)
    if short and not allow_short:
        teams = dict(Team.objects.filter(pk__in=short).values_list("pk", "name"))
        names = ", ".join(f"{teams[r.team]} ({short[r.team]})" for r in ranking if r.team in short)
        raise Invalid.one(
            "season-short-games",
            "allow_short",
            f"Teams short of {season.games_per_team} games: {names}. Make makeup games, or send allow_short: "
            "the missing games count as last places with no League Points and no winnings.",
        )
    seeds = [e.team for e in schedule.playoff_seeds([r.ranking_entry() for r in ranking], season.playoff_size)]
    if len(seeds) < SMALLEST_GAME:
        raise Invalid.one("too-few-teams", "season", "The Slaughterbrawl needs at least two teams.")
    return ranking, seeds, short


def playoff_champion(season: Season) -> int | None:
    """End of the Season: the team that won the Slaughterbrawl (place 1 of its confirmed result), or None before."""
    week = playoff_week(season)
    game = Game.objects.filter(week=week).order_by("number").first() if week else None
    if game is None or game.state != Game.State.CONFIRMED:
        return None
    places = {t: p for t, p in GameSide.objects.filter(game=game).values_list("team_id", "place") if p is not None}
    try:
        return schedule.champion(places)
    except RuleViolation:
        return None


def playoff_finish(season: Season) -> bool:
    """End of the Season: once the Slaughterbrawl's result is confirmed, its winner (place 1) is the
    season champion and the season is finished. Safe to call any number of times, from anywhere:
    returns True only for the call that finished the season."""
    champion = playoff_champion(season)
    if champion is None:
        return False
    with transaction.atomic():
        # The conditional update claims the finish: two callers at once finish it once.
        finished = Season.objects.filter(pk=season.pk, status=Season.Status.PLAYOFFS).update(
            status=Season.Status.FINISHED, champion_id=champion
        )
        if finished:
            entries = SeasonTeam.objects.filter(season_id=season.pk).select_related("team__coach")
            winner = next((e.team.name for e in entries if e.team_id == champion), "")
            url = reverse("season-playoffs", args=[season.pk])
            text = f"{winner} won the Slaughterbrawl: champion of {season.name}!"
            notify_many([(e.team.coach, f"champion:{season.pk}", text, url) for e in entries], league=season.league)
            league_announce(
                league_id=season.league_id, event=Channel.Event.PLAYOFFS, key=f"champion:{season.pk}", text=text, url=url
            )
    return bool(finished)


def season_finish(*, season: Season, user: Any) -> Season:
    """The commissioner closes the season: the champion is the Slaughterbrawl's confirmed winner."""
    league_require_commissioner(league=season.league, user=user)
    playoff_finish(season)
    season = Season.objects.select_related("league", "champion").get(pk=season.pk)
    if season.status != Season.Status.FINISHED:
        raise Invalid.one("playoff-unconfirmed", "season", "The Slaughterbrawl has no confirmed result yet.")
    return season
