"""A two-team Blood Bowl league in Chromium, on phones: the commissioner creates it, sets its house values
and imports the team lists; two coaches sign their teams up, play one match through the pre-match, the
report and its confirmation, and the post-match sequence (winnings, Star Player Points, a star player roll
and its peak roll, Fan Factor); a coach buys a Team Re-roll at double cost; the standings and the roster
sheet PDF show it all."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from bloodbowl.models import Match, Player, StarPlayerRoll
from engine.bloodbowl.teamlists import team_lists_sample
from rosters.models import Team
from rosters.selectors import team_balances
from tests.e2e.house_values import open_house_value_groups
from tests.e2e.people import log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HOUSE_VALUES = {
    "Cost of one Fan Factor point for a new team": "10,000",
    "Apothecary cost": "50,000",
    "Assistant Coach cost": "10,000",
    "Cheerleader cost": "10,000",
    "Fewest players on a new team's roster": "11",
    "Most players on a roster": "16",
}


def sign_team_up(page: Page, league_name: str, team_name: str, players: int) -> None:
    page.goto("/leagues/")
    page.get_by_role("link", name=league_name).click()
    page.get_by_role("link", name="Sign up a team").click()
    page.get_by_label("Team name").fill(team_name)
    page.get_by_label("Race").select_option("bogmire-croakers")
    page.get_by_label("Team Re-rolls").fill("1")
    page.get_by_label("Fan Factor").fill("3")
    for index in range(players):
        page.locator(f"#id_players-{index}-position").select_option("bog-lineman")
        page.locator(f"#id_players-{index}-name").fill(f"{team_name.split()[0]} {index + 1}")
        page.locator(f"#id_players-{index}-number").fill(str(index + 1))
    page.get_by_role("button", name="Sign the team up").click()
    expect(page.get_by_role("heading", name=team_name)).to_be_visible()


def test_a_two_team_league_plays_one_match_and_its_post_match(browser: Browser, live_server):
    for username in ("boss", "croaker", "warden"):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss")
    boss.goto("/leagues/new/")
    boss.get_by_label("Name").fill("Marsh League")
    boss.get_by_label("Game system").select_option("bloodbowl")
    boss.get_by_role("button", name="Create the league").click()
    boss.get_by_role("link", name="Settings").click()
    open_house_value_groups(boss)
    for label, value in HOUSE_VALUES.items():
        boss.get_by_label(label, exact=True).fill(value)
    boss.get_by_role("button", name="Save house values").click()
    expect(boss.get_by_text("House values saved")).to_be_visible()
    boss.get_by_role("link", name="Import or edit the team lists").click()
    boss.get_by_label("Or paste or edit the text").fill(team_lists_sample("house-team.yaml"))
    boss.get_by_role("button", name="Save the team lists").click()
    expect(boss.get_by_text("Bogmire Croakers").first).to_be_visible()

    croaker = log_in(browser, live_server, "croaker")
    sign_team_up(croaker, "Marsh League", "Croak Town Hoppers", players=11)
    warden = log_in(browser, live_server, "warden")
    sign_team_up(warden, "Marsh League", "Reedwater Wardens", players=12)

    # Arrange and kick off: the server rolls the gate, the cards and the handicap once.
    croaker.goto("/leagues/")
    croaker.get_by_role("link", name="Marsh League").click()
    croaker.get_by_role("link", name="Matches").click()
    croaker.get_by_label("Home team").select_option(str(Team.objects.get(name="Croak Town Hoppers").pk))
    croaker.get_by_label("Away team").select_option(str(Team.objects.get(name="Reedwater Wardens").pk))
    croaker.get_by_role("button", name="Arrange").click()
    croaker.get_by_role("button", name=re.compile("Roll the gate")).click()
    expect(croaker.get_by_text(re.compile(r"Gate \d"))).to_be_visible()
    match = Match.objects.get()
    assert match.gate is not None
    croaker.reload()
    assert Match.objects.get().gate == match.gate  # a reload rolls nothing again

    # The report: a touchdown and the MVP for Hopper #1 (3 + 5 SPP: Experienced), the Wardens' MVP drawn.
    hopper = Player.objects.get(team__name="Croak Town Hoppers", number=1)
    croaker.locator("[name=home-score]").fill("1")
    croaker.locator("[name=away-score]").fill("0")
    croaker.locator("[name=home-mvp]").select_option(str(hopper.pk))
    croaker.locator(f"[name=home-{hopper.pk}-touchdowns]").fill("1")
    croaker.get_by_role("button", name="Submit the report").click()
    expect(croaker.get_by_text("The report is in")).to_be_visible()

    warden.goto(f"/bloodbowl/matches/{match.pk}/")
    warden.get_by_role("button", name="Confirm the report").click()
    expect(warden.get_by_text("The match is confirmed")).to_be_visible()
    sides = {s.home: s for s in Match.objects.get().sides.all()}
    assert sides[True].winnings is not None
    assert sides[True].fan_factor_change is not None
    hopper.refresh_from_db()
    assert hopper.spp == 8

    # The star player roll, rolled by the server at confirmation, chosen by its coach; the peak roll follows.
    croaker.goto(f"/bloodbowl/matches/{match.pk}/")
    expect(croaker.get_by_role("heading", name="Star player rolls to choose")).to_be_visible()
    croaker.get_by_role("button", name="Take it").click()
    croaker.get_by_role("alertdialog").get_by_role("button", name=re.compile("^Take ")).click()
    expect(croaker.get_by_text("Star player roll chosen")).to_be_visible()
    spr = StarPlayerRoll.objects.get(player=hopper)
    assert spr.choice is not None
    assert spr.peak_dice is not None

    # Purchases: a Team Re-roll at double the list's 60,000.
    hoppers = hopper.team
    treasury = team_balances(hoppers)["treasury"]
    croaker.goto(f"/bloodbowl/teams/{hoppers.pk}/")
    reroll = croaker.locator("li.offer").filter(has_text="Team Re-roll")
    expect(reroll).to_contain_text("120,000")
    reroll.get_by_role("button", name="Buy").click()
    croaker.get_by_role("alertdialog").get_by_role("button", name="Buy for 120,000 gold pieces").click()
    expect(croaker.locator(".messages, .notice").first).to_be_visible()
    assert team_balances(hoppers)["treasury"] == treasury - 120_000

    # Standings, then the roster sheet as PDF.
    croaker.goto("/leagues/")
    croaker.get_by_role("link", name="Marsh League").click()
    croaker.get_by_role("link", name="Standings").click()
    rows = croaker.locator("table tbody tr")
    expect(rows.first).to_contain_text("Croak Town Hoppers")
    croaker.goto(f"/bloodbowl/teams/{hoppers.pk}/")
    pdf = croaker.request.get(croaker.get_by_role("link", name=re.compile("PDF")).get_attribute("href"))
    assert pdf.headers["content-type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "Croak 1" in text
    assert "Reedwater" in text  # the match record
