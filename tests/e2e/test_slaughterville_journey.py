"""A Slaughterville group in Chromium, on phones: the commissioner creates it accepting every default of the New league
form and types its catalogue (the rulebook names no character, villain or location: no set ships); two members join
and log three sessions (one refused first for its locations' order, its input kept), confirm each other's (the
first confirmed is the first hour: its fields typed are printed), and read the statistics on the group page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from leagues.models import League
from slaughterville.demo import DEMO_CATALOGUE
from tests.e2e.conftest import FieldsTyped
from tests.e2e.people import create_league, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TOWN = ["Old Mill", "Chapel", "Roadside Diner", "Motel", "High School", "Cornfield"]


def join(page: Page, name: str) -> None:
    page.goto("/leagues/")
    page.get_by_role("link", name="Friday Horror Club").click()
    page.get_by_role("link", name="Join the group").click()
    page.get_by_label("The name you play by in this group").fill(name)
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()


def log_session(page: Page, players: list[tuple[str, str]], villain: str, locations: list[str], outcome: str, turns: str) -> None:
    """Fill the log form (a character "Dealt at random" is the server's) and send it."""
    for seat, (member, character) in enumerate(players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).select_option(label=member)
        page.get_by_label(f"Character {seat}", exact=True).select_option(label=character)
    page.get_by_label("Villain").select_option(label=villain)
    for place, location in enumerate(locations, start=1):
        page.get_by_label(f"Location {place}", exact=True).select_option(label=location)
    page.get_by_label("First player").select_option(label=players[0][0])
    page.get_by_label("Outcome").select_option(label=outcome)
    page.get_by_label("Turns played").fill(turns)
    page.get_by_label("Clues found").fill("3")
    page.get_by_label("Characters defeated").fill("0")
    page.get_by_role("button", name="Log the session").click()


def test_a_group_logs_three_sessions_and_reads_its_statistics(browser: Browser, live_server, fields_typed: FieldsTyped):
    for username in ("host", "ash", "laurie"):
        UserFactory(username=username, password=PASSWORD)
    host = log_in(browser, live_server, "host")
    assert not League.objects.exists()
    create_league(host, "Friday Horror Club", "slaughterville")
    host.get_by_role("link", name="Settings").click()
    host.get_by_role("link", name="Type, import or edit the catalogue").click()
    host.get_by_label("Or type, paste or edit the catalogue").fill(DEMO_CATALOGUE)
    host.get_by_role("button", name="Save the catalogue").click()
    expect(host.get_by_text("Catalogue saved: 6 characters, 2 villains, 7 locations.")).to_be_visible()

    ash, laurie = log_in(browser, live_server, "ash"), log_in(browser, live_server, "laurie")
    join(ash, "Ash")
    join(laurie, "Laurie")

    # 1. Ash and Laurie (dealt at random) beat the Pale Choir in 12 turns; Laurie confirms.
    ash.get_by_role("link", name="Friday Horror Club").click()
    ash.get_by_role("link", name="Log a session").click()
    log_session(ash, [("Ash", "The Skeptic"), ("Laurie", "Dealt at random")], "The Pale Choir", TOWN, "The players won", "12")
    expect(ash.get_by_text("(dealt at random)")).to_be_visible()
    first = ash.url
    laurie.goto(first)
    laurie.get_by_role("button", name="Confirm the log").click()
    expect(laurie.get_by_text("You confirmed the session.")).to_be_visible()
    fields_typed.report("Slaughterville")

    # 2. Laurie alone loses to the Hooked Stranger in 7 turns: its mandatory location must come first.
    laurie.get_by_role("link", name="Friday Horror Club").click()
    laurie.get_by_role("link", name="Log a session").click()
    log_session(
        laurie, [("Laurie", "Prom Queen")], "The Hooked Stranger (first location: Lakeside Camp)", TOWN, "The villain won", "7"
    )
    expect(laurie.get_by_text("Villain Starting Area lists Lakeside Camp: it is the first location.")).to_be_visible()
    expect(laurie.get_by_label("Location 1", exact=True)).to_be_focused()  # opened at the error
    expect(laurie.get_by_label("Turns played")).to_have_value("7")  # the input is kept
    expect(laurie.get_by_label("Character 1", exact=True)).to_have_value("prom-queen")
    expect(laurie.get_by_label("Outcome")).to_have_value("villain")
    laurie.get_by_label("Location 1", exact=True).select_option(label="Lakeside Camp")
    laurie.get_by_role("button", name="Log the session").click()
    expect(laurie.get_by_text("Confirmed", exact=True)).to_be_visible()  # one player: nobody else confirms

    # 3. Ash and Laurie lose to the Pale Choir in 9 turns; Laurie confirms.
    ash.get_by_role("link", name="Friday Horror Club").click()
    ash.get_by_role("link", name="Log a session").click()
    log_session(ash, [("Ash", "The Drifter"), ("Laurie", "Local Priest")], "The Pale Choir", TOWN, "The villain won", "9")
    laurie.goto(ash.url)
    laurie.get_by_role("button", name="Confirm the log").click()

    host.get_by_role("link", name="Friday Horror Club").click()
    expect(host.get_by_text("From 3 confirmed sessions: the players won 1.")).to_be_visible()
    villains = host.locator("h3:has-text('Per villain') + .table-scroll tbody tr")
    expect(villains.nth(0).locator("td")).to_have_text(["The Pale Choir", "2", "1", "1", "50 %", ""])
    expect(villains.nth(1).locator("td")).to_have_text(["The Hooked Stranger", "1", "0", "1", "0 %", ""])
    members = host.locator("h3:has-text('Members') + .table-scroll tbody tr")
    expect(members.nth(0).locator("td")).to_have_text(["Ash", "2", "1", "1", "50 %", ""])
    expect(members.nth(1).locator("td")).to_have_text(["Laurie", "3", "1", "2", "33 %", ""])
    expect(host.get_by_text("Longest, 12 turns")).to_be_visible()
    expect(host.get_by_text("Shortest, 7 turns")).to_be_visible()
