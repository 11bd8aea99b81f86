"""Forms that keep what was typed, and irreversible actions that ask first, in Chromium on a phone: one short
journey per form, on a match or combat made in the database (the whole journeys are in the other modules here)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from bloodbowl.models import Match, Player
from bloodbowl.services.matches import match_create, prematch_roll
from leagues.models import League
from pitfighter.demo import DEMO_HOUSE_VALUES
from pitfighter.services import combat_create, stable_create
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.e2e.people import log_in
from tests.factories import UserFactory
from tests.pitfighter.conftest import fighters

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match(commissioner) -> Match:
    """A league match of two teams whose pre-match is rolled: the report is open."""
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="croaker"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="warden"), "Bog Kings")
    made = match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    return prematch_roll(match_id=made.pk, user=home.coach)


def test_a_refused_blood_bowl_report_comes_back_as_typed_at_its_first_error(browser: Browser, live_server, match):
    scorer, passer = Player.objects.filter(team__name="Croakers").order_by("number")[:2]
    hurt = Player.objects.get(team__name="Bog Kings", number=3)
    page = log_in(browser, live_server, "croaker")
    page.goto(f"/bloodbowl/matches/{match.pk}/")
    page.locator('[name="home-score"]').fill("2")  # one touchdown typed below: refused
    page.get_by_label(f"touchdowns {scorer.name}", exact=True).fill("1")
    page.get_by_label(f"completions {passer.name}", exact=True).fill("3")
    page.locator('[name="home-mvp"]').select_option(str(passer.pk))
    page.locator('[name="away-score"]').fill("0")
    page.get_by_text("Injuries to Bog Kings players").click()
    page.locator('[name="away-injury-1-player"]').select_option(str(hurt.pk))
    page.locator('[name="away-injury-1-lost"]').select_option("ag")
    page.get_by_role("button", name="Submit the report").click()

    score = page.locator('[name="home-score"]')
    expect(page.get_by_text("make 1, but the score is 2")).to_be_visible()
    expect(score).to_be_focused()
    expect(score).to_have_value("2")
    expect(page.get_by_label(f"completions {passer.name}", exact=True)).to_have_value("3")
    expect(page.locator('[name="home-mvp"]')).to_have_value(str(passer.pk))
    expect(page.locator('[name="away-injury-1-player"]')).to_have_value(str(hurt.pk))
    expect(page.locator('[name="away-injury-1-lost"]')).to_have_value("ag")

    score.fill("1")
    page.get_by_role("button", name="Submit the report").click()
    expect(page.get_by_text("The report is in")).to_be_visible()
    report = Match.objects.get(pk=match.pk).report
    assert report["home"]["mvp"] == passer.pk
    assert report["away"]["injuries"][0]["characteristics_lost"] == ["ag"]


def test_retiring_a_blood_bowl_player_asks_first(browser: Browser, live_server, match):
    player = Player.objects.get(team__name="Croakers", number=7)
    page = log_in(browser, live_server, "croaker")
    page.goto(f"/bloodbowl/teams/{player.team_id}/")
    page.get_by_role("row", name=re.compile(player.name)).get_by_role("button", name="Retire").click()

    expect(page.get_by_role("alertdialog")).to_contain_text("leaves Croakers's roster for good")
    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE
    page.get_by_role("button", name=f"Retire #7 {player.name}").click()
    expect(page.get_by_text(f"#7 {player.name} is retired.")).to_be_visible()
    player.refresh_from_db()
    assert player.status == Player.Status.RETIRED


def test_a_refused_pit_fighter_report_comes_back_as_typed(browser: Browser, live_server, commissioner):
    campaign = League.objects.create(name="Blood Sand", game_system="pitfighter", options={}, house_values=DEMO_HOUSE_VALUES)
    ann = stable_create(league=campaign, coach=UserFactory(username="ann"), name="Ann's School", fighters=fighters("Ann"))
    bob = stable_create(league=campaign, coach=UserFactory(username="bob"), name="Bob's Pit", fighters=fighters("Bob"))
    a, b = ann.pit_fighters.get(type="orc"), bob.pit_fighters.get(type="orc")
    combat = combat_create(
        league_id=campaign.pk, user=ann.coach, style="classic", fighters=[{"fighter": a.pk}, {"fighter": b.pk}]
    )
    page = log_in(browser, live_server, "ann")
    page.goto(f"/pitfighter/combats/{combat.pk}/")
    page.locator(f'[name="down-{a.pk}"]').select_option(str(b.pk))  # both taken down: nobody stands, refused
    page.locator(f'[name="down-{b.pk}"]').select_option(str(a.pk))
    page.locator(f'[name="crit-{b.pk}-0"]').select_option("leg:leg-chopped-off")
    page.locator(f'[name="scar-{b.pk}-0"]').fill("4")
    page.get_by_role("button", name="Submit the result").click()

    expect(page.get_by_role("alert")).to_be_focused()
    expect(page.locator(f'[name="down-{a.pk}"]')).to_have_value(str(b.pk))
    expect(page.locator(f'[name="crit-{b.pk}-0"]')).to_have_value("leg:leg-chopped-off")
    expect(page.locator(f'[name="scar-{b.pk}-0"]')).to_have_value("4")
    page.locator(f'[name="down-{a.pk}"]').select_option("")
    page.locator(f'[name="scar-{b.pk}-0"]').fill("")  # a leg chopped off takes no scar roll
    page.locator('[name="winner"]').select_option(str(a.pk))
    page.get_by_role("button", name="Submit the result").click()
    expect(page.get_by_text("The result is in")).to_be_visible()
