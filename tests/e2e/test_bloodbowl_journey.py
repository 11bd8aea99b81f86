"""A two-team Blood Bowl league in Chromium, on phones: the commissioner creates it accepting every default of the
New league form (Pitside's suggested house values, the sample house team lists); two coaches sign their teams up,
play one match through the pre-match, the report and its confirmation (the first hour: its fields typed are
printed), and the post-match sequence (winnings, Star Player Points, a star player roll and its peak roll, Fan
Factor); a coach buys a Team Re-roll at double cost; the standings and the roster sheet PDF show it all."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from bloodbowl.models import Match, Player, StarPlayerRoll, TeamLists
from bloodbowl.services import matches as match_services
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.bloodbowl.teamlists import parse_team_lists, team_lists_sample, team_lists_to_data
from leagues.models import League
from rosters.models import Team
from rosters.selectors import team_balances
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.e2e.conftest import FieldsTyped
from tests.e2e.people import PHONE, create_league, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


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


def test_a_two_team_league_plays_one_match_and_its_post_match(browser: Browser, live_server, fields_typed: FieldsTyped):
    for username in ("boss", "croaker", "warden"):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss")
    assert not League.objects.exists()
    create_league(boss, "Marsh League", "bloodbowl")
    league = League.objects.get()
    assert league.house_values == BLOOD_BOWL.suggested_house_values()
    sample = parse_team_lists(team_lists_sample("house-team.yaml"), "yaml")
    assert TeamLists.objects.get(league=league).data == team_lists_to_data(sample)

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
    fields_typed.report("Blood Bowl")
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


def test_the_coach_who_confirms_on_a_phone_reads_the_result_with_confirm_and_dispute_on_the_first_screen(
    browser: Browser, live_server
):
    """Issue 28: the reported result summed up at the top of a 390x844 screen, Confirm and Dispute beside it; the
    190-field form to correct it stays closed below."""
    league = bloodbowl_league(UserFactory(username="boss", password=PASSWORD))
    home = bloodbowl_team(league, UserFactory(username="croaker", password=PASSWORD), "Croak Town Hoppers", players=16)
    away = bloodbowl_team(league, UserFactory(username="warden", password=PASSWORD), "Reedwater Wardens", players=16)
    match = match_services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    match_services.prematch_roll(match_id=match.pk, user=home.coach)
    hoppers = {p.number: p.pk for p in home.bb_players.all()}
    wardens = {p.number: p.pk for p in away.bb_players.all()}
    report = {
        "home": {
            "score": 2,
            "casualties": 2,
            "mvp": hoppers[1],
            "players": [
                {"player": hoppers[1], "touchdowns": 1},
                {"player": hoppers[7], "touchdowns": 1, "completions": 1},
                {"player": hoppers[4], "casualties": 2},
            ],
        },
        "away": {
            "score": 1,
            "casualties": 0,
            "mvp": wardens[3],
            "players": [{"player": wardens[9], "touchdowns": 1}, {"player": wardens[2], "interceptions": 1}],
            "injuries": [{"player": wardens[5], "niggling": 1}, {"player": wardens[6], "dead": True}],
        },
    }
    match_services.report_submit(match_id=match.pk, user=home.coach, report=report)

    warden = log_in(browser, live_server, "warden", PHONE)
    warden.goto(f"/bloodbowl/matches/{match.pk}/")

    summary = warden.locator("#report-summary")
    expect(summary.locator(".bb-summary-score")).to_have_text("Croak Town Hoppers 2 \u2013 1 Reedwater Wardens")
    expect(summary).to_contain_text("Casualties 2 \u2013 0")
    expect(summary).to_contain_text("Croak Town Hoppers 1: 1 TD, MVP, 8 SPP")
    expect(summary).to_contain_text("Reedwater Wardens 6 (dead)")
    confirm = warden.get_by_role("button", name="Confirm the report")
    dispute = summary.get_by_text("Dispute the report")
    assert warden.evaluate("window.scrollY") == 0
    for control in (confirm, dispute):
        expect(control).to_be_in_viewport(ratio=1)
        box = control.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= PHONE["height"], f"{control} ends at {box['y'] + box['height']} px"
    expect(warden.locator("#correct-report [name=home-score]")).to_be_hidden()  # correcting is a step of its own
    print(f"match page: {warden.evaluate('document.documentElement.scrollHeight')} px high on a 390x844 phone")

    dispute.click()
    warden.get_by_label("Why").fill("Hopper #7 never threw that pass.")
    warden.get_by_role("button", name="Dispute: a commissioner decides").click()
    expect(warden.get_by_text("The report is disputed")).to_be_visible()
    assert Match.objects.get(pk=match.pk).state == Match.State.DISPUTED
