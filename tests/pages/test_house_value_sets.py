"""The pages of house-value sets: where a new league's house values start, and the import page (upload or paste)."""

from __future__ import annotations

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

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
