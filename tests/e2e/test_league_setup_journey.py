"""A new commissioner starts a real league in minutes, on a phone: his house values start from Pitside's suggested
set (and, in Blood Bowl, the team lists from a copy of his demo league's), and a coach signs a team up right away.
Each journey, clicks and page loads together, takes well under a minute."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from bloodbowl.models import TeamLists
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.bloodbowl.teamlists import team_lists_sample
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from leagues.services import league_create
from rosters.models import Team
from tests.bloodbowl.factories import BloodBowlLeagueFactory
from tests.e2e.people import log_in
from tests.e2e.test_bloodbowl_journey import sign_team_up as sign_bloodbowl_team_up
from tests.e2e.test_coach_journey import ROSTER
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

A_MINUTE = 60.0


def create_league(page: Page, name: str, game_system: str, **starts: str) -> None:
    """The one short form: a name, the game system, and where its house values (and other data) start."""
    page.goto("/leagues/new/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game system").select_option(game_system)
    for label, text in starts.items():  # the choice whose name holds `text`
        select = page.get_by_label(label)
        select.select_option(select.locator("option", has_text=text).first.get_attribute("value"))
    page.get_by_role("button", name="Create the league").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()


def test_a_slaughterball_league_from_the_suggested_set_takes_a_carnage_team_with_butchers(browser: Browser, live_server):
    UserFactory(username="boss", password=PASSWORD)
    UserFactory(username="carver", password=PASSWORD)
    started = time.monotonic()

    boss = log_in(browser, live_server, "boss")
    create_league(boss, "Carnage Cup", "slaughterball", **{"House values start": "suggested"})
    boss.get_by_role("link", name=re.compile("Settings")).first.click()
    expect(boss.get_by_text(re.compile("Still unset"))).to_have_count(0)
    # Every group is set, so closed; a refused save opens the page at the value in error, focused.
    boss.locator("details.house-group summary", has=boss.locator("code", has_text=re.compile("^skills$"))).click()
    cost = boss.get_by_label("Leadership cost")
    cost.fill("123")
    boss.get_by_role("button", name="Save house values").click()
    expect(boss.get_by_label("Leadership cost")).to_be_focused()
    expect(boss.get_by_text(re.compile("steps of 50,000"))).to_be_visible()

    coach = log_in(browser, live_server, "carver")
    coach.goto("/leagues/")
    coach.get_by_role("link", name="Carnage Cup").click()
    coach.get_by_role("link", name="Sign up a team").click()
    coach.get_by_label("Team name").fill("Great Lakes Ogres")
    coach.get_by_label("Team Genetic Portfolio").select_option("carnage")
    for index, (athlete_type, name, number) in enumerate(ROSTER):
        coach.locator(f"#id_athletes-{index}-type").select_option(athlete_type)
        coach.locator(f"#id_athletes-{index}-name").fill(name)
        coach.locator(f"#id_athletes-{index}-number").fill(str(number))
    coach.get_by_role("button", name="Sign the team up").click()
    expect(coach.get_by_role("heading", name="Great Lakes Ogres")).to_be_visible()

    assert time.monotonic() - started < A_MINUTE
    league = League.objects.get(name="Carnage Cup")
    assert league.house_values == SLAUGHTERBALL.suggested_house_values()
    team = Team.objects.get(league=league)
    butchers = team.athletes.filter(type="butcher")
    assert butchers.count() == 2
    assert {a.base_value for a in butchers} == {league.house_values["athletes.carnage.butcher.value"]}


def test_a_blood_bowl_league_copies_the_demo_leagues_team_lists_and_takes_a_team(browser: Browser, live_server):
    boss_user = UserFactory(username="boss", password=PASSWORD)
    UserFactory(username="croaker", password=PASSWORD)
    demo = BloodBowlLeagueFactory(name="Pitside Blood Bowl Demo League", commissioner=boss_user)
    started = time.monotonic()

    boss = log_in(browser, live_server, "boss")
    create_league(
        boss,
        "Swamp Bowl",
        "bloodbowl",
        **{"House values start": "suggested", "Team lists start": "Demo League"},
    )
    coach = log_in(browser, live_server, "croaker")
    sign_bloodbowl_team_up(coach, "Swamp Bowl", "Bogmire Bullfrogs", players=11)

    assert time.monotonic() - started < A_MINUTE
    league = League.objects.get(name="Swamp Bowl")
    assert league.house_values == BLOOD_BOWL.suggested_house_values()
    assert TeamLists.objects.get(league=league).data == TeamLists.objects.get(league=demo).data
    assert Team.objects.filter(league=league, name="Bogmire Bullfrogs").exists()


def test_a_blood_bowl_league_without_team_lists_is_no_dead_end(browser: Browser, live_server):
    """Issue 28: the commissioner's dashboard names the one step (the team lists) and leads to it; a coach meets no
    sign-up link or empty form meanwhile, but who must act; once the lists are in, he signs a team up."""
    boss_user = UserFactory(username="boss", password=PASSWORD)
    UserFactory(username="croaker", password=PASSWORD)
    league = league_create(
        user=boss_user,
        name="Swamp Bowl",
        game_system="bloodbowl",
        options={},
        house_values_from="suggested",
        data_from={"team_lists_from": "empty"},
    )

    coach = log_in(browser, live_server, "croaker")
    coach.goto(f"/leagues/{league.pk}/")
    notice = coach.locator("#signup-steps")
    expect(notice).to_contain_text("This league cannot take a team yet.")
    expect(notice).to_contain_text("It still lacks team lists: sign-up opens once its commissioner (boss) has added it.")
    expect(coach.get_by_role("link", name="Sign up a team")).to_have_count(0)
    coach.goto(f"/bloodbowl/leagues/{league.pk}/teams/new/")
    expect(coach.locator("#signup-steps")).to_contain_text("This league cannot take a team yet.")
    expect(coach.get_by_label("Race")).to_have_count(0)

    boss = log_in(browser, live_server, "boss")
    step = boss.locator("#waiting").get_by_role("link", name="Swamp Bowl cannot take a team yet: import its team lists.")
    step.click()
    boss.get_by_label("Or paste or edit the text").fill(team_lists_sample("house-team.yaml"))
    boss.get_by_role("button", name="Save the team lists").click()
    expect(boss.get_by_text(re.compile("Team lists saved"))).to_be_visible()
    boss.goto("/")
    expect(boss.locator("#waiting")).not_to_contain_text("cannot take a team yet")

    sign_bloodbowl_team_up(coach, "Swamp Bowl", "Bogmire Bullfrogs", players=11)
    assert Team.objects.filter(league=league, name="Bogmire Bullfrogs").exists()
