"""The dashboard: a logged-in person's home at `/`. His teams of every game system with each one's next game, what
waits for him (results to confirm, turns, bids, rolls to choose, his leagues' disputes and unfinished setup), each one
click away, and his unread notifications. Each game system contributes its part through its GameApp (its result
lifecycle and its `waiting`), so that this module names none of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from engine.registry import game_systems
from games.selectors import GamesOf, GamesWaiting, games_waiting
from leagues.game_apps import NextGame, Waiting, game_app_of, game_apps
from leagues.models import League
from leagues.selectors import league_house_values_unset
from leagues.setup import signup_steps
from notifications.models import Notification
from notifications.selectors import unread_notifications
from pitside.live import live_version
from rosters.models import Team

NOTIFICATIONS_SHOWN = 10  # the newest unread; the notifications page has them all


@dataclass(frozen=True)
class TeamHome:
    team: Team
    game_system: str  # its game system's name
    url: str  # the team's page
    next_game: NextGame | None


@dataclass(frozen=True)
class Dashboard:
    teams: list[TeamHome]
    waiting: list[Waiting]
    notifications: list[Notification]
    unread: int  # his unread notifications, shown or not: the nav's count
    commissioned: list[League]

    @property
    def version(self) -> str:
        """A fingerprint of what the dashboard shows: its live poll gets a 204 while it is unchanged."""
        shown = (
            [(home.team.pk, home.team.name, home.next_game) for home in self.teams],
            self.waiting,
            [(league.pk, league.name) for league in self.commissioned],
            [(n.pk, n.text, n.url) for n in self.notifications],
            self.unread,
        )
        return live_version(shown)


def dashboard(user: Any) -> Dashboard:
    """`user`'s dashboard. Three queries (his teams, the leagues he commissions, his unread notifications with their
    count); for each game system in which he coaches or commissions, its games' two (games_waiting), its `waiting`'s
    and its `commissioner_waiting`'s; one for the history of the results submitted, of every game system; and what the
    leagues he commissions lack before they can take a team (leagues.setup.signup_steps: one for Blood Bowl's team
    lists): none of them growing with the league or with the number of his leagues."""
    teams = list(Team.objects.filter(coach=user).select_related("league").order_by("league__name", "league_id", "name"))
    commissioned = list(League.objects.filter(commissioners=user).order_by("name", "id"))
    names = dict(game_systems())
    mine: dict[str, list[Team]] = {}
    leagues: dict[str, set[int]] = {}
    for team in teams:
        mine.setdefault(team.league.game_system, []).append(team)
    for league in commissioned:
        leagues.setdefault(league.game_system, set()).add(league.pk)
    apps = [app for app in game_apps() if app.ruleset.slug in mine or app.ruleset.slug in leagues]
    playing = [app for app in apps if app.results is not None]
    found = games_waiting(
        [GamesOf(app.results, mine.get(app.ruleset.slug, []), leagues.get(app.ruleset.slug, set())) for app in playing],
        user=user,
    )
    games_of = {app.ruleset.slug: games for app, games in zip(playing, found, strict=True)}
    homes: list[TeamHome] = []
    waiting: list[Waiting] = []
    for app in apps:
        slug = app.ruleset.slug
        games = games_of.get(slug, GamesWaiting())
        waiting += games.waiting
        if app.waiting is not None and slug in mine:
            waiting += app.waiting(mine[slug])
        if app.commissioner_waiting is not None and slug in leagues:
            waiting += app.commissioner_waiting([league for league in commissioned if league.pk in leagues[slug]])
        homes += [
            TeamHome(
                team,
                names.get(slug, slug),
                reverse(app.team_url, args=[team.pk]) if app.team_url else "",
                games.next_games.get(team.pk),
            )
            for team in mine.get(slug, [])
        ]
    steps = signup_steps(commissioned)
    for league in commissioned:
        waiting += [
            Waiting("setup", f"Cannot take a team yet: {step.action}.", step.url, league=league.name)
            for step in steps.get(league.pk, [])
        ]
        unset = league_house_values_unset(league)
        league_app = game_app_of(league.game_system)
        if unset and league_app is not None:
            text = f"{len(unset)} house value{'s' if len(unset) != 1 else ''} still to set."
            url = reverse(league_app.settings_url, args=[league.pk]) + "#house-values"
            waiting.append(Waiting("setup", text, url, league=league.name))
    notifications, unread = unread_notifications(user, NOTIFICATIONS_SHOWN)
    homes.sort(key=lambda home: (home.team.league.name, home.team.league_id, home.team.name))
    return Dashboard(homes, waiting, notifications, unread, commissioned)
