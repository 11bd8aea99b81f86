"""The leagues the page benches measure, and the URL of each page in them (Django must be set up)."""

from __future__ import annotations

import time


def league_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """Builds a Slaughterball and a Blood Bowl league of `size` teams with `weeks` weeks (rounds) of confirmed
    results (`manage.py seed_large`'s builders), and answers each page's URL in them, by label. The first is
    the baseline: GET /api/leagues/<id>/ costs two queries whatever the size. `sheets` adds the PDF sheets. A Pit
    Fighter campaign and a Slaughterville group scaled from `size` come with them (pitfighter_pages,
    slaughterville_pages)."""
    from bench_timing import settle_database

    from bloodbowl.large import seed_large as bloodbowl_league
    from bloodbowl.models import Match
    from slaughterball.large import seed_large as slaughterball_league
    from slaughterball.models import Season, Week

    started = time.perf_counter()
    league = slaughterball_league(size, weeks)
    bb_league = bloodbowl_league(size, weeks)
    blitz = blitzbowl_pages(size, weeks, sheets=sheets)
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
    }
    if sheets:
        urls |= {
            "League Ranking Sheet PDF": f"/seasons/{season.pk}/ranking-sheet.pdf",
            "roster PDF": f"/teams/{team.pk}/roster.pdf",
            "Blood Bowl roster PDF": f"/bloodbowl/teams/{bb_team.pk}/roster.pdf",
        }
    return urls | blitz | pitfighter_pages(size, weeks, sheets=sheets) | slaughterville_pages(size, weeks, sheets=sheets)


def blitzbowl_coaches(size: int) -> int:
    """The Blitz Bowl league of a bench of `size` teams: a coach for five teams (size 1,000: 200 coaches, a big real
    league), at least ten."""
    return max(10, size // 5)


def blitzbowl_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """Builds a Blitz Bowl league of `blitzbowl_coaches(size)` coaches who have each played `weeks` confirmed matches
    of `weeks + 1` (blitzbowl.large.seed_large: the league after a round fully played, a round still to arrange), and
    answers the URL of each default page and API of the game system in it, by label."""
    from blitzbowl.large import seed_large
    from blitzbowl.models import Match

    league = seed_large(blitzbowl_coaches(size), weeks)
    team = league.teams.order_by("pk").first()
    match = Match.objects.filter(league=league).order_by("pk").last()
    assert team is not None
    assert match is not None
    urls = {
        "Blitz Bowl league page": f"/leagues/{league.pk}/",
        "Blitz Bowl league API": f"/api/blitzbowl/leagues/{league.pk}/",
        "Blitz Bowl coaches API": f"/api/blitzbowl/leagues/{league.pk}/coaches/",
        "Blitz Bowl matches API": f"/api/blitzbowl/leagues/{league.pk}/matches/",
        "Blitz Bowl coach page": f"/blitzbowl/coaches/{team.pk}/",
        "Blitz Bowl coach API": f"/api/blitzbowl/coaches/{team.pk}/",
        "Blitz Bowl match page (a played match)": f"/blitzbowl/matches/{match.pk}/",
        "Blitz Bowl match API": f"/api/blitzbowl/matches/{match.pk}/",
        "Blitz Bowl Coach Traits API": "/api/blitzbowl/coach-traits/",
    }
    if sheets:
        urls["Blitz Bowl coach roster PDF"] = f"/blitzbowl/coaches/{team.pk}/roster.pdf"
    return urls


def pitfighter_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """A Pit Fighter campaign of size / 10 stables (at least 5: 5 at size 10, 100 at 1,000), each in `weeks` confirmed
    combats, and each of its default pages and API reads in it: the campaign, a stable, a fighter, a combat."""
    from bench_timing import settle_database

    from pitfighter.large import seed_large
    from pitfighter.models import Combat, Fighter

    league = seed_large(max(5, size // 10), weeks)
    settle_database()
    stable = league.teams.order_by("pk").first()
    fighter = Fighter.objects.filter(stable=stable).order_by("pk").first()
    combat = Combat.objects.filter(league=league).order_by("-pk").first()
    assert stable is not None
    assert fighter is not None
    assert combat is not None
    urls = {
        "Pit Fighter league page": f"/leagues/{league.pk}/",
        "Pit Fighter campaign page": f"/pitfighter/leagues/{league.pk}/",
        "Pit Fighter campaign API": f"/api/pitfighter/leagues/{league.pk}/",
        "Pit Fighter stables API": f"/api/pitfighter/leagues/{league.pk}/stables/",
        "Pit Fighter combats API": f"/api/pitfighter/leagues/{league.pk}/combats/",
        "Pit Fighter stable page": f"/pitfighter/stables/{stable.pk}/",
        "Pit Fighter stable API": f"/api/pitfighter/stables/{stable.pk}/",
        "Pit Fighter fighter page": f"/pitfighter/fighters/{fighter.pk}/",
        "Pit Fighter fighter API": f"/api/pitfighter/fighters/{fighter.pk}/",
        "Pit Fighter combat page": f"/pitfighter/combats/{combat.pk}/",
        "Pit Fighter combat API": f"/api/pitfighter/combats/{combat.pk}/",
    }
    if sheets:
        urls["Pit Fighter roster PDF"] = f"/pitfighter/fighters/{fighter.pk}/roster.pdf"
    return urls


def slaughterville_pages(size: int, weeks: int, *, sheets: bool) -> dict[str, str]:
    """A Slaughterville group of size / 5 members (at least 5) who each logged `weeks` confirmed sessions (50 at size
    10, 2,000 at 1,000 with 10 weeks), and each of its default pages and API reads in it: the group, a member, a
    session and its printable sheet."""
    from bench_timing import settle_database

    from slaughterville.large import seed_large
    from slaughterville.models import Session

    league = seed_large(max(5, size // 5), weeks)
    settle_database()
    member = league.teams.order_by("pk").first()
    session = Session.objects.filter(league=league).order_by("-pk").first()
    assert member is not None
    assert session is not None
    urls = {
        "Slaughterville league page": f"/leagues/{league.pk}/",
        "Slaughterville catalogue API": f"/api/slaughterville/leagues/{league.pk}/catalogue/",
        "Slaughterville members API": f"/api/slaughterville/leagues/{league.pk}/members/",
        "Slaughterville sessions API": f"/api/slaughterville/leagues/{league.pk}/sessions/",
        "Slaughterville statistics API": f"/api/slaughterville/leagues/{league.pk}/statistics/",
        "Slaughterville member page": f"/slaughterville/members/{member.pk}/",
        "Slaughterville session page": f"/slaughterville/sessions/{session.pk}/",
        "Slaughterville session API": f"/api/slaughterville/sessions/{session.pk}/",
        "Slaughterville session sheet": f"/slaughterville/sessions/{session.pk}/sheet/",
    }
    if sheets:
        urls["Slaughterville session PDF"] = f"/slaughterville/sessions/{session.pk}/sheet.pdf"
    return urls
