"""The first hour of a real league, on 390 px phones: a commissioner whose account has no league yet creates one,
accepting every default of the New league form; two coaches sign their teams up (three in Blitz Bowl, which needs
them); two of them play one game to confirmed.
Each journey prints the fields its people typed or chose (`first hour, <game system>: N fields typed`, log-ins
included; the README gives them). Slaughterball's and Blitz Bowl's are here; Blood Bowl's, Pit Fighter's and
Slaughterville's first hours start their own journeys (test_bloodbowl_journey.py, test_pitfighter_journey.py,
test_slaughterville_journey.py). A league may also start from a copy of another's data (Blood Bowl's team lists)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from blitzbowl.models import Match
from bloodbowl.models import TeamLists
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.bloodbowl.teamlists import team_lists_sample
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from leagues.services import league_create
from rosters.models import Team
from slaughterball.models import Game
from tests.bloodbowl.factories import BloodBowlLeagueFactory
from tests.e2e.conftest import FieldsTyped
from tests.e2e.people import create_league, log_in
from tests.e2e.test_blitzbowl_journey import play_latest
from tests.e2e.test_bloodbowl_journey import sign_team_up as sign_bloodbowl_team_up
from tests.e2e.test_coach_journey import sign_team_up
from tests.e2e.test_season_journey import choose_lineups, fill_result, follow_notification, hold_auction, start_season
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_first_hour_of_a_slaughterball_league(browser: Browser, live_server, fields_typed: FieldsTyped):
    for username in ("boss", "carver", "hewer"):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss")
    assert not League.objects.exists()
    create_league(boss, "Carnage Cup", "slaughterball")
    coaches = {}
    for username, team_name, portfolio in (("carver", "Great Lakes Ogres", "carnage"), ("hewer", "Brutal Berthas", "valkyries")):
        coaches[team_name] = log_in(browser, live_server, username)
        sign_team_up(coaches[team_name], "Carnage Cup", team_name, portfolio)

    # Season 1 and its draw; the pre-game (the maverick auction, then the athletes each coach chooses); the result,
    # submitted by one coach and confirmed by the other.
    start_season(boss, "Carnage Cup")
    game = Game.objects.get()
    follow_notification(coaches["Great Lakes Ogres"], "plays game 1 against")
    hire = hold_auction(coaches, "Great Lakes Ogres", game, treasuries_empty=True)
    order = choose_lineups(coaches, game, hire, try_out_of_turn=False)
    submitter, confirmer = (coaches[name] for name in order)
    submitter.get_by_role("link", name="Game 1").first.click()
    fill_result(submitter, order, dict(zip(order, (14, 9), strict=True)))
    expect(submitter.get_by_text("Result submitted: the other coaches are asked to confirm it.")).to_be_visible()
    follow_notification(confirmer, "submitted the result of Season 1, week 1, game 1")
    confirmer.get_by_role("button", name="Confirm the result").click()
    expect(confirmer.get_by_text("every coach has, so it is confirmed and the prizes are paid")).to_be_visible()
    fields_typed.report("Slaughterball")

    league = League.objects.get(name="Carnage Cup")
    assert league.house_values == SLAUGHTERBALL.suggested_house_values()
    assert Game.objects.get().state == Game.State.CONFIRMED
    butchers = Team.objects.get(name="Great Lakes Ogres").athletes.filter(type="butcher")
    assert butchers.count() == 2
    assert {a.base_value for a in butchers} == {league.house_values["athletes.carnage.butcher.value"]}
    for page in (boss, *coaches.values()):  # before the database is flushed: no auction poll outlives the test
        page.context.close()


def test_the_first_hour_of_a_blitz_bowl_league(browser: Browser, live_server, fields_typed: FieldsTyped):
    coaches = {"ann": "Ann's Ambushers", "bob": "Bob's Bashers", "cid": "Cid's Crushers"}  # You Will Need: three
    for username in ("boss", *coaches):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss")
    assert not League.objects.exists()
    create_league(boss, "Crush League", "blitzbowl")
    league_url = boss.url
    pages = {username: log_in(browser, live_server, username) for username in coaches}
    for username, team_name in coaches.items():
        pages[username].goto(league_url)
        pages[username].get_by_role("link", name="Sign up as a coach").click()
        pages[username].get_by_label("Team name").fill(team_name)
        pages[username].get_by_role("button", name="Sign up").click()
        expect(pages[username].get_by_role("heading", name=team_name)).to_be_visible()

    boss.goto(league_url)
    boss.get_by_role("button", name="Arrange the next round of legal pairings").click()
    expect(boss.get_by_text("The next round is arranged: 1 match")).to_be_visible()
    play_latest(pages, (7, 3))  # reported by one coach, confirmed by the other
    fields_typed.report("Blitz Bowl")
    assert Match.objects.get().state == Match.State.CONFIRMED


def test_a_blood_bowl_league_copies_the_demo_leagues_team_lists_and_takes_a_team(browser: Browser, live_server):
    boss_user = UserFactory(username="boss", password=PASSWORD)
    UserFactory(username="croaker", password=PASSWORD)
    demo = BloodBowlLeagueFactory(name="Pitside Blood Bowl Demo League", commissioner=boss_user)

    boss = log_in(browser, live_server, "boss")
    create_league(boss, "Swamp Bowl", "bloodbowl", **{"House values start": "suggested", "Team lists start": "Demo League"})
    coach = log_in(browser, live_server, "croaker")
    sign_bloodbowl_team_up(coach, "Swamp Bowl", "Bogmire Bullfrogs", players=11)

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
    step = boss.locator("#waiting").get_by_role("link", name="Swamp Bowl: Cannot take a team yet: import its team lists.")
    step.click()
    boss.get_by_label("Or paste or edit the text").fill(team_lists_sample("house-team.yaml"))
    boss.get_by_role("button", name="Save the team lists").click()
    expect(boss.get_by_text(re.compile("Team lists saved"))).to_be_visible()
    boss.goto("/")
    expect(boss.locator("#waiting")).not_to_contain_text("Cannot take a team yet")

    sign_bloodbowl_team_up(coach, "Swamp Bowl", "Bogmire Bullfrogs", players=11)
    assert Team.objects.filter(league=league, name="Bogmire Bullfrogs").exists()
