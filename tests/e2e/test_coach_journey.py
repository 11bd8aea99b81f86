"""A new coach, on a phone: signs up, signs a team up, buys a skill, downloads the roster PDF."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from rosters.models import Team
from slaughterball.selectors_teams import team_get, team_summary
from tests.factories import LeagueFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROSTER = [  # (type, name, number): two of each type
    ("razor", "Sigrun", 1),
    ("razor", "Hildr", 2),
    ("cleaver", "Skuld", 3),
    ("cleaver", "Gondul", 4),
    ("slasher", "Hrist", 5),
    ("slasher", "Mist", 6),
    ("butcher", "Brunhild", 7),
    ("butcher", "Thrud", 8),
]


def sign_up(page: Page, username: str, password: str) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(f"{username}@example.com")
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_text(f"Welcome to Pitside, {username}.")).to_be_visible()


def sign_team_up(page: Page, league_name: str, team_name: str, portfolio: str = "valkyries") -> None:
    """The team of ROSTER, two athletes of each type, with `portfolio`."""
    page.goto("/leagues/")
    page.get_by_role("link", name=league_name).click()
    page.get_by_role("link", name="Sign up a team").click()
    page.get_by_label("Team name").fill(team_name)
    page.get_by_label("Team Genetic Portfolio").select_option(portfolio)
    limits = page.locator("#type-limits")
    for index, (athlete_type, name, number) in enumerate(ROSTER):
        page.locator(f"#id_athletes-{index}-type").select_option(athlete_type)
        page.locator(f"#id_athletes-{index}-name").fill(name)
        page.locator(f"#id_athletes-{index}-number").fill(str(number))
        if index == 0:  # the limits update as the coach picks
            expect(limits.locator("li[data-type=razor] .count")).to_have_text("1")
    expect(limits.locator("li[data-total] .count")).to_have_text("8")
    page.get_by_role("button", name="Sign the team up").click()
    expect(page.get_by_role("heading", name=team_name)).to_be_visible()


def test_a_new_coach_signs_up_a_team_buys_a_skill_and_prints_the_roster(phone: Page):
    league = LeagueFactory(name="Midgard League")
    sign_up(phone, "valkyrie_coach", "a-long-enough-passphrase")
    sign_team_up(phone, league.name, "Brutal Berthas")

    # The butcher Brunhild (#7) learns Awesome Brute 1 from the Skill Budget, without a page reload.
    phone.get_by_role("row", name=re.compile("Brunhild")).get_by_role("link", name="Spend").click()
    phone.get_by_role("row", name=re.compile("Awesome Brute 1")).get_by_role("button", name="Buy").click()
    # It asks first, in place: the cost and the budget that pays it; only its button buys.
    expect(phone.get_by_role("alertdialog")).to_contain_text("Paid 50,000 credits from the Skill Budget")
    phone.get_by_role("button", name="Buy Awesome Brute 1 for 50,000 credits").click()
    expect(phone.locator("#spend-panel").get_by_role("status")).to_contain_text("Awesome Brute 1")

    team = Team.objects.get(name="Brutal Berthas")
    summary = team_summary(team_get(team.pk))
    brunhild = next(row for row in summary.athletes if row.athlete.name == "Brunhild")
    assert "awesome-brute-1" in brunhild.facts.skills
    assert brunhild.facts.extra_value == 50_000
    assert summary.balances["skill_budget"] == 250_000

    phone.goto(f"/teams/{team.pk}/")
    # Chromium shows an inline PDF in its viewer; fetch the link's target with the page's session.
    pdf_url = phone.get_by_role("link", name="Roster sheet (PDF)").get_attribute("href")
    response = phone.request.get(pdf_url)
    assert response.headers["content-type"] == "application/pdf"
    pdf = PdfReader(io.BytesIO(response.body()))
    text = " ".join(p.extract_text() for p in pdf.pages)
    assert "Brutal Berthas" in text
    assert "Brunhild" in text
    assert "Awesome Brute 1" in text
    assert f"{summary.team_potential:,}" in text
    assert f"{brunhild.facts.value:,}" in text
