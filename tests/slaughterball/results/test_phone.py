"""On a phone, in a browser: a coach keeps the score as the game goes (the log and the scores update
in place, kept on the server), submits it at the end, and the other coaches confirm it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from slaughterball.models import Game, ResultDraft
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


def add(page: Page, team: str, kind: str, target: str = "", distance: str = "") -> None:
    """Add a log line, and wait until the panel was swapped with it (the next line goes in the new panel)."""
    lines = page.locator(".results-log li").count()
    live = page.locator("#live-entry")
    live.get_by_label("Team").select_option(label=team)
    live.get_by_label("Kind").select_option(label=kind)
    if target:
        live.get_by_label("Athlete hit").select_option(label=target)
    if distance:
        live.get_by_label("Distance (spaces)").fill(distance)
    live.get_by_role("button", name="Add to the log").click()
    expect(page.locator(".results-log li")).to_have_count(lines + 1)


def test_live_scoring_on_a_phone_then_submit_and_confirm(phone, game, teams, coach, rival, third, fourth):
    score_submit_and_confirm(phone, game, teams, coach, rival, third, fourth)


def score_submit_and_confirm(phone: Page, game, teams, coach, rival, third, fourth) -> None:
    log_in(phone, coach.username)
    phone.goto(f"/games/{game.pk}/")
    url = phone.url
    add(phone, teams[0].name, "Goals opened")
    add(phone, teams[0].name, "Goal", distance="4")
    add(phone, teams[1].name, "Spike", target="Cleaver", distance="2")
    totals = phone.locator(".results-totals")
    expect(totals.locator("li", has_text=teams[0].name)).to_contain_text("6")
    expect(totals.locator("li", has_text=teams[1].name)).to_contain_text("3")
    assert phone.url == url  # updated in place
    assert len(ResultDraft.objects.get(game=game).data["scoring_log"]) == 3
    # The result form's scores followed the log.
    expect(phone.locator(f"#id_score_{teams[0].pk}")).to_have_value("6")
    expect(phone.locator(f"#id_score_{teams[1].pk}")).to_have_value("3")

    phone.reload()  # a reload (or another phone) goes on where it was
    expect(phone.locator(".results-log li")).to_have_count(3)
    phone.get_by_role("button", name="Submit the result").click()
    # Nobody held the auction or chose athletes: the page says so and asks first.
    question = phone.get_by_role("alertdialog", name="Report the result without its pre-game?")
    expect(question).to_contain_text("The maverick auction was not held.")
    expect(question).to_contain_text(f"{teams[3].name} has not chosen its athletes.")
    question.get_by_role("button", name="Report the result without it").click()
    expect(phone.get_by_text("Result submitted")).to_be_visible()
    assert Game.objects.get(pk=game.pk).state == Game.State.SUBMITTED

    for user in (rival, third, fourth):
        phone.context.clear_cookies()
        log_in(phone, user.username)
        phone.goto(f"/games/{game.pk}/")
        phone.get_by_role("button", name="Confirm the result").click()
    expect(phone.get_by_text("it is confirmed and the prizes are paid")).to_be_visible()
    expect(phone.locator(".results-sides")).to_contain_text("400,000")
