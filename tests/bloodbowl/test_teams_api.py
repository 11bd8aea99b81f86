"""Blood Bowl teams through the API: sign-up within the starting budget, the team with its Team Rating,
purchases (re-rolls at double cost, players, coaching staff) and retiring players.

The demo team (bloodbowl.demo.demo_bloodbowl_team) from the sample house team lists: 6 Bog Linemen at
50,000, 2 Reed Runners at 70,000, a Croak Thrower at 70,000, 2 Mud Bruisers at 90,000 and a Swamp Hulk
at 110,000 (800,000), 2 Team Re-rolls at 60,000 and Fan Factor 3 at the demo's 10,000: 950,000 of the
1,000,000 starting budget, so its treasury opens with 50,000.
"""

from __future__ import annotations

import pytest

from bloodbowl.demo import demo_bloodbowl_team
from bloodbowl.models import Player, TeamProfile
from notifications.models import Notification
from rosters.models import LedgerEntry, Team
from rosters.services import grant_create
from tests.api.helpers import CAST, errors, problems
from tests.bloodbowl.factories import BloodBowlLeagueFactory
from tests.factories import LeagueFactory
from tests.rosters.helpers import ledger_sums

pytestmark = pytest.mark.django_db

TEAMS = "/api/bloodbowl/leagues/{}/teams/"
TEAM = "/api/bloodbowl/teams/{}/"
PURCHASES = "/api/bloodbowl/teams/{}/purchases/"
RETIRE = "/api/bloodbowl/players/{}/retire/"


def sign_up(name: str = "Mire Marauders", **changes) -> dict:
    return {"name": name, **demo_bloodbowl_team(1), **changes}


def buy(api, team, key: str | None = None, **body):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return api.post(PURCHASES.format(team.pk), body, format="json", **headers)


def fund(team, amount: int) -> None:
    commissioner = team.league.commissioners.get()
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=amount, reason="Sponsor")


# --- Team creation -----------------------------------------------------------------------------------


def test_a_player_shows_his_title_and_star_player_rolls(api, bb_team):
    """Star Player Progression Table: 26-50 SPP is a Star Player with three rolls; a Big Guy's table is slower
    (21-50: Veteran, two)."""
    lineman = bb_team.bb_players.filter(position="bog-lineman").first()
    Player.objects.filter(pk=lineman.pk).update(spp=30, skill_rolls=2)
    Player.objects.filter(team=bb_team, position="swamp-hulk").update(spp=30)
    players = {p["id"]: p for p in api.get(TEAM.format(bb_team.pk)).json()["players"]}
    assert (players[lineman.pk]["title"], players[lineman.pk]["star_player_rolls"]) == (
        "Star Player",
        {"earned": 3, "made": 2, "pending": 1},
    )
    hulk = next(p for p in players.values() if p["position"] == "swamp-hulk")
    assert (hulk["title"], hulk["star_player_rolls"]) == ("Veteran", {"earned": 2, "made": 0, "pending": 2})
    rookie = next(p for p in players.values() if p["spp"] == 0)
    assert (rookie["title"], rookie["star_player_rolls"]) == ("Rookie", {"earned": 0, "made": 0, "pending": 0})


def test_a_coach_signs_up_a_team_and_what_is_left_of_the_budget_opens_the_treasury(api_as, coach, bb_league):
    response = api_as(coach).post(TEAMS.format(bb_league.pk), sign_up(), format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["race"], body["race_name"], body["coach"]) == ("bogmire-croakers", "Bogmire Croakers", "own_coach")
    assert (body["rerolls"], body["reroll_cost"], body["fan_factor"]) == (2, 60_000, 3)
    assert body["staff"] == {"apothecary": False, "assistant_coaches": 0, "cheerleaders": 0}
    assert body["treasury"] == 50_000
    # Team Ratings: "a starting team with a value of 1,000,000 gold pieces has a Team Rating of 100".
    assert (body["team_value"], body["team_rating"], body["value_problem"]) == (1_000_000, 100, "")
    assert len(body["players"]) == 12
    hulk = next(p for p in body["players"] if p["position"] == "swamp-hulk")
    assert (hulk["ma"], hulk["st"], hulk["ag"], hulk["av"], hulk["value"]) == (5, 5, 2, 9, 110_000)
    assert hulk["skills"] == ["mighty-blow", "really-stupid"]
    assert (hulk["spp"], hulk["status"], hulk["peaked"], hulk["niggling_injuries"], hulk["misses_next_match"]) == (
        0,
        "active",
        False,
        0,
        False,
    )
    team = Team.objects.get(pk=body["id"])
    assert sorted(team.bb_players.get(position="swamp-hulk").categories) == ["big-guy", "general", "strength"]
    assert team.bb_players.get(position="swamp-hulk").physical_on_doubles
    [opening] = LedgerEntry.objects.filter(team=team)
    assert (opening.account, opening.amount) == ("treasury", 50_000)


def test_the_whole_budget_may_be_spent(api_as, coach, bb_league):
    response = api_as(coach).post(TEAMS.format(bb_league.pk), sign_up(apothecary=True), format="json")

    assert response.status_code == 201, response.json()
    assert (response.json()["treasury"], response.json()["team_value"]) == (0, 1_000_000)


def test_a_team_over_the_starting_budget_is_refused_and_nothing_is_stored(api_as, coach, bb_league):
    response = api_as(coach).post(TEAMS.format(bb_league.pk), sign_up(apothecary=True, cheerleaders=1), format="json")

    assert response.status_code == 400
    [error] = errors(response)
    assert error["code"] == "over-budget"
    assert "1,010,000" in error["message"]
    assert "1,000,000" in error["message"]
    assert not Team.objects.filter(league=bb_league).exists()


def test_a_fan_factor_of_0_is_refused(api_as, coach, bb_league):
    """Fan Factor "can never be reduced to less than 1": a team signs up with 1 or more."""
    response = api_as(coach).post(TEAMS.format(bb_league.pk), sign_up(fan_factor=0), format="json")

    assert response.status_code == 400
    assert problems(response) == {("fan-factor-minimum", "fan_factor")}
    assert not Team.objects.filter(league=bb_league).exists()


def test_the_league_sets_the_starting_budget(api_as, commissioner, coach):
    league = BloodBowlLeagueFactory(commissioner=commissioner, options={"starting_budget": 900_000})

    response = api_as(coach).post(TEAMS.format(league.pk), sign_up(), format="json")

    assert response.status_code == 400
    assert problems(response) == {("over-budget", "players")}


def test_a_position_over_its_limit_is_refused(api_as, coach, bb_league):
    team = sign_up()
    team["players"][0] = {"position": "swamp-hulk", "name": "Second Hulk", "number": 1}

    response = api_as(coach).post(TEAMS.format(bb_league.pk), team, format="json")

    assert response.status_code == 400
    assert problems(response) == {("position-limit", "players")}
    assert "at most 1 Swamp Hulk" in errors(response)[0]["message"]


def test_a_cost_that_is_an_unset_house_value_is_refused_naming_it(api_as, commissioner, coach):
    house = {"roster.minimum": 11, "roster.maximum": 16, "costs.fan_factor": 10_000}
    league = BloodBowlLeagueFactory(commissioner=commissioner, house_values=house)

    refused = api_as(coach).post(TEAMS.format(league.pk), sign_up(apothecary=True), format="json")
    response = api_as(commissioner).post(TEAMS.format(league.pk), sign_up(apothecary=True), format="json")

    assert [(e["code"], e["field"]) for e in errors(refused)] == [("league-setup-unfinished", "league")]
    assert response.status_code == 400
    [error] = errors(response)
    assert (error["code"], error["field"]) == ("house-value-required", "costs.apothecary")
    assert "League settings, House values" in error["message"]


def test_every_bad_player_row_is_named(api_as, coach, bb_league):
    team = sign_up()
    team["players"][1] = {"position": "dragon", "name": "Grub 2", "number": 1}

    response = api_as(coach).post(TEAMS.format(bb_league.pk), team, format="json")

    assert response.status_code == 400
    assert problems(response) == {
        ("position-unknown", "players[1].position"),
        ("number-duplicate", "players[1].number"),
        ("name-duplicate", "players[1].name"),
    }


def test_a_league_without_team_lists_refuses_sign_ups(api_as, coach, commissioner):
    league = LeagueFactory(commissioner=commissioner, game_system="bloodbowl", options={}, house_values={})

    response = api_as(coach).post(TEAMS.format(league.pk), sign_up(), format="json")

    assert response.status_code == 400
    assert problems(response) == {("team-lists-missing", "race")}


def test_a_team_name_is_unique_in_the_league(api_as, coach, bb_team):
    response = api_as(coach).post(TEAMS.format(bb_team.league_id), sign_up(name="bogmire BULLFROGS"), format="json")

    assert response.status_code == 400
    assert problems(response) == {("team-name-taken", "name")}


def test_the_teams_list_and_a_team_are_public(api, bb_team, bb_rival_team):
    listing = api.get(TEAMS.format(bb_team.league_id))
    detail = api.get(TEAM.format(bb_team.pk))

    assert listing.status_code == 200
    assert [t["name"] for t in listing.json()["results"]] == ["Bogmire Bullfrogs", "Reedwater Wardens"]
    assert detail.json()["team_rating"] == 100


@pytest.mark.parametrize("viewer", ["coach", "rival", "anonymous"])
def test_an_unset_house_value_leaves_the_team_rating_open_and_a_coach_reads_one_sentence(
    request, api, bb_team, commissioner, viewer
):
    league = bb_team.league
    league.house_values = {k: v for k, v in league.house_values.items() if k != "costs.fan_factor"}
    league.save()
    if viewer != "anonymous":
        api.force_authenticate(request.getfixturevalue(viewer))

    detail = api.get(TEAM.format(bb_team.pk)).json()
    [listed] = api.get(TEAMS.format(league.pk)).json()["results"]

    for body in (detail, listed):
        assert (body["team_value"], body["team_rating"]) == (None, None)
        assert body["value_problem"] == "The commissioner has not finished setting up this league."
    assert not Notification.objects.filter(event__startswith="house-values-unset:").exists()  # a read: nobody is told


def test_the_commissioner_reads_which_house_value_leaves_the_team_rating_open(api_as, bb_team, commissioner):
    league = bb_team.league
    league.house_values = {k: v for k, v in league.house_values.items() if k != "costs.fan_factor"}
    league.save()
    api = api_as(commissioner)

    detail = api.get(TEAM.format(bb_team.pk)).json()
    [listed] = api.get(TEAMS.format(league.pk)).json()["results"]

    for body in (detail, listed):
        assert (body["team_value"], body["team_rating"]) == (None, None)
        assert body["value_problem"].startswith(
            "Cost of one Fan Factor point for a new team is a house value this league has not set yet: the commissioner "
            "sets it in League settings"
        )


# --- Purchases ---------------------------------------------------------------------------------------


def test_a_new_team_reroll_costs_double_the_team_list_price(api_as, bb_team):
    fund(bb_team, 200_000)  # treasury 250,000

    response = buy(api_as(bb_team.coach), bb_team, kind="reroll")

    assert response.status_code == 201, response.json()
    assert (response.json()["cost"], response.json()["treasury"]) == (120_000, 130_000)
    assert TeamProfile.objects.get(team=bb_team).rerolls == 3
    assert ledger_sums(bb_team)["treasury"] == 130_000
    team = api_as(bb_team.coach).get(TEAM.format(bb_team.pk)).json()
    # Team Ratings: re-rolls count at the team list's price whatever was paid: 800,000 + 3 x 60,000 + 30,000 + 130,000.
    assert (team["team_value"], team["team_rating"]) == (1_140_000, 114)


def test_a_purchase_beyond_the_treasury_is_refused_and_changes_nothing(api_as, bb_team):
    response = buy(api_as(bb_team.coach), bb_team, kind="reroll")  # 120,000 with 50,000 in the treasury

    assert response.status_code == 400
    [error] = errors(response)
    assert error["code"] == "treasury-short"
    assert "120,000" in error["message"]
    assert "50,000" in error["message"]
    assert TeamProfile.objects.get(team=bb_team).rerolls == 2
    assert ledger_sums(bb_team)["treasury"] == 50_000


def test_a_coach_hires_a_player_with_his_position_line(api_as, bb_team):
    fund(bb_team, 100_000)

    response = buy(api_as(bb_team.coach), bb_team, kind="player", position="reed-runner", name="Flicker", number=13)

    assert response.status_code == 201, response.json()
    player = response.json()["player"]
    assert (player["position"], player["ma"], player["av"], player["skills"], player["value"]) == (
        "reed-runner",
        8,
        7,
        ["dodge"],
        70_000,
    )
    assert response.json()["treasury"] == 80_000
    assert Player.objects.get(pk=player["id"]).categories == ["agility", "general"]


def test_a_hired_player_keeps_to_his_positions_limit_and_a_free_name_and_number(api_as, bb_team):
    fund(bb_team, 500_000)

    hulk = buy(api_as(bb_team.coach), bb_team, kind="player", position="swamp-hulk", name="Grub 1", number=1)

    assert hulk.status_code == 400
    assert problems(hulk) == {("position-limit", "position"), ("name-duplicate", "name"), ("number-duplicate", "number")}
    assert bb_team.bb_players.count() == 12


def test_coaching_staff_cost_their_house_values(api_as, bb_team):
    coach = api_as(bb_team.coach)

    apothecary = buy(coach, bb_team, kind="apothecary")
    second = buy(coach, bb_team, kind="apothecary")
    cheerleader = buy(coach, bb_team, kind="cheerleader")

    assert (apothecary.status_code, apothecary.json()["cost"]) == (201, 50_000)
    assert problems(second) == {("apothecary-held", "kind"), ("treasury-short", "kind")}
    assert problems(cheerleader) == {("treasury-short", "kind")}  # the apothecary took all 50,000
    staff = coach.get(TEAM.format(bb_team.pk)).json()["staff"]
    assert staff == {"apothecary": True, "assistant_coaches": 0, "cheerleaders": 0}


def test_the_same_idempotency_key_buys_once(api_as, bb_team):
    fund(bb_team, 200_000)
    coach = api_as(bb_team.coach)

    first = buy(coach, bb_team, key="double-click", kind="reroll")
    again = buy(coach, bb_team, key="double-click", kind="reroll")
    other = buy(coach, bb_team, key="double-click", kind="cheerleader")

    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["ledger_entry"] == again.json()["ledger_entry"]
    assert problems(other) == {("idempotency-key-reused", "idempotency_key")}
    assert TeamProfile.objects.get(team=bb_team).rerolls == 3
    assert ledger_sums(bb_team)["treasury"] == 130_000


# --- Retiring ----------------------------------------------------------------------------------------


def test_a_retired_player_leaves_the_roster_and_may_stay_as_an_assistant_coach(api_as, bb_team):
    hulk = bb_team.bb_players.get(position="swamp-hulk")

    response = api_as(bb_team.coach).post(RETIRE.format(hulk.pk), {"as_assistant_coach": True}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "retired"
    team = api_as(bb_team.coach).get(TEAM.format(bb_team.pk)).json()
    assert team["staff"]["assistant_coaches"] == 1
    # 110,000 less in players, 10,000 more in coaching staff: 900,000, and the treasury is untouched.
    assert (team["team_value"], team["treasury"]) == (900_000, 50_000)
    again = api_as(bb_team.coach).post(RETIRE.format(hulk.pk), {}, format="json")
    assert problems(again) == {("player-not-on-roster", "player")}


def test_a_retired_players_number_is_free_again(api_as, bb_team):
    fund(bb_team, 100_000)
    api_as(bb_team.coach).post(RETIRE.format(bb_team.bb_players.get(number=1).pk), {}, format="json")

    response = buy(api_as(bb_team.coach), bb_team, kind="player", position="bog-lineman", name="Newt", number=1)

    assert response.status_code == 201, response.json()


# --- Who may write -----------------------------------------------------------------------------------

WRITE_STATUS = {
    #                commissioner  coach  rival  other_commissioner  anonymous
    "team-create": (201, 201, 201, 201, 401),
    "purchase": (403, 201, 403, 403, 401),
    "retire": (403, 200, 403, 403, 401),
}


def _send(write: str, api, team):
    if write == "team-create":
        return api.post(TEAMS.format(team.league_id), sign_up(), format="json")
    if write == "purchase":
        return buy(api, team, kind="cheerleader")
    return api.post(RETIRE.format(team.bb_players.get(number=1).pk), {}, format="json")


@pytest.mark.parametrize("write", WRITE_STATUS)
@pytest.mark.parametrize("actor", CAST)
def test_who_may_write(write, actor, client_of, bb_team, bb_rival_team, other_commissioner):
    expected = WRITE_STATUS[write][CAST.index(actor)]
    before = (ledger_sums(bb_team), list(Player.objects.values_list("status", flat=True)), Team.objects.count())

    response = _send(write, client_of(actor), bb_team)

    assert response.status_code == expected, response.content
    if expected >= 400:
        errors(response)
        after = (ledger_sums(bb_team), list(Player.objects.values_list("status", flat=True)), Team.objects.count())
        assert after == before


# --- Each game system's API serves its own leagues ---------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/leagues/{league}/teams/"),
        ("post", "/api/leagues/{league}/teams/"),
        ("get", "/api/leagues/{league}/grants/"),
        ("get", "/api/teams/{team}/"),
        ("get", "/api/teams/{team}/purchases/"),
        ("post", "/api/teams/{team}/purchases/"),
        ("get", "/api/teams/{team}/ledger/"),
        ("get", "/api/teams/{team}/purchase-options/"),
        ("get", "/api/leagues/{league}/seasons/"),
        ("post", "/api/leagues/{league}/seasons/"),
        ("get", "/api/leagues/{league}/standings/"),
    ],
)
def test_the_slaughterball_api_answers_404_for_a_blood_bowl_league_or_team(method, url, api_as, bb_team):
    body = {"kind": "staff", "item": "cheerleader", "name": "Spring"}

    response = getattr(api_as(bb_team.coach), method)(url.format(league=bb_team.league_id, team=bb_team.pk), body, format="json")

    assert response.status_code == 404
    errors(response)


@pytest.mark.parametrize(("method", "url"), [("get", TEAMS), ("post", TEAMS), ("get", TEAM), ("post", PURCHASES)])
def test_the_blood_bowl_api_answers_404_for_a_slaughterball_league_or_team(method, url, api_as, team):
    target = team.league_id if url == TEAMS else team.pk

    response = getattr(api_as(team.coach), method)(url.format(target), {"kind": "reroll", **sign_up()}, format="json")

    assert response.status_code == 404
    errors(response)
