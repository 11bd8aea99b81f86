"""The leagues the page benches measure, and the URL of each page in them (Django must be set up)."""

from __future__ import annotations

import time
from typing import Any

# The pages read as someone logged in, by URL: {url: the user who reads it}. The benches ask them with that user's
# session (bench/pages.py a logged-in test client, bench/crowd.py the session's cookie, session_cookie).
VIEWERS: dict[str, Any] = {}


def session_cookie(user: Any) -> str:
    """The cookie (name=value) of a session of `user` made in the database, as his log-in would."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def core_pages(league: Any, season: Any, week: Any, team: Any) -> dict[str, str]:
    """The Slaughterball and core pages of the league beside league_pages' own: the home page (anonymous: the leagues;
    its coach's dashboard), the team page as anyone and as its coach, the team and league teams APIs, the week's
    challenge round API, the season's ranking API. The pages read as the coach are in VIEWERS."""
    owned = {
        "dashboard (as a coach of the league)": "/",
        "team page (as its owner)": f"/teams/{team.pk}/",
    }
    urls = {
        "home page (anonymous: the leagues)": "/",
        "team page": f"/teams/{team.pk}/",
        "team API": f"/api/teams/{team.pk}/",
        "team's ledger API": f"/api/teams/{team.pk}/ledger/",
        "league teams API": f"/api/leagues/{league.pk}/teams/",
        "week's challenge round API": f"/api/weeks/{week.pk}/challenges/",
        "season ranking API": f"/api/seasons/{season.pk}/ranking/",
    }
    # A page read as the coach has its own URL (a query string the page ignores), so that VIEWERS tells it apart.
    for label, url in owned.items():
        urls[label] = f"{url}?as=coach-{team.coach_id}"
        VIEWERS[urls[label]] = team.coach
    return urls


def league_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """Builds a Slaughterball and a Blood Bowl league of `size` teams with `weeks` weeks (rounds) of confirmed
    results (`manage.py seed_large`'s builders), and answers each page's URL in them, by label. The first is
    the baseline: GET /api/leagues/<id>/ costs two queries whatever the size. `sheets` adds the PDF sheets."""
    from bench_timing import settle_database

    from bloodbowl.large import seed_large as bloodbowl_league
    from bloodbowl.models import Match
    from slaughterball.large import seed_large as slaughterball_league
    from slaughterball.models import Season, Week

    started = time.perf_counter()
    league = slaughterball_league(size, weeks)
    bb_league = bloodbowl_league(size, weeks)
    settle_database()
    print(f"built the leagues of {size} teams in {time.perf_counter() - started:.1f} s")
    season = Season.objects.get(league=league)
    week = Week.objects.filter(season=season).order_by("-number").first()
    team = league.teams.order_by("pk").first()
    bb_team = bb_league.teams.order_by("pk").first()
    assert week is not None
    assert team is not None
    assert bb_team is not None
    assert Match.objects.filter(league=bb_league).exists()
    urls = {
        "baseline: league API": f"/api/leagues/{league.pk}/",
        "standings API": f"/api/leagues/{league.pk}/standings/",
        "standings page": f"/leagues/{league.pk}/standings/",
        "league page": f"/leagues/{league.pk}/",
        "season page": f"/seasons/{season.pk}/",
        "week page (a quarter of the teams' games)": f"/weeks/{week.pk}/",
        "week API": f"/api/weeks/{week.pk}/",
        "week's games API": f"/api/weeks/{week.pk}/games/",
        "league's weeks API": f"/api/leagues/{league.pk}/weeks/",
        "Blood Bowl league page": f"/leagues/{bb_league.pk}/",
        "Blood Bowl standings page": f"/bloodbowl/leagues/{bb_league.pk}/standings/",
        "Blood Bowl standings API": f"/api/bloodbowl/leagues/{bb_league.pk}/standings/",
        "Blood Bowl matches page": f"/bloodbowl/leagues/{bb_league.pk}/matches/",
        "OpenAPI schema": "/api/schema/",
        **core_pages(league, season, week, team),
    }
    if sheets:
        urls |= {
            "League Ranking Sheet PDF": f"/seasons/{season.pk}/ranking-sheet.pdf",
            "roster PDF": f"/teams/{team.pk}/roster.pdf",
            "Blood Bowl roster PDF": f"/bloodbowl/teams/{bb_team.pk}/roster.pdf",
        }
    return urls
