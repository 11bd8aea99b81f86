"""Forms that keep what was typed, and irreversible actions that ask first, in Chromium on a phone (the Blood Bowl
report and retire on a desktop too): one short journey per form, on a league, match or combat made in the database
(the whole journeys are in the other modules here). Each refused form comes back with every value typed, opened at
its first error."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from blitzbowl.services import coach_signup
from blitzbowl.services import match_create as blitz_match_create
from bloodbowl.models import Match, Player
from bloodbowl.services.matches import match_create, prematch_roll
from leagues.models import League
from leagues.services import SUGGESTED, league_create
from pitfighter.demo import DEMO_HOUSE_VALUES
from pitfighter.services import combat_create, stable_create
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.e2e.people import DESKTOP, PHONE, log_in
from tests.factories import UserFactory
from tests.pitfighter.conftest import fighters
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match(commissioner) -> Match:
    """A league match of two teams whose pre-match is rolled: the report is open."""
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="croaker"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="warden"), "Bog Kings")
    made = match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    return prematch_roll(match_id=made.pk, user=home.coach)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_refused_blood_bowl_report_comes_back_as_typed_at_its_first_error(browser: Browser, live_server, match, viewport):
    scorer, passer = Player.objects.filter(team__name="Croakers").order_by("number")[:2]
    hurt = Player.objects.get(team__name="Bog Kings", number=3)
    page = log_in(browser, live_server, "croaker", viewport)
    page.goto(f"/bloodbowl/matches/{match.pk}/")
    page.locator('[name="home-score"]').fill("2")  # one touchdown typed below: refused
    page.get_by_label(f"Touchdowns {scorer.name}", exact=True).fill("1")
    page.get_by_label(f"Completions {passer.name}", exact=True).fill("3")
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
    expect(page.get_by_label(f"Completions {passer.name}", exact=True)).to_have_value("3")
    expect(page.locator('[name="home-mvp"]')).to_have_value(str(passer.pk))
    expect(page.locator('[name="away-injury-1-player"]')).to_have_value(str(hurt.pk))
    expect(page.locator('[name="away-injury-1-lost"]')).to_have_value("ag")

    score.fill("1")
    page.get_by_role("button", name="Submit the report").click()
    expect(page.get_by_text("The report is in")).to_be_visible()
    report = Match.objects.get(pk=match.pk).report
    assert report["home"]["mvp"] == passer.pk
    assert report["away"]["injuries"][0]["characteristics_lost"] == ["ag"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_retiring_a_blood_bowl_player_asks_first(browser: Browser, live_server, match, viewport):
    player = Player.objects.get(team__name="Croakers", number=7)
    page = log_in(browser, live_server, "croaker", viewport)
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

    # Each error beside its field (no scar roll for a chopped-off leg; the winner is one left standing), the page
    # opened at the first.
    expect(page.locator(f"#scar-{b.pk}-0-errors")).to_contain_text("takes a scar roll")
    expect(page.locator("#winner-errors")).to_contain_text("still standing")
    expect(page.locator(f'[name="scar-{b.pk}-0"]')).to_be_focused()
    expect(page.locator(f'[name="down-{a.pk}"]')).to_have_value(str(b.pk))
    expect(page.locator(f'[name="crit-{b.pk}-0"]')).to_have_value("leg:leg-chopped-off")
    expect(page.locator(f'[name="scar-{b.pk}-0"]')).to_have_value("4")
    page.locator(f'[name="down-{a.pk}"]').select_option("")
    page.locator(f'[name="scar-{b.pk}-0"]').fill("")  # a leg chopped off takes no scar roll
    page.locator('[name="winner"]').select_option(str(a.pk))
    page.get_by_role("button", name="Submit the result").click()
    expect(page.get_by_text("The result is in")).to_be_visible()


def test_a_refused_blitz_bowl_report_comes_back_as_typed_at_its_error(browser: Browser, live_server, commissioner):
    league = League.objects.create(name="Crush League", game_system="blitzbowl", options={"matches": 2})
    ann = coach_signup(league=league, coach=UserFactory(username="ann"), name="Ann's Ambushers")
    bob = coach_signup(league=league, coach=UserFactory(username="bob"), name="Bob's Bashers")
    coach_signup(league=league, coach=UserFactory(username="cid"), name="Cid's Crushers")  # a league has three at least
    match = blitz_match_create(league_id=league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    typed = {"home-score": "2", "home-challenge_cards": "3", "home-injuries": "1"}
    typed |= {"away-score": "1", "away-challenge_cards": "100", "away-injuries": "2"}  # 100 cards: refused
    page = log_in(browser, live_server, "ann")
    page.goto(f"/blitzbowl/matches/{match.pk}/")
    for name, value in typed.items():
        page.locator(f'[name="{name}"]').fill(value)
    page.get_by_role("button", name="Submit the result").click()

    cards = page.locator('[name="away-challenge_cards"]')
    expect(page.locator("#away-challenge_cards-errors")).to_contain_text("less than or equal to 99")
    expect(cards).to_be_focused()
    for name, value in typed.items():
        expect(page.locator(f'[name="{name}"]')).to_have_value(value)
    cards.fill("1")
    page.get_by_role("button", name="Submit the result").click()
    expect(page.get_by_text("The result is in")).to_be_visible()


def test_a_refused_slaughterball_sign_up_comes_back_as_typed_at_its_error(browser: Browser, live_server, commissioner):
    league = league_create(
        user=commissioner, name="Pit League", game_system="slaughterball", options={}, house_values_from=SUGGESTED
    )
    UserFactory(username="ann")
    typed = {"name": "Ann's Ogres"}
    for row, athlete_type in enumerate(["razor", "razor", "cleaver", "cleaver", "slasher", "slasher", "butcher", "butcher"]):
        typed |= {f"athletes-{row}-type": athlete_type, f"athletes-{row}-name": f"Ogre {row}", f"athletes-{row}-number": str(row)}
    typed["athletes-4-name"] = ""  # a row half filled in: refused
    page = log_in(browser, live_server, "ann")
    page.goto(f"/leagues/{league.pk}/teams/new/")
    page.locator('[name="portfolio"]').select_option("carnage")
    # The chosen portfolio's athletes: each type's traits, skills and value.
    carnage = page.locator('details.portfolio-start[data-portfolio="carnage"]')
    expect(carnage).to_have_attribute("open", "")
    expect(carnage.get_by_role("row", name=re.compile("^Slasher"))).to_contain_text("Automatic Carve, Awesome Brute 1")
    expect(carnage.get_by_role("row", name=re.compile("^Razor"))).to_contain_text("2,700,000")
    for name, value in typed.items():
        field = page.locator(f'[name="{name}"]')
        if name.endswith("-type"):
            field.select_option(value)
        else:
            field.fill(value)
    page.get_by_role("button", name="Sign the team up").click()

    expect(page.locator('[name="athletes-4-name"]')).to_be_focused()
    expect(page.locator('[name="portfolio"]')).to_have_value("carnage")
    expect(carnage).to_have_attribute("open", "")
    for name, value in typed.items():
        expect(page.locator(f'[name="{name}"]')).to_have_value(value)
    page.locator('[name="athletes-4-name"]').fill("Ogre 4")
    page.get_by_role("button", name="Sign the team up").click()
    expect(page.get_by_text("Ann's Ogres is signed up")).to_be_visible()


def test_a_refused_blood_bowl_sign_up_comes_back_as_typed_at_its_error(browser: Browser, live_server, commissioner):
    league = bloodbowl_league(commissioner)
    UserFactory(username="croaker")
    typed = {"name": "Croakers", "fan_factor": "3", "cheerleaders": "1"}
    for row in range(3):
        typed |= {f"players-{row}-name": f"Croaker {row}", f"players-{row}-number": str(row + 1)}
    typed["players-1-number"] = ""  # a row half filled in: refused
    page = log_in(browser, live_server, "croaker")
    page.goto(f"/bloodbowl/leagues/{league.pk}/teams/new/")
    page.locator('[name="race"]').select_option("bogmire-croakers")
    for row in range(3):
        page.locator(f'[name="players-{row}-position"]').select_option("bog-lineman")
    for name, value in typed.items():
        page.locator(f'[name="{name}"]').fill(value)
    page.get_by_role("button", name="Sign the team up").click()

    expect(page.locator('[name="players-1-number"]')).to_be_focused()
    expect(page.locator('[name="race"]')).to_have_value("bogmire-croakers")
    for row in range(3):
        expect(page.locator(f'[name="players-{row}-position"]')).to_have_value("bog-lineman")
    for name, value in typed.items():
        expect(page.locator(f'[name="{name}"]')).to_have_value(value)


def test_a_refused_pit_fighter_stable_comes_back_as_typed_at_its_error(browser: Browser, live_server, commissioner):
    campaign = League.objects.create(name="Blood Sand", game_system="pitfighter", options={}, house_values=DEMO_HOUSE_VALUES)
    UserFactory(username="ann")
    typed = {"name": "Ann's School"}
    for index, fighter in enumerate(fighters("Ann")):
        typed |= {f"f{index}-name": fighter["name"], **{f"f{index}-{c}": str(v) for c, v in fighter["bonus"].items()}}
    typed["f1-name"] = ""  # refused
    page = log_in(browser, live_server, "ann")
    page.goto(f"/pitfighter/leagues/{campaign.pk}/signup/")
    for index, fighter in enumerate(fighters("Ann")):
        page.locator(f'[name="f{index}-type"]').select_option(fighter["type"])
    for name, value in typed.items():
        page.locator(f'[name="{name}"]').fill(value)
    page.get_by_role("button", name="Create the stable").click()

    expect(page.locator('[name="f1-name"]')).to_be_focused()
    for index, fighter in enumerate(fighters("Ann")):
        expect(page.locator(f'[name="f{index}-type"]')).to_have_value(fighter["type"])
    for name, value in typed.items():
        expect(page.locator(f'[name="{name}"]')).to_have_value(value)


def test_a_refused_slaughterball_result_comes_back_as_typed_at_its_error(browser: Browser, live_server, commissioner):
    league = league_create(
        user=commissioner, name="Pit League", game_system="slaughterball", options={}, house_values_from=SUGGESTED
    )
    teams = [make_team_for(league, UserFactory(username=f"coach{i}"), f"Team {i}") for i in range(4)]
    game = make_game(make_season(league, teams), teams)
    typed = {}
    for place, team in enumerate(teams, start=1):
        typed |= {f"order_{team.pk}": str(place), f"score_{team.pk}": str(10 * place), f"unused_{team.pk}": "1"}
    typed[f"score_{teams[2].pk}"] = ""  # no score and no no-show: refused
    page = log_in(browser, live_server, "coach0")
    page.goto(f"/games/{game.pk}/")
    for name, value in typed.items():
        page.locator(f'[name="{name}"]').fill(value)
    page.locator(f'[name="noshow_{teams[3].pk}"]').check()
    page.get_by_role("button", name="Submit the result").click()

    score = page.locator(f'[name="score_{teams[2].pk}"]')
    expect(score).to_be_focused()
    expect(page.get_by_text("Enter the final score (0 if none)")).to_be_visible()
    for name, value in typed.items():
        expect(page.locator(f'[name="{name}"]')).to_have_value(value)
    expect(page.locator(f'[name="noshow_{teams[3].pk}"]')).to_be_checked()
