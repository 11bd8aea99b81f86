"""A whole short Blitz Bowl league in Chromium, the commissioner on a desktop and the coaches on phones: the
league created and its match count set to 2 (a house choice); three coaches sign up; the commissioner
arranges each round of legal pairings; each match reported by one coach and confirmed by the other (a Coach
Trait each); an illegal pairing refused by name; the final drawn and played; the champion and the League
Awards shown; a coach roster printed as PDF."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from blitzbowl.models import Match
from tests.e2e.people import DESKTOP, PHONE, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

COACHES = {"ann": "Ann's Ambushers", "bob": "Bob's Bashers", "cid": "Cid's Crushers"}


def play_latest(pages: dict[str, Page], score: tuple[int, int]) -> None:
    """The home coach of the newest match reports it on his phone; the away coach confirms it on his."""
    match = Match.objects.latest("id")
    home, away = (s.team.coach.username for s in match.sides.order_by("-home").select_related("team__coach"))
    page = pages[home]
    page.goto(f"/blitzbowl/matches/{match.pk}/")
    for name, value in (("home", score[0]), ("away", score[1])):
        page.locator(f"input[name={name}-score]").fill(str(value))
        page.locator(f"input[name={name}-challenge_cards]").fill("2" if name == "home" else "1")
        page.locator(f"input[name={name}-injuries]").fill("1")
    page.get_by_role("button", name="Submit the result").click()
    expect(page.locator("#match-state")).to_have_text("Awaiting confirmation")
    other = pages[away]
    other.goto(f"/blitzbowl/matches/{match.pk}/")
    other.get_by_role("button", name="Confirm the result").click()
    expect(other.locator("#match-state")).to_have_text("Confirmed")


def test_a_short_league_with_finals_and_awards(browser: Browser, live_server):
    for username in ("boss", *COACHES):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss", DESKTOP)
    boss.goto("/leagues/new/")
    boss.get_by_label("Name").fill("Crush League")
    boss.get_by_label("Game system").select_option("blitzbowl")
    boss.get_by_role("button", name="Create the league").click()
    league_url = boss.url
    boss.get_by_role("link", name="Settings").click()
    boss.get_by_label("League matches per coach").fill("2")
    boss.get_by_role("button", name="Save settings").click()
    expect(boss.get_by_text("Settings saved")).to_be_visible()

    coaches = {username: log_in(browser, live_server, username, PHONE) for username in COACHES}
    for username, team_name in COACHES.items():
        page = coaches[username]
        page.goto(league_url)
        page.get_by_role("link", name="Sign up as a coach").click()
        page.get_by_label("Team name").fill(team_name)
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("heading", name=team_name)).to_be_visible()

    boss.goto(league_url)
    expect(boss.locator("#standings")).to_contain_text("Cid's Crushers")
    expect(boss.get_by_text("house choice")).to_be_visible()
    boss.get_by_role("button", name="Arrange the next round of legal pairings").click()
    expect(boss.get_by_text("The next round is arranged: 1 match")).to_be_visible()
    first = Match.objects.get()
    pair = [s.team.name for s in first.sides.order_by("-home")]
    # The same two coaches again: refused, naming the coach not yet played.
    boss.locator("select[name=home_team]").select_option(label=pair[1])
    boss.locator("select[name=away_team]").select_option(label=pair[0])
    boss.get_by_role("button", name="Arrange a match").click()
    expect(boss.get_by_role("alert")).to_contain_text("must first play")
    play_latest(coaches, (7, 3))

    for score in ((4, 4), (6, 2)):  # a draw stands in league play
        boss.goto(league_url)
        boss.get_by_role("button", name="Arrange the next round of legal pairings").click()
        play_latest(coaches, score)

    boss.goto(league_url)
    expect(boss.get_by_text("League play is over")).to_be_visible()
    expect(boss.locator("#legal-opponents")).to_contain_text("0 matches left")
    boss.get_by_role("button", name="Draw the final").click()
    boss.get_by_role("alertdialog").get_by_role("button", name="Draw the final").click()
    expect(boss.get_by_text("The final is drawn.")).to_be_visible()
    final = Match.objects.latest("id")
    boss.goto(f"/blitzbowl/matches/{final.pk}/")
    boss.locator("input[name=home-score]").fill("5")
    boss.locator("input[name=away-score]").fill("5")
    boss.get_by_role("button", name="Submit the result").click()
    expect(boss.locator("#away-score-errors")).to_contain_text("cannot end drawn")  # beside the score, focused
    expect(boss.locator("input[name=away-score]")).to_be_focused()
    play_latest(coaches, (9, 5))

    champion = final.sides.get(home=True).team.name
    for page in (boss, coaches["cid"]):  # the end of the league, on a desktop and on a phone
        page.goto(league_url)
        expect(page.locator("#champion")).to_contain_text(champion)
        expect(page.locator("#awards")).to_contain_text("Master of the Crush")
        expect(page.locator("#awards")).to_contain_text("Lead Laurels")
        expect(page.locator("#awards")).to_contain_text("(shared)")  # every coach claimed 2 or 1 cards, injured 1 a match
    phone = coaches["ann"]
    phone.goto(league_url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # wide tables scroll in their box
    phone.get_by_role("link", name=COACHES["ann"]).first.click()
    expect(phone.locator("#roster-matches")).to_contain_text("Win")
    pdf = phone.request.get(phone.get_by_role("link", name="Download PDF").get_attribute("href") or "")
    assert pdf.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages).lower()
    assert "coach roster" in text
    assert "coach traits" in text
    assert "opposing players injured" in text
    assert "bob (bob's bashers)" in text
