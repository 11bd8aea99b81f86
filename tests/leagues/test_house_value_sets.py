"""Where a new league's house values (and Blood Bowl's team lists) start, house values as a file, and what a coach
sees when a value is unset."""

from __future__ import annotations

import json

import pytest
import yaml

from bloodbowl.demo import demo_bloodbowl_team
from bloodbowl.models import TeamLists
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.pitfighter.ruleset import RULESET as PIT_FIGHTER
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from notifications.models import Notification
from slaughterball.demo import demo_athletes
from tests.api.helpers import problems
from tests.bloodbowl.factories import BloodBowlLeagueFactory
from tests.factories import LeagueFactory


def create(api, **body):
    return api.post("/api/leagues/", {"name": "Second Season", "game_system": "slaughterball", **body}, format="json")


# --- The suggested sets ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", [SLAUGHTERBALL, BLOOD_BOWL, PIT_FIGHTER], ids=lambda r: r.slug)
def test_a_suggested_set_is_valid_and_sets_every_value_the_rulebook_leaves_out(ruleset):
    suggested = ruleset.suggested_house_values()

    assert ruleset.validate_house_values(suggested) == suggested
    unprinted = {f.key for f in ruleset.house_value_fields() if f.printed is None and f.kind != "maximum"}
    assert unprinted <= set(suggested)


# --- house_values_from ----------------------------------------------------------------------------


def test_a_league_starts_empty_by_default_or_from_the_suggested_set(coach, api_as):
    api = api_as(coach)

    assert create(api).json()["house_values"] == {}
    response = create(api, house_values_from="suggested")

    assert response.status_code == 201
    assert response.json()["house_values"] == SLAUGHTERBALL.suggested_house_values()


def test_a_game_system_without_a_suggested_set_refuses_one(coach, api_as):
    response = create(api_as(coach), game_system="blitzbowl", house_values_from="suggested")

    assert response.status_code == 400
    assert problems(response) == {("no-suggested-set", "house_values_from")}


def test_a_commissioner_copies_the_house_values_of_his_own_league(league, commissioner, api_as):
    response = create(api_as(commissioner), house_values_from=league.pk)

    assert response.status_code == 201
    assert response.json()["house_values"] == league.house_values


def test_only_a_commissioner_of_the_source_league_copies_from_it(league, coach, api_as):
    response = create(api_as(coach), house_values_from=str(league.pk))

    assert response.status_code == 403
    assert problems(response) == {("not-commissioner", "house_values_from")}
    assert not League.objects.filter(name="Second Season").exists()


def test_a_league_of_another_game_system_is_refused_as_a_source(commissioner, api_as):
    blood_bowl = BloodBowlLeagueFactory(commissioner=commissioner)

    response = create(api_as(commissioner), house_values_from=blood_bowl.pk)

    assert response.status_code == 400
    assert problems(response) == {("game-system-mismatch", "house_values_from")}


@pytest.mark.parametrize("value", ["all", "-1", "99999999999999999999", 987654])
def test_an_unknown_source_is_refused_naming_the_field(coach, api_as, value):
    response = create(api_as(coach), house_values_from=value)

    assert response.status_code == 400
    assert {field for _, field in problems(response)} == {"house_values_from"}


# --- team_lists_from (Blood Bowl) -------------------------------------------------------------------


def test_a_blood_bowl_league_starts_from_the_sample_or_a_copy_of_its_commissioners_league(commissioner, coach, api_as):
    source = BloodBowlLeagueFactory(commissioner=commissioner)
    api = api_as(commissioner)
    body = {"game_system": "bloodbowl", "house_values_from": "suggested"}

    sample = create(api, **body, team_lists_from="sample").json()
    copy = create(api, **body, team_lists_from=source.pk).json()

    lists = {row.league_id: row.data for row in TeamLists.objects.all()}
    assert lists[sample["id"]] == lists[copy["id"]] == lists[source.pk]
    assert copy["house_values"] == BLOOD_BOWL.suggested_house_values()
    refused = create(api_as(coach), **body, team_lists_from=source.pk)
    assert (refused.status_code, problems(refused)) == (403, {("not-commissioner", "team_lists_from")})


def test_team_lists_from_is_refused_for_another_game_system(coach, api_as):
    response = create(api_as(coach), team_lists_from="sample")

    assert response.status_code == 400
    assert problems(response) == {("invalid", "team_lists_from")}


# --- Export and import ------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_an_export_imported_again_gives_the_same_house_values(league, commissioner, api_as, fmt):
    api = api_as(commissioner)
    exported = api.get(f"/api/leagues/{league.pk}/house-values/", {"as": fmt})
    empty = create(api).json()["id"]

    response = api.put(f"/api/leagues/{empty}/house-values/", {"format": fmt, "text": exported.content.decode()}, format="json")

    assert exported.status_code == 200
    assert exported["Content-Type"].startswith(f"application/{fmt}")
    loaded = json.loads(exported.content) if fmt == "json" else yaml.safe_load(exported.content)
    assert loaded == league.house_values
    assert response.status_code == 200
    assert response.json()["house_values"] == league.house_values


def test_an_import_names_each_bad_value_and_changes_nothing(league, commissioner, api_as):
    before = dict(league.house_values)
    text = json.dumps({"athletes.carnage.butcher.value": 123, "skills.nonsense.cost": 50_000, "skills.leadership.cost": 50_000})

    response = api_as(commissioner).put(
        f"/api/leagues/{league.pk}/house-values/", {"format": "json", "text": text}, format="json"
    )

    assert response.status_code == 400
    assert problems(response) == {
        ("house-value-invalid", "house_values.athletes.carnage.butcher.value"),
        ("house-value-unknown", "house_values.skills.nonsense.cost"),
    }
    league.refresh_from_db()
    assert league.house_values == before


@pytest.mark.parametrize(
    ("fmt", "text", "code"),
    [
        ("json", "[1, 2]", "house-values-shape"),
        ("yaml", "a: &x 1\nb: *x\n", "house-values-yaml-alias"),
        ("json", "{", "house-values-syntax"),
    ],
)
def test_a_file_that_is_no_mapping_is_refused_naming_the_text(league, commissioner, api_as, fmt, text, code):
    response = api_as(commissioner).put(f"/api/leagues/{league.pk}/house-values/", {"format": fmt, "text": text}, format="json")

    assert (response.status_code, problems(response)) == (400, {(code, "text")})


def test_only_a_commissioner_imports_and_an_unknown_export_format_is_refused(league, coach, api_as):
    api = api_as(coach)

    refused = api.put(f"/api/leagues/{league.pk}/house-values/", {"format": "json", "text": "{}"}, format="json")

    assert refused.status_code == 403
    assert api.get(f"/api/leagues/{league.pk}/house-values/", {"as": "xml"}).status_code == 400
    league.refresh_from_db()
    assert league.house_values


# --- An unset value, met by a coach --------------------------------------------------------------------


def test_a_coach_meeting_unset_values_sees_one_sentence_and_the_commissioners_hear_once(commissioner, coach, rival, api_as):
    league = LeagueFactory(commissioner=commissioner, house_values={})
    body = {"name": "Great Lakes Ogres", "portfolio": "carnage", "athletes": demo_athletes(0)}

    first = api_as(coach).post(f"/api/leagues/{league.pk}/teams/", body, format="json")
    second = api_as(rival).post(f"/api/leagues/{league.pk}/teams/", body, format="json")

    for response in (first, second):
        assert response.status_code == 400
        assert problems(response) == {("league-setup-unfinished", "league")}
        assert response.json()["errors"][0]["message"] == "The commissioner has not finished setting up this league."
    notices = Notification.objects.filter(user=commissioner)
    assert notices.count() == 1
    assert "Carnage butcher value" in notices.get().text  # named by its label


def test_the_commissioner_meeting_unset_values_sees_each_of_them(commissioner, api_as):
    league = LeagueFactory(commissioner=commissioner, house_values={})
    body = {"name": "Great Lakes Ogres", "portfolio": "carnage", "athletes": demo_athletes(0)}

    response = api_as(commissioner).post(f"/api/leagues/{league.pk}/teams/", body, format="json")

    assert response.status_code == 400
    assert ("house-value-required", "athletes.carnage.butcher.value") in problems(response)
    assert not Notification.objects.exists()


def test_a_blood_bowl_coach_meeting_unset_values_sees_one_sentence(commissioner, coach, api_as):
    league = BloodBowlLeagueFactory(commissioner=commissioner, house_values={})
    body = {"name": "Bogmire Bullfrogs", **demo_bloodbowl_team(0)}

    response = api_as(coach).post(f"/api/bloodbowl/leagues/{league.pk}/teams/", body, format="json")

    assert response.status_code == 400
    assert ("league-setup-unfinished", "league") in problems(response)
    assert not any(code == "house-value-required" for code, _ in problems(response))
    assert Notification.objects.filter(user=commissioner).count() == 1


def test_an_export_takes_two_queries(league, api, django_assert_num_queries):
    with django_assert_num_queries(2):
        # 1. the league (with its team count), 2. its commissioners (prefetched, as every league read does)
        response = api.get(f"/api/leagues/{league.pk}/house-values/", {"as": "yaml"})
    assert response.status_code == 200
