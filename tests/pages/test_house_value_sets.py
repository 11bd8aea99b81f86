"""The pages of house-value sets: where a new league's house values start, and the import page (upload or paste)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from bloodbowl.models import TeamLists
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.pitfighter.ruleset import RULESET as PIT_FIGHTER
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from tests.factories import LeagueFactory


def import_url(league):
    return reverse("league-house-values-import", args=[league.pk])


def test_a_new_league_starts_from_the_suggested_set_or_a_copy_of_one_of_the_users_leagues(client_as, commissioner, league):
    client = client_as(commissioner)
    page = client.get(reverse("league-create")).content.decode()
    assert f'<option value="{league.pk}">{league.name} (Slaughterball)</option>' in page

    for name, start in (("Suggested", "suggested"), ("Copied", str(league.pk))):
        response = client.post(
            reverse("league-create"), {"name": name, "game_system": "slaughterball", "house_values_from": start}
        )
        assert response.status_code == 302

    assert League.objects.get(name="Suggested").house_values == SLAUGHTERBALL.suggested_house_values()
    assert League.objects.get(name="Copied").house_values == league.house_values


def test_the_new_league_form_starts_from_the_suggested_set_and_says_what_it_is(client_as, coach):
    client = client_as(coach)
    form = client.get(reverse("league-create")).context["form"]
    page = str(form["house_values_from"])
    help_text = form.fields["house_values_from"].help_text

    assert form["house_values_from"].value() == "suggested"
    assert form["team_lists_from"].value() == "sample"
    assert '<option value="empty">Empty: I set each house value</option>' in page
    assert "not the rulebook's" in help_text
    assert "change every value" in help_text


@pytest.mark.parametrize(
    ("game_system", "house_values"),
    [
        ("slaughterball", SLAUGHTERBALL.suggested_house_values()),
        ("bloodbowl", BLOOD_BOWL.suggested_house_values()),
        ("pitfighter", PIT_FIGHTER.suggested_house_values()),
        ("blitzbowl", {}),  # it has no house values: the default is no error
        ("slaughterville", {}),
    ],
)
def test_a_league_made_with_the_forms_defaults_has_the_suggested_set_where_one_ships(client_as, coach, game_system, house_values):
    client = client_as(coach)
    defaults = client.get(reverse("league-create")).context["form"]
    chosen = {name: field.initial for name, field in defaults.fields.items() if field.initial is not None}

    response = client.post(reverse("league-create"), {**chosen, "name": "Defaults", "game_system": game_system})

    assert response.status_code == 302
    league = League.objects.get(name="Defaults")
    assert league.house_values == house_values
    assert TeamLists.objects.filter(league=league).exists() == (game_system == "bloodbowl")


def test_a_league_can_still_start_empty_from_the_form(client_as, coach):
    body = {"name": "Bare", "game_system": "bloodbowl", "house_values_from": "empty", "team_lists_from": "empty"}

    assert client_as(coach).post(reverse("league-create"), body).status_code == 302
    league = League.objects.get(name="Bare")
    assert league.house_values == {}
    assert not TeamLists.objects.filter(league=league).exists()


def test_copying_a_league_of_another_game_system_is_shown_next_to_the_choice(client_as, commissioner, league):
    response = client_as(commissioner).post(
        reverse("league-create"), {"name": "Wrong", "game_system": "bloodbowl", "house_values_from": str(league.pk)}
    )

    assert response.status_code == 400
    assert "league of another game system" in response.context["form"].errors["house_values_from"][0]
    assert not League.objects.filter(name="Wrong").exists()


def test_the_commissioner_imports_an_uploaded_file_and_lands_on_the_house_values(client_as, commissioner, league):
    bare = LeagueFactory(commissioner=commissioner, house_values={})
    upload = SimpleUploadedFile("values.json", json.dumps(league.house_values).encode(), content_type="application/json")

    response = client_as(commissioner).post(import_url(bare), {"format": "json", "file": upload})

    assert response.status_code == 302
    assert response["Location"].endswith("/settings/#house-values")
    bare.refresh_from_db()
    assert bare.house_values == league.house_values


def test_a_pasted_file_with_bad_values_lists_each_and_changes_nothing(client_as, commissioner, league):
    before = dict(league.house_values)
    text = "athletes.carnage.butcher.value: 7\nskills.nonsense.cost: 50000\n"

    response = client_as(commissioner).post(import_url(league), {"format": "yaml", "text": text})

    assert response.status_code == 400
    fields = {error.field for error in response.context["errors"]}
    assert fields == {"house_values.athletes.carnage.butcher.value", "house_values.skills.nonsense.cost"}
    league.refresh_from_db()
    assert league.house_values == before


def test_only_a_commissioner_opens_the_import_page(client_as, coach, league):
    assert client_as(coach).get(import_url(league)).status_code == 403
