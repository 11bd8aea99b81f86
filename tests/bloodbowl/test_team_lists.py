"""Team lists import (issue 4): YAML or CSV, an error per bad row, nothing half-imported, commissioner only."""

from __future__ import annotations

import pytest

from bloodbowl.demo import demo_bloodbowl_team
from bloodbowl.models import Player, TeamLists
from engine.bloodbowl.teamlists import NAME_LENGTH, SLUG_LENGTH
from rosters.models import Team
from tests.api.helpers import errors, problems
from tests.bloodbowl.factories import SAMPLE_CSV, SAMPLE_YAML
from tests.engine.bloodbowl.test_teamlists import ALIAS_BOMB
from tests.factories import LeagueFactory

pytestmark = pytest.mark.django_db

URL = "/api/leagues/{}/team-lists/"

# Two new races in one CSV file, the second with a big guy.
TWO_RACES_CSV = """kind,race,slug,name,cost,max_count,ma,st,ag,av,skills,categories,flags
skill,,block,Block,,,,,,,,general,
skill,,stand-firm,Stand Firm,,,,,,,,strength,trait
race,,hill-folk,Hill Folk,"50,000",,,,,,,,apothecary
position,hill-folk,hill-lineman,Hill Lineman,40000,16,5,3,3,8,,general,
race,,stone-kin,Stone Kin,70000,,,,,,,,
position,stone-kin,stone-lineman,Stone Lineman,60000,12,4,3,2,9,block,general;strength,
position,stone-kin,boulder,Boulder,120000,1,4,6,1,10,stand-firm,general;strength,big_guy
"""

# Line 3 has a bad MA, line 4 an unknown skill, line 5 an unknown race: three errors, each with its line.
BROKEN_CSV = """kind,race,slug,name,cost,max_count,ma,st,ag,av,skills,categories,flags
race,,hill-folk,Hill Folk,50000,,,,,,,,
position,hill-folk,hill-lineman,Hill Lineman,40000,16,11,3,3,8,,general,
position,hill-folk,hill-thrower,Hill Thrower,60000,2,5,3,3,8,pass,general;passing,
position,valley-folk,valley-runner,Valley Runner,60000,2,7,3,3,7,,general,
"""

BROKEN_YAML = """
skills:
  - {slug: block, name: Block, category: general}
races:
  - slug: hill-folk
    name: Hill Folk
    reroll_cost: -5
    positions:
      - {slug: hill-lineman, name: Hill Lineman, cost: 40000, max_count: 16, ma: 5, st: 3, ag: 3, av: 8, categories: [general]}
      - {slug: hill-lineman, name: Twin, cost: 40000, max_count: 2, ma: 5, st: 3, ag: 3, av: 8, categories: [general]}
      - {slug: hill-mutant, name: Hill Mutant, cost: 70000, max_count: 2, ma: 5, st: 3, ag: 3, av: 8,
         categories: [general, physical]}
"""


def test_the_commissioner_imports_the_sample_yaml(api_as, commissioner):
    league = LeagueFactory(commissioner=commissioner, game_system="bloodbowl", options={}, house_values={})

    response = api_as(commissioner).put(URL.format(league.pk), {"format": "yaml", "text": SAMPLE_YAML}, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    [race] = body["races"]
    assert (race["slug"], race["name"], race["reroll_cost"]) == ("bogmire-croakers", "Bogmire Croakers", 60_000)
    hulk = next(p for p in race["positions"] if p["slug"] == "swamp-hulk")
    assert (hulk["cost"], hulk["max_count"], hulk["ma"], hulk["st"], hulk["ag"], hulk["av"]) == (110_000, 1, 5, 5, 2, 9)
    assert hulk["big_guy"]
    assert hulk["physical_on_doubles"]
    assert len(body["skills"]) == 14
    assert body["updated_by"] == "commissioner"
    assert api_as(commissioner).get(URL.format(league.pk)).json()["races"] == body["races"]


def test_the_sample_csv_and_yaml_are_the_same_lists(api_as, bb_league, commissioner):
    yaml_lists = api_as(commissioner).get(URL.format(bb_league.pk)).json()

    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "csv", "text": SAMPLE_CSV}, format="json")

    assert response.status_code == 200, response.json()
    assert (response.json()["races"], response.json()["skills"]) == (yaml_lists["races"], yaml_lists["skills"])


def test_an_import_replaces_the_lists_and_leaves_existing_teams_as_they_were(api_as, bb_league, commissioner, bb_team):
    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "csv", "text": TWO_RACES_CSV}, format="json")

    assert response.status_code == 200, response.json()
    assert [r["slug"] for r in response.json()["races"]] == ["hill-folk", "stone-kin"]
    assert response.json()["races"][0]["reroll_cost"] == 50_000  # "50,000" in the cell
    boulder = response.json()["races"][1]["positions"][1]
    assert boulder["big_guy"]
    assert boulder["skills"] == ["stand-firm"]
    bb_team.bb.refresh_from_db()
    assert (bb_team.bb.race_name, bb_team.bb.reroll_cost) == ("Bogmire Croakers", 60_000)
    assert bb_team.bb_players.get(number=12).position_name == "Swamp Hulk"


def test_a_broken_csv_gives_an_error_per_bad_row_and_stores_nothing(api_as, bb_league, commissioner):
    before = TeamLists.objects.get(league=bb_league).data

    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "csv", "text": BROKEN_CSV}, format="json")

    assert response.status_code == 400
    assert problems(response) == {
        ("teamlists-field-invalid", "rows[3].ma"),
        ("teamlists-skill-unknown", "rows[4].skills"),
        ("teamlists-race-unknown", "rows[5].race"),
    }
    assert TeamLists.objects.get(league=bb_league).data == before


def test_a_broken_yaml_names_every_bad_field_and_stores_nothing(api_as, bb_league, commissioner):
    before = TeamLists.objects.get(league=bb_league).data

    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "yaml", "text": BROKEN_YAML}, format="json")

    assert response.status_code == 400
    assert problems(response) == {
        ("teamlists-field-invalid", "races[0].reroll_cost"),
        ("teamlists-duplicate", "races[0].positions[1].slug"),
        ("teamlists-field-invalid", "races[0].positions[2].categories"),
    }
    assert TeamLists.objects.get(league=bb_league).data == before


def test_text_that_is_not_yaml_is_refused_with_its_line(api_as, bb_league, commissioner):
    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "yaml", "text": "races: [\n  {"}, format="json")

    assert response.status_code == 400
    [error] = errors(response)
    assert error["code"] == "teamlists-syntax"
    assert "line" in error["message"]


@pytest.mark.parametrize(
    ("actor", "status"),
    [("commissioner", 200), ("coach", 403), ("rival", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_only_the_commissioner_imports(client_of, actor, status, bb_league, bb_team, bb_rival_team, other_commissioner):
    before = TeamLists.objects.get(league=bb_league).data

    response = client_of(actor).put(URL.format(bb_league.pk), {"format": "csv", "text": TWO_RACES_CSV}, format="json")

    assert response.status_code == status
    if status != 200:
        errors(response)
        assert TeamLists.objects.get(league=bb_league).data == before


def test_team_lists_are_public_to_read_and_empty_before_an_import(api, commissioner):
    league = LeagueFactory(commissioner=commissioner, game_system="bloodbowl", options={}, house_values={})

    body = api.get(URL.format(league.pk)).json()

    assert (body["races"], body["skills"], body["updated_at"]) == ([], [], None)


def test_a_slaughterball_league_has_no_team_lists(api_as, commissioner, league):
    response = api_as(commissioner).put(URL.format(league.pk), {"format": "yaml", "text": SAMPLE_YAML}, format="json")

    assert response.status_code == 404
    errors(response)


def test_the_longest_slugs_and_names_a_team_list_takes_fit_the_columns_a_team_copies_them_to(
    api_as, bb_league, commissioner, coach
):
    assert Team._meta.get_field("faction").max_length >= SLUG_LENGTH  # the race's slug
    race, position = "r" * SLUG_LENGTH, "p" * SLUG_LENGTH
    text = SAMPLE_YAML.replace("bogmire-croakers", race).replace("Bogmire Croakers", "R" * NAME_LENGTH)
    text = text.replace("swamp-hulk", position).replace("Swamp Hulk", "P" * NAME_LENGTH)
    assert api_as(commissioner).put(URL.format(bb_league.pk), {"format": "yaml", "text": text}, format="json").status_code == 200
    team = demo_bloodbowl_team(1)
    players = [{**p, "position": position if p["position"] == "swamp-hulk" else p["position"]} for p in team["players"]]
    body = {**team, "name": "Long Names", "race": race, "players": players}

    response = api_as(coach).post(f"/api/bloodbowl/leagues/{bb_league.pk}/teams/", body, format="json")

    assert response.status_code == 201, response.json()
    assert Player.objects.get(team__name="Long Names", position=position).position_name == "P" * NAME_LENGTH


def test_a_slug_or_name_longer_than_its_column_is_refused_one_error_a_field(api_as, bb_league, commissioner):
    text = SAMPLE_YAML.replace("bogmire-croakers", "r" * (SLUG_LENGTH + 1)).replace("Swamp Hulk", "P" * (NAME_LENGTH + 1))

    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "yaml", "text": text}, format="json")

    assert response.status_code == 400
    assert problems(response) == {
        ("teamlists-field-invalid", "races[0].slug"),
        ("teamlists-field-invalid", "races[0].positions[4].name"),
    }


def test_a_yaml_alias_bomb_is_refused_in_one_short_answer(api_as, bb_league, commissioner):
    response = api_as(commissioner).put(URL.format(bb_league.pk), {"format": "yaml", "text": ALIAS_BOMB}, format="json")

    assert response.status_code == 400
    assert problems(response) == {("teamlists-yaml-alias", "")}
