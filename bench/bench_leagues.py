"""The leagues the page benches measure, and the URL of each page in them (Django must be set up)."""

from __future__ import annotations

import time


def league_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """Builds a Slaughterball and a Blood Bowl league of `size` teams with `weeks` weeks (rounds) of confirmed
    results (`manage.py seed_large`'s builders), and answers each page's URL in them, by label. The first is
    the baseline: GET /api/leagues/<id>/ costs two queries whatever the size. `sheets` adds the PDF sheets."""
    from bench_timing import settle_database

    from slaughterball.large import seed_large as slaughterball_league
    from slaughterball.models import Season, Week

    started = time.perf_counter()
    league = slaughterball_league(size, weeks)
    bloodbowl = bloodbowl_pages(size, weeks, sheets=sheets)
    settle_database()
    print(f"built the leagues of {size} teams in {time.perf_counter() - started:.1f} s")
    season = Season.objects.get(league=league)
    week = Week.objects.filter(season=season).order_by("-number").first()
    team = league.teams.order_by("pk").first()
    assert week is not None
    assert team is not None
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
        "OpenAPI schema": "/api/schema/",
    }
    if sheets:
        urls |= {
            "League Ranking Sheet PDF": f"/seasons/{season.pk}/ranking-sheet.pdf",
            "roster PDF": f"/teams/{team.pk}/roster.pdf",
        }
    return urls | bloodbowl


def bloodbowl_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """A Blood Bowl league of `size` teams with `weeks` rounds of confirmed matches (bloodbowl.large.seed_large), and
    the URL of each of its default pages and APIs, by label: the league's, a team's (its first) and a match's (its
    latest)."""
    from bloodbowl.large import seed_large
    from bloodbowl.models import Match

    league = seed_large(size, weeks)
    team = league.teams.order_by("pk").first()
    match = Match.objects.filter(league=league).order_by("-pk").first()
    assert team is not None
    assert match is not None
    urls = {
        "Blood Bowl league page": f"/leagues/{league.pk}/",
        "Blood Bowl standings page": f"/bloodbowl/leagues/{league.pk}/standings/",
        "Blood Bowl standings API": f"/api/bloodbowl/leagues/{league.pk}/standings/",
        "Blood Bowl matches page": f"/bloodbowl/leagues/{league.pk}/matches/",
        "Blood Bowl matches API": f"/api/bloodbowl/leagues/{league.pk}/matches/",
        "Blood Bowl league teams API": f"/api/bloodbowl/leagues/{league.pk}/teams/",
        "Blood Bowl team lists API": f"/api/leagues/{league.pk}/team-lists/",
        "Blood Bowl tournaments page": f"/bloodbowl/leagues/{league.pk}/tournaments/",
        "Blood Bowl tournaments API": f"/api/bloodbowl/leagues/{league.pk}/tournaments/",
        "Blood Bowl team page": f"/bloodbowl/teams/{team.pk}/",
        "Blood Bowl team API": f"/api/bloodbowl/teams/{team.pk}/",
        "Blood Bowl roster sheet page": f"/bloodbowl/teams/{team.pk}/roster/",
        "Blood Bowl match page": f"/bloodbowl/matches/{match.pk}/",
        "Blood Bowl match API": f"/api/bloodbowl/matches/{match.pk}/",
    }
    if sheets:
        urls["Blood Bowl roster PDF"] = f"/bloodbowl/teams/{team.pk}/roster.pdf"
    return urls
