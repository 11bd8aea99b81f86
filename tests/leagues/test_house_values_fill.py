"""An existing league takes the suggested set, or another league's values, for the house values it has not set: the
ones it has set stay as they are (leagues.services.league_house_values_fill and its API)."""

from __future__ import annotations

import pytest

from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.core.violations import RuleViolation
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from leagues.services import league_house_values_fill
from pitside.errors import Invalid, NotPermitted
from tests.api.helpers import problems
from tests.bloodbowl.factories import BloodBowlLeagueFactory
from tests.factories import LeagueFactory

SUGGESTED = SLAUGHTERBALL.suggested_house_values()
OWN = {"skills.leadership.cost": 250_000, "athletes.carnage.butcher.value": 3_000_000}  # not the suggested ones


def url(league: League) -> str:
    return f"/api/leagues/{league.pk}/house-values/fill/"


@pytest.fixture
def partial(commissioner) -> League:
    """A league that set two values of its own and nothing else."""
    return LeagueFactory(commissioner=commissioner, house_values=dict(OWN))


def test_the_suggested_set_fills_only_the_values_not_set(partial, commissioner):
    filled = league_house_values_fill(league=partial, user=commissioner, house_values_from="suggested")

    partial.refresh_from_db()
    assert partial.house_values == {**SUGGESTED, **OWN}
    assert set(filled) == SUGGESTED.keys() - OWN.keys()
    assert league_house_values_fill(league=partial, user=commissioner, house_values_from="suggested") == []


def test_another_league_of_the_commissioner_fills_them_too(partial, commissioner):
    source = LeagueFactory(commissioner=commissioner, house_values={**SUGGESTED, "skills.leadership.cost": 100_000})

    league_house_values_fill(league=partial, user=commissioner, house_values_from=str(source.pk))

    partial.refresh_from_db()
    assert partial.house_values == {**SUGGESTED, **OWN}


def test_a_filled_set_is_checked_as_a_whole_and_a_refused_one_changes_nothing(partial, commissioner):
    source = LeagueFactory(commissioner=commissioner)
    League.objects.filter(pk=source.pk).update(house_values={**SUGGESTED, "skills.nonsense.cost": 50_000})

    with pytest.raises(RuleViolation) as refused:
        league_house_values_fill(league=partial, user=commissioner, house_values_from=str(source.pk))

    assert [(v.code, v.path) for v in refused.value.violations] == [("house-value-unknown", "house_values.skills.nonsense.cost")]
    partial.refresh_from_db()
    assert partial.house_values == OWN


@pytest.mark.parametrize(
    ("choice", "code"),
    [("empty", "invalid"), ("nonsense", "invalid"), ("999999", "league-unknown")],
)
def test_a_choice_that_fills_nothing_is_refused_naming_it(partial, commissioner, choice, code):
    with pytest.raises(Invalid) as refused:
        league_house_values_fill(league=partial, user=commissioner, house_values_from=choice)

    assert [(item.code, item.field) for item in refused.value.items] == [(code, "house_values_from")]


def test_a_game_system_without_a_suggested_set_refuses_it(commissioner):
    blitz = League.objects.create(name="Blitz", game_system="blitzbowl", options={})
    blitz.commissioners.add(commissioner)

    with pytest.raises(Invalid) as refused:
        league_house_values_fill(league=blitz, user=commissioner, house_values_from="suggested")

    assert [item.code for item in refused.value.items] == ["no-suggested-set"]


def test_only_a_commissioner_of_both_leagues_fills(partial, commissioner, coach):
    elsewhere = LeagueFactory(commissioner=coach)

    with pytest.raises(NotPermitted):
        league_house_values_fill(league=partial, user=coach, house_values_from="suggested")
    with pytest.raises(NotPermitted):
        league_house_values_fill(league=partial, user=commissioner, house_values_from=str(elsewhere.pk))

    partial.refresh_from_db()
    assert partial.house_values == OWN


# --- The API --------------------------------------------------------------------------------------------------


def test_the_api_fills_the_unset_values_and_answers_which(partial, commissioner, api_as):
    response = api_as(commissioner).post(url(partial), {"house_values_from": "suggested"}, format="json")

    assert response.status_code == 200
    body = response.json()
    assert set(body["filled"]) == SUGGESTED.keys() - OWN.keys()
    assert body["league"]["house_values"] == {**SUGGESTED, **OWN}


def test_the_api_refuses_a_league_of_another_game_system_and_changes_nothing(partial, commissioner, api_as):
    blood_bowl = BloodBowlLeagueFactory(commissioner=commissioner, house_values=BLOOD_BOWL.suggested_house_values())

    response = api_as(commissioner).post(url(partial), {"house_values_from": blood_bowl.pk}, format="json")

    assert (response.status_code, problems(response)) == (400, {("game-system-mismatch", "house_values_from")})
    partial.refresh_from_db()
    assert partial.house_values == OWN


def test_the_api_refuses_a_coach_and_an_empty_body(partial, coach, commissioner, api_as):
    refused = api_as(coach).post(url(partial), {"house_values_from": "suggested"}, format="json")
    missing = api_as(commissioner).post(url(partial), {}, format="json")

    assert (refused.status_code, problems(refused)) == (403, {("not-commissioner", "league")})
    assert missing.status_code == 400
    partial.refresh_from_db()
    assert partial.house_values == OWN


def test_the_schema_documents_the_fill(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()

    operation = schema["paths"]["/api/leagues/{league_id}/house-values/fill/"]["post"]
    assert set(operation["responses"]) >= {"200", "400", "403", "404"}
