"""The dashboard at `/`, on a desktop and on a phone: a coach of the five demo leagues logs in and reaches his next
Slaughterball game in one click; a coach whose team is challenged sees the notification (and his nav's unread count)
appear without reloading. With PITSIDE_SCREENSHOTS=1 the first journey saves the dashboard's screenshots
(docs/screenshots/dashboard-desktop.png, dashboard-phone.png) for the README."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page, expect

from blitzbowl import services as blitz
from blitzbowl.models import Match as BlitzMatch
from leagues.models import League
from notifications.services import notifications_mark_read
from rosters.models import Team
from slaughterball.models import Game
from slaughterball.selectors_calendar import round_state
from slaughterball.services.challenges import challenge_issue
from tests.blitzbowl.helpers import report
from tests.e2e.people import DESKTOP, PHONE, log_in
from tests.factories import PASSWORD, LeagueFactory, UserFactory
from tests.home.dashboard_helpers import challenge_week, turn_team
from tests.slaughterball.calendar.helpers import add_teams, drawn_week_1, started_season

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(django_settings.BASE_DIR) / "docs" / "screenshots"
VIEWPORTS = [pytest.param(dict(DESKTOP, height=800), id="desktop"), pytest.param(PHONE, id="phone")]


def screenshot(page: Page, name: str) -> None:
    """Saved only when asked (PITSIDE_SCREENSHOTS=1), so that a test run leaves the committed pictures alone."""
    if os.environ.get("PITSIDE_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_coach_reaches_his_next_game_in_one_click_from_home(browser, live_server, viewport):
    call_command("seed_demo", password=PASSWORD, stdout=io.StringIO())
    demo = League.objects.get(name="Pitside Demo League")
    commissioner = demo.commissioners.get()
    add_teams(demo, 4)
    drawn_week_1(started_season(demo, commissioner), commissioner)  # his Slaughterball game of week 1
    ogres = Team.objects.get(league=demo, coach__username="coach1")
    game = Game.objects.get(week__number=1, week__season__league=demo, sides__team=ogres)
    # A Blitz Bowl result waiting for his confirmation.
    match = BlitzMatch.objects.filter(sides__team__coach__username="coach1").filter(sides__team__coach__username="coach2").first()
    assert match is not None
    blitz.result_submit(match_id=match.pk, user=match.sides.get(team__coach__username="coach2").team.coach, report=report())

    page = log_in(browser, live_server, "coach1", viewport=viewport)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Your dashboard")).to_be_visible()
    waiting = page.locator("#waiting")
    expect(waiting.get_by_role("link", name=re.compile("Confirm or dispute the result of League match"))).to_be_visible()
    teams = page.locator("#my-teams")
    for system in ("Slaughterball", "Blood Bowl", "Blitz Bowl", "Pit Fighter", "Slaughterville"):
        expect(teams.get_by_text(re.compile(system)).first).to_be_visible()
    screenshot(page, f"dashboard-{'phone' if viewport == PHONE else 'desktop'}")

    teams.locator(".dashboard-team", has_text=ogres.name).locator(".dashboard-next a").click()  # the one click
    expect(page).to_have_url(re.compile(re.escape(reverse("game-detail", args=[game.pk])) + "$"))
    expect(page.get_by_role("heading", name=f"Week 1, game {game.number}")).to_be_visible()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_challenge_appears_on_the_dashboard_without_reload(browser, live_server, viewport):
    boss = UserFactory(username="boss")
    league = LeagueFactory(commissioner=boss, name="Rustbelt League")
    add_teams(league, 8)
    week = challenge_week(league, boss)
    mover = turn_team(week)
    state = round_state(week)
    targets = [t for t in state.unscheduled if t != mover.pk][: state.turn.picks]
    challenged = Team.objects.select_related("coach").get(pk=targets[0])
    notifications_mark_read(user=challenged.coach)  # he has read the week's draw

    page = log_in(browser, live_server, challenged.coach.username, viewport=viewport)
    expect(page.locator("#unread")).to_contain_text("Nothing new.")
    expect(page.locator(".nav-notifications .badge")).to_have_count(0)
    page.evaluate("window.notReloaded = true")

    challenge_issue(week=week, user=mover.coach, team_id=mover.pk, challenged=targets)  # the real service

    notice = page.locator("#unread").get_by_role("link", name=re.compile(f"{mover.name} challenged {challenged.name}"))
    expect(notice).to_be_visible(timeout=25_000)  # within a poll or two (every 10 s)
    expect(notice).to_contain_text(f"{league.name}: ")  # which league it is of
    expect(page.locator(".nav-notifications .badge")).to_have_text(
        re.compile("^2")
    )  # the nav's count came with it: the challenge, and his game's pre-game open
    assert page.evaluate("window.notReloaded") is True
    next_game = Game.objects.get(week=week, sides__team=challenged)
    expect(page.locator("#my-teams .dashboard-next a")).to_have_attribute("href", reverse("game-detail", args=[next_game.pk]))
