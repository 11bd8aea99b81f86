"""League pages: home, create, league home, settings (general, commissioners, grants, house values)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.urls import reverse

from engine import registry
from engine.slaughterball.ruleset import OPTIONS
from leagues.models import League
from rosters.models import LedgerEntry
from rosters.selectors import team_balances
from slaughterball.selectors_teams import team_get, team_summary
from tests.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def settings_url(league, name="league-settings"):
    return reverse(name, args=[league.pk])


# --- Home and league home ----------------------------------------------------------------------


def test_home_lists_leagues_for_anyone(client, league, team):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    page = response.content.decode()
    assert league.name in page
    assert "Slaughterball" in page
    assert 'name="viewport"' in page
    assert "Log in" in page
    assert "Create a league" not in page


def test_the_footer_names_every_registered_game_system(client, monkeypatch):
    monkeypatch.setitem(registry._RULESETS, "quidditch", SimpleNamespace(slug="quidditch", name="Quidditch"))
    page = client.get(reverse("home")).content.decode()
    footer = page[page.index('<footer class="site-footer') :]
    names = "Slaughterball, Blood Bowl (Death Zone), Blitz Bowl, Pit Fighter, Slaughterville, Quidditch"
    assert f"Pitside runs leagues of {names}." in footer


def test_home_offers_create_and_log_out_when_logged_in(client_as, coach):
    page = client_as(coach).get(reverse("home")).content.decode()
    assert "Create a league" in page
    assert "Log out" in page
    assert reverse("password_change") in page


def test_league_home_is_public_and_shows_the_teams(client, league, team, rival_team):
    response = client.get(reverse("league-detail", args=[league.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert team.name in page
    assert rival_team.name in page
    assert reverse("team-detail", args=[team.pk]) in page
    assert "Valkyries" in page  # the portfolio's printed name
    assert f"{team_summary(team_get(team.pk)).team_potential:,}" in page
    assert "Sign up a team" in page
    assert "Settings" not in page


def test_league_home_shows_settings_to_its_commissioner_only(client_as, league, commissioner, other_commissioner):
    url = reverse("league-detail", args=[league.pk])
    assert settings_url(league) in client_as(commissioner).get(url).content.decode()
    assert settings_url(league) not in client_as(other_commissioner).get(url).content.decode()


def test_league_home_of_unknown_league_is_404(client, db):
    response = client.get(reverse("league-detail", args=[999999]))
    assert response.status_code == 404
    assert b"Not found" in response.content


# --- Create ------------------------------------------------------------------------------------


def test_league_create_needs_login(client, db):
    response = client.post(reverse("league-create"), {"name": "X", "game_system": "slaughterball"})
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not League.objects.filter(name="X").exists()


def test_league_create_page_shows_the_suggested_budgets(client_as, coach):
    response = client_as(coach).get(reverse("league-create"))
    assert response.status_code == 200
    assert b"300,000" in response.content
    assert b"200,000" in response.content


def test_league_create_makes_the_creator_commissioner(client_as, coach):
    response = client_as(coach).post(
        reverse("league-create"),
        {
            "name": "Lakeside League",
            "game_system": "slaughterball",
            "skill_budget": "300,000",
            "staff_budget": "",
        },
    )
    league = League.objects.get(name="Lakeside League")
    assert response.status_code == 302
    assert response["Location"] == reverse("league-detail", args=[league.pk])
    assert list(league.commissioners.all()) == [coach]
    assert league.options == {**OPTIONS.defaults, "skill_budget": 300_000, "staff_budget": None}


def test_league_create_shows_the_engine_error_next_to_the_budget(client_as, coach):
    response = client_as(coach).post(
        reverse("league-create"),
        {
            "name": "Odd League",
            "game_system": "slaughterball",
            "skill_budget": "123",
        },
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert "steps of 50,000" in form.errors["skill_budget"][0]
    assert not League.objects.filter(name="Odd League").exists()


def test_league_create_refuses_an_unknown_game_system(client_as, coach):
    response = client_as(coach).post(reverse("league-create"), {"name": "Y", "game_system": "chess"})
    assert response.status_code == 400
    assert "game_system" in response.context["form"].errors


# --- Settings: who may see and change them ---------------------------------------------------------


def test_settings_page_for_the_commissioner(client_as, league, commissioner, team):
    response = client_as(commissioner).get(settings_url(league))
    assert response.status_code == 200
    page = response.content.decode()
    assert "House values" in page
    assert "Grants and fines" in page
    assert team.name in page  # in the grant form's team choices


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_settings_page_is_403_for_others(client_as, league, who, request):
    response = client_as(request.getfixturevalue(who)).get(settings_url(league))
    assert response.status_code == 403
    assert b"Only a commissioner" in response.content


def test_settings_page_sends_anonymous_to_log_in(client, league):
    response = client.get(settings_url(league))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_settings_page_marks_required_house_values_first(client_as, commissioner):
    bare = LeagueFactory(commissioner=commissioner, house_values={})
    response = client_as(commissioner).get(settings_url(bare))
    assert response.status_code == 200
    page = response.content.decode()
    assert "house value required" in page
    required = response.context["required_count"]
    assert required > 0
    groups = response.context["house_groups"]
    # Groups holding a required value come first, and inside a group the required values lead.
    seen_complete = False
    for group in groups:
        if group.required_count == 0:
            seen_complete = True
        else:
            assert not seen_complete
            assert group.rows[0].required
    # e.g. no portfolio prints a butcher row
    assert "athletes.carnage.butcher.value" in page


def test_settings_page_labels_set_house_values(client_as, league, commissioner):
    page = client_as(commissioner).get(settings_url(league)).content.decode()
    assert "house value</span>" in page  # the demo house values are labelled as such
    assert "Every value the rulebook leaves out is set." in page


def test_commissioner_saves_general_settings(client_as, league, commissioner):
    response = client_as(commissioner).post(
        settings_url(league),
        {
            "name": "Renamed",
            "skill_budget": "",
            "staff_budget": "150000",
        },
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.name == "Renamed"
    assert league.open_for_signups is False  # an unticked box
    assert league.options == {**OPTIONS.defaults, "skill_budget": None, "staff_budget": 150_000}


def test_general_settings_errors_are_400_and_change_nothing(client_as, league, commissioner):
    data = {"name": "Renamed", "open_for_signups": "on", "skill_budget": "75000"}
    response = client_as(commissioner).post(settings_url(league), data)
    assert response.status_code == 400
    assert "skill_budget" in response.context["settings_form"].errors
    league.refresh_from_db()
    assert league.name != "Renamed"


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_others_cannot_change_settings(client_as, league, who, request):
    before = (league.name, league.options, league.open_for_signups)
    client = client_as(request.getfixturevalue(who))
    assert client.post(settings_url(league), {"name": "Hijacked", "open_for_signups": "on"}).status_code == 403
    assert client.post(settings_url(league), {"name": ""}).status_code == 403  # even with a bad form
    league.refresh_from_db()
    assert (league.name, league.options, league.open_for_signups) == before


def test_anonymous_cannot_change_settings(client, league):
    response = client.post(settings_url(league), {"name": "Hijacked"})
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.name != "Hijacked"


# --- Commissioners ----------------------------------------------------------------------------------


def test_commissioner_adds_a_commissioner(client_as, league, commissioner, rival):
    url = settings_url(league, "league-commissioner-add")
    asked = client_as(commissioner).post(url, {"username": rival.username})  # it asks first: none is ever removed
    assert asked.status_code == 200
    assert not league.commissioners.filter(pk=rival.pk).exists()
    response = client_as(commissioner).post(url, {"username": rival.username, "confirm": "1"})
    assert response.status_code == 302
    assert league.commissioners.filter(pk=rival.pk).exists()


def test_adding_an_unknown_user_shows_the_error_next_to_the_username(client_as, league, commissioner):
    response = client_as(commissioner).post(settings_url(league, "league-commissioner-add"), {"username": "nobody"})
    assert response.status_code == 400
    assert "No user is called nobody" in response.context["commissioner_form"].errors["username"][0]


def test_a_coach_cannot_make_themselves_commissioner(client_as, league, coach):
    response = client_as(coach).post(settings_url(league, "league-commissioner-add"), {"username": coach.username})
    assert response.status_code == 403
    assert not league.commissioners.filter(pk=coach.pk).exists()


# --- Grants and fines -----------------------------------------------------------------------------


def grant(client, league, team, amount, reason="Prize", key="k-1"):
    return client.post(
        settings_url(league, "league-grant"), {"team": team.pk, "amount": amount, "reason": reason, "idempotency_key": key}
    )


def test_commissioner_grants_and_fines(client_as, league, commissioner, team):
    client = client_as(commissioner)
    assert grant(client, league, team, "100,000", key="a").status_code == 302
    assert grant(client, league, team, "-40000", "Late", key="b").status_code == 302
    assert team_balances(team_get(team.pk))["treasury"] == 60_000
    assert list(LedgerEntry.objects.filter(team=team, account="treasury").values_list("reason", flat=True)) == ["Prize", "Late"]


def test_the_same_grant_form_sent_twice_grants_once(client_as, league, commissioner, team):
    client = client_as(commissioner)
    grant(client, league, team, 100_000, key="same")
    response = grant(client, league, team, 100_000, key="same")
    assert response.status_code == 302
    assert team_balances(team_get(team.pk))["treasury"] == 100_000


def test_a_fine_beyond_the_treasury_is_refused_next_to_the_amount(client_as, league, commissioner, team):
    response = grant(client_as(commissioner), league, team, -100_000)
    assert response.status_code == 400
    assert "below zero" in response.context["grant_form"].errors["amount"][0]
    assert not LedgerEntry.objects.filter(team=team, account="treasury").exists()


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_others_cannot_grant(client_as, league, team, who, request):
    response = grant(client_as(request.getfixturevalue(who)), league, team, 1_000_000)
    assert response.status_code == 403
    assert not LedgerEntry.objects.filter(team=team, account="treasury").exists()


# --- House values ---------------------------------------------------------------------------------------


def house_post(client, league, changes):
    """The whole house-values form as the page renders it, with `changes` typed in."""
    response = client.get(settings_url(league))
    form = response.context["house_form"]
    data = {key: form[key].value() for key in form.fields}
    data = {key: (form.fields[key].prepare_value(value) if value is not None else "") for key, value in data.items()}
    data.update(changes)
    return client.post(settings_url(league, "league-house-values"), data)


def test_commissioner_sets_a_required_house_value_and_only_it_changes(client_as, commissioner):
    bare = LeagueFactory(commissioner=commissioner, house_values={"skills.ballbuster.cost": 100_000})
    response = house_post(
        client_as(commissioner), bare, {"athletes.carnage.butcher.value": "2,800,000", "athletes.carnage.butcher.skills": "none"}
    )
    assert response.status_code == 302
    bare.refresh_from_db()
    assert bare.house_values == {
        "skills.ballbuster.cost": 100_000,
        "athletes.carnage.butcher.value": 2_800_000,
        "athletes.carnage.butcher.skills": [],
    }


def test_an_emptied_house_value_is_cleared(client_as, commissioner):
    bare = LeagueFactory(commissioner=commissioner, house_values={"skills.ballbuster.cost": 100_000})
    assert house_post(client_as(commissioner), bare, {"skills.ballbuster.cost": ""}).status_code == 302
    bare.refresh_from_db()
    assert bare.house_values == {}


def test_a_bad_house_value_is_shown_next_to_its_input_and_takes_the_focus(client_as, commissioner):
    bare = LeagueFactory(commissioner=commissioner, house_values={})
    client = client_as(commissioner)

    refused = house_post(client, bare, {"skills.ballbuster.cost": "123", "skills.beckon.cost": "7"})
    unknown = house_post(client, bare, {"skills.ballbuster.types": ["razor", "wizard"]})

    assert (refused.status_code, unknown.status_code) == (400, 400)
    errors = refused.context["house_form"].errors
    assert "steps of 50,000" in errors["skills.ballbuster.cost"][0]
    assert "wizard is not one of the available choices" in unknown.context["house_form"].errors["skills.ballbuster.types"][0]
    page = refused.content.decode()
    assert page.count(" autofocus") == 1
    assert 'name="skills.ballbuster.cost"' in page.split(" autofocus")[0].rsplit("<input", 1)[1]
    bare.refresh_from_db()
    assert bare.house_values == {}


def test_the_settings_page_lists_what_is_unset_with_a_link_to_each_and_offers_names_for_lists(client_as, commissioner):
    bare = LeagueFactory(commissioner=commissioner, house_values={})

    response = client_as(commissioner).get(settings_url(bare))

    page = response.content.decode()
    unset = [row for _, rows in response.context["unset_groups"] for row in rows]
    assert len(unset) == response.context["required_count"] > 0
    assert '<a href="#id_athletes.carnage.butcher.value">Carnage butcher value</a>' in page
    assert '<option value="automatic-carve">Automatic Carve</option>' in page
    assert f'href="/leagues/{bare.pk}/settings/house-values/import/"' in page


def test_others_cannot_set_house_values(client_as, commissioner, rival):
    bare = LeagueFactory(commissioner=commissioner, house_values={})
    response = client_as(rival).post(settings_url(bare, "league-house-values"), {"skills.ballbuster.cost": "100000"})
    assert response.status_code == 403
    bare.refresh_from_db()
    assert bare.house_values == {}


def test_the_commissioner_switches_optional_rules_on_the_settings_page(client, commissioner, league):
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/settings/").content.decode()
    assert "Lasting Injuries" in page
    assert "Coaches may appeal a challenge" in page

    form = {
        "name": league.name,
        "open_for_signups": "on",
        "skill_budget": "300,000",
        "staff_budget": "200,000",
        "lasting_injuries": "on",
        "appeals_allowed": "on",
    }
    response = client.post(f"/leagues/{league.pk}/settings/", form)

    assert response.status_code == 302
    league.refresh_from_db()
    assert league.options["lasting_injuries"] is True
    assert league.options["appeals_allowed"] is True
    assert league.options["rogues"] is False


def test_head_is_answered_wherever_get_is(client, league):
    assert client.head("/").status_code == 200
    assert client.head(f"/leagues/{league.pk}/standings/").status_code == 200
    # pages with a form, which also take POST
    assert client.head("/accounts/signup/").status_code == 200
    client.force_login(league.commissioners.first())
    assert client.head(f"/leagues/{league.pk}/settings/").status_code == 200
