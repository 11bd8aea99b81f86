"""Team pages: sign-up, the team page, spending (skills and staff) and the Team Roster Sheet."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from pypdf import PdfReader

from engine.slaughterball.ruleset import RULESET
from rosters.models import Team
from slaughterball.models import Purchase
from slaughterball.selectors_teams import team_get, team_summary
from tests.factories import LeagueFactory, UserFactory
from tests.slaughterball.teams.helpers import first_allowed, signup_data

pytestmark = pytest.mark.django_db


def catalog_text(skill: str) -> str:
    return RULESET.catalog({}).skills[skill].text


def summary_of(team):
    return team_summary(team_get(team.pk))


# --- Sign-up -------------------------------------------------------------------------------------


def test_sign_up_page_renders_the_rows_and_the_type_limits(client_as, league, coach):
    response = client_as(coach).get(reverse("team-create", args=[league.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="athlete-type"') == 8
    assert 'data-minimum="1"' in page
    assert 'data-maximum="3"' in page
    assert 'data-size="8"' in page
    assert "Valkyries" in page  # a portfolio choice


def portfolio_table(page: str, portfolio: str) -> str:
    table = page[page.index(f'data-portfolio="{portfolio}"') :]
    return table[: table.index("</details>")]


def row_of(table: str, athlete_type: str) -> str:
    row = table[table.index(f'<th scope="row" class="card-title">{athlete_type}') :]
    return row[: row.index("</tr>")]


def test_sign_up_page_shows_what_each_type_starts_with_in_each_portfolio(client_as, league, coach):
    page = client_as(coach).get(reverse("team-create", args=[league.pk])).content.decode()
    carnage = portfolio_table(page, "carnage")
    assert not carnage.startswith('data-portfolio="carnage" open')  # none chosen yet
    slasher = row_of(carnage, "Slasher")
    # Carnage's printed slasher: traits 2 3 5 5 5, four skills by name; its value is a house value.
    traits = re.findall(r'<td class="num" data-label="(\w+)">(\d+)\s*</td>', slasher)
    assert traits == [("Accuracy", "2"), ("Agility", "3"), ("Brawling", "5"), ("Speed", "5"), ("Toughness", "5")]
    assert "Automatic Carve, Awesome Brute 1, Dirty Stomper, Star Brawler" in slasher
    assert re.search(r"2,400,000\s*<span class=\"badge house\">house value</span>", slasher)
    razor = row_of(carnage, "Razor")
    assert "2,700,000" in razor
    assert "house value" not in razor  # all printed
    butcher = row_of(carnage, "Butcher")  # every figure a house value: the row says so once
    assert butcher.count("house value") == 1
    assert "Pit Strategy, Pit Tactics, Thwart" in row_of(portfolio_table(page, "nemesis"), "Cleaver")


def test_a_refused_sign_up_opens_the_chosen_portfolio_and_its_first_error(client_as, league, coach):
    data = signup_data()
    data["athletes-3-name"] = ""
    data["athletes-6-number"] = ""
    page = client_as(coach).post(reverse("team-create", args=[league.pk]), data).content.decode()
    assert page.count("data-portfolio=") == 4
    assert 'data-portfolio="carnage" open' in page
    assert page.count(" autofocus") == 1
    assert re.search(r'<input[^>]*name="athletes-3-name"[^>]*autofocus', page)


def test_a_sign_up_refused_for_its_roster_opens_at_the_roster_errors(client_as, league, coach):
    athletes = [{"type": "razor", "name": f"R{i}", "number": i} for i in range(1, 9)]
    page = client_as(coach).post(reverse("team-create", args=[league.pk]), signup_data(athletes=athletes)).content.decode()
    assert page.count(" autofocus") == 1
    errors = page[page.index('<div class="errors" role="alert" tabindex="-1" autofocus>') :]
    assert "at most 3 razors" in errors[: errors.index("</div>")]


def test_sign_up_needs_login(client, league):
    response = client.post(reverse("team-create", args=[league.pk]), signup_data())
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not Team.objects.exists()


def test_sign_up_makes_the_team_with_its_athletes_and_budgets(client_as, league):
    newcomer = UserFactory(username="newcomer")
    response = client_as(newcomer).post(reverse("team-create", args=[league.pk]), signup_data(name="Lake Ogres"))
    team = Team.objects.get(name="Lake Ogres")
    assert response.status_code == 302
    assert response["Location"] == reverse("team-detail", args=[team.pk])
    assert team.coach == newcomer
    assert team.faction == "carnage"
    assert team.athletes.count() == 8
    assert summary_of(team).balances == {"treasury": 0, "skill_budget": 300_000, "staff_budget": 200_000}


def test_sign_up_errors_go_next_to_the_row_and_nothing_is_created(client_as, league, coach):
    athletes = signup_data()
    athletes["athletes-3-number"] = athletes["athletes-1-number"]  # a jersey number twice
    response = client_as(coach).post(reverse("team-create", args=[league.pk]), athletes)
    assert response.status_code == 400
    rows = response.context["forms"].athletes.forms
    assert "already taken" in rows[3].errors["number"][0]
    assert not rows[1].errors
    assert "already taken" in response.content.decode()
    assert not Team.objects.exists()


def test_sign_up_maps_errors_to_the_right_row_when_a_row_is_left_empty(client_as, league, coach):
    data = signup_data()
    for key in ("type", "name", "number"):
        data[f"athletes-2-{key}"] = ""
    data["athletes-5-name"] = data["athletes-4-name"]
    response = client_as(coach).post(reverse("team-create", args=[league.pk]), data)
    assert response.status_code == 400
    forms = response.context["forms"]
    assert any("exactly 8 athletes, not 7" in e for e in forms.athlete_errors)
    assert "already taken" in forms.athletes.forms[5].errors["name"][0]
    assert not Team.objects.exists()


def test_sign_up_shows_type_limits_and_team_fields_errors(client_as, league, coach, team):
    athletes = [{"type": "razor", "name": f"R{i}", "number": i} for i in range(1, 9)]
    response = client_as(coach).post(
        reverse("team-create", args=[league.pk]), signup_data(name=team.name.upper(), athletes=athletes)
    )
    assert response.status_code == 400
    forms = response.context["forms"]
    assert any("at most 3 razors" in e for e in forms.athlete_errors)
    assert any("at least one butcher" in e for e in forms.athlete_errors)
    assert Team.objects.count() == 1


def test_sign_up_form_errors_are_400(client_as, league, coach):
    data = signup_data(name="", portfolio="atlantis")
    data["athletes-0-number"] = "abc"
    response = client_as(coach).post(reverse("team-create", args=[league.pk]), data)
    assert response.status_code == 400
    forms = response.context["forms"]
    assert "name" in forms.team.errors
    assert "portfolio" in forms.team.errors
    assert "number" in forms.athletes.forms[0].errors
    assert not Team.objects.exists()


def test_sign_up_tells_a_coach_the_league_is_not_set_up_and_its_commissioner_what_is_missing(client_as, commissioner, coach):
    bare = LeagueFactory(commissioner=commissioner, house_values={})
    refused = client_as(coach).post(reverse("team-create", args=[bare.pk]), signup_data())
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "The commissioner has not finished setting up this league." in page
    assert "athletes.carnage" not in page.split("<form")[1]
    response = client_as(commissioner).post(reverse("team-create", args=[bare.pk]), signup_data())
    assert response.status_code == 400
    forms = response.context["forms"]
    assert any("Carnage butcher value" in e for e in forms.athlete_errors)
    butcher_rows = [row for row in forms.athletes.forms if row.cleaned_data.get("type") == "butcher"]
    assert butcher_rows
    assert all(row.non_field_errors() for row in butcher_rows)
    assert not Team.objects.exists()


def test_sign_up_in_a_closed_league_is_refused(client_as, league, coach):
    league.open_for_signups = False
    league.save()
    response = client_as(coach).post(reverse("team-create", args=[league.pk]), signup_data())
    assert response.status_code == 400
    assert "not open for sign-ups" in response.content.decode()
    assert not Team.objects.exists()


# --- Team page -------------------------------------------------------------------------------------


def test_team_page_is_public(client, team):
    response = client.get(reverse("team-detail", args=[team.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    summary = summary_of(team)
    assert team.name in page
    assert summary.athletes[0].athlete.name in page
    for heading in ("ACC", "AGL", "BRW", "SPD", "TGH", "Base Value", "Extra Skills Value", "Total Value"):
        assert heading in page
    for account in ("Treasury", "Skill Budget", "Support Staff Budget"):
        assert account in page
    assert f"{summary.team_potential:,}" in page
    assert "treasury not included (the rulebook does not say; Pitside shows it beside)" in page
    assert "Skill Budget (300,000 credits)" in page  # a ledger row's reason
    assert reverse("team-roster-sheet", args=[team.pk]) in page
    assert reverse("team-roster-pdf", args=[team.pk]) in page
    assert "/spend/" not in page
    assert "Hire support staff" not in page


def test_team_page_offers_spending_to_its_coach_only(client_as, team, rival):
    page = client_as(team.coach).get(reverse("team-detail", args=[team.pk])).content.decode()
    athlete = team.athletes.first()
    assert reverse("athlete-spend", args=[athlete.pk]) in page
    assert "Hire support staff" in page
    page = client_as(rival).get(reverse("team-detail", args=[team.pk])).content.decode()
    assert reverse("athlete-spend", args=[athlete.pk]) not in page


def test_unknown_team_is_404(client, db):
    assert client.get(reverse("team-detail", args=[424242])).status_code == 404
    assert client.get(reverse("team-roster-pdf", args=[424242])).status_code == 404


# --- Spending ----------------------------------------------------------------------------------------


def spend_url(athlete_id):
    return reverse("athlete-spend", args=[athlete_id])


def test_spend_page_lists_only_what_may_be_bought_now(client_as, team):
    athlete, _ = first_allowed(team)
    response = client_as(team.coach).get(spend_url(athlete.id))
    assert response.status_code == 200
    offers = response.context["offers"]
    assert offers
    assert all(o.allowed for o, _ in offers)
    assert len({key for _, key in offers}) == len(offers)  # one idempotency key per Buy form
    refused = response.context["refused"]
    assert refused
    assert all(not o.allowed and o.reason for o in refused)
    page = response.content.decode()
    assert "<details" in page
    assert refused[0].reason.split(".")[0] in page
    assert 'name="idempotency_key"' in page
    assert "Skill Budget" in page
    # Each skill with its text from the rulebook's List of Skills.
    skill = next(o for o, _ in offers if o.kind == "skill")
    assert skill.text
    assert f'<p class="note skill-text">{escape(skill.text)}</p>' in page
    assert escape(catalog_text("automatic-carve")) in page  # refused to this athlete, or offered


@pytest.mark.parametrize("who", ["rival", "commissioner"])
def test_spend_page_is_403_for_others(client_as, team, who, request):
    athlete = team.athletes.first()
    assert client_as(request.getfixturevalue(who)).get(spend_url(athlete.pk)).status_code == 403


def test_spend_page_sends_anonymous_to_log_in(client, team):
    response = client.get(spend_url(team.athletes.first().pk))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_buying_a_skill_changes_the_teams_values(client_as, team):
    athlete, option = first_allowed(team)
    before = summary_of(team)
    response = client_as(team.coach).post(
        spend_url(athlete.id),
        {
            "kind": option.kind,
            "item": option.item,
            "idempotency_key": "buy-1",
            "confirm": "1",
        },
        follow=True,
    )
    assert response.status_code == 200
    after = summary_of(team)
    assert after.team_potential == before.team_potential + option.cost
    row = next(r for r in after.athletes if r.athlete.pk == athlete.id)
    assert row.facts.extra_value == option.cost
    assert option.item in row.facts.bought_skills
    page = response.content.decode()
    assert f"Bought {option.name} for {option.cost:,} credits" in page
    assert f"Skill Budget {300_000 - option.cost:,}" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_a_purchase_asks_first_and_spends_nothing_until_confirmed(client_as, team, htmx):
    athlete, option = first_allowed(team)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    data = {"kind": option.kind, "item": option.item, "idempotency_key": "ask-1"}
    asked = client_as(team.coach).post(spend_url(athlete.id), data, **headers)
    assert asked.status_code == 200
    page = asked.content.decode().replace("&#x27;", "'")
    assert f"{athlete.name} learns {option.name}, for {option.cost:,} credits." in page
    assert f"from the Skill Budget; left: Skill Budget {300_000 - option.cost:,} credits." in page
    assert "A purchase is not refunded." in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert ("<html" in page) is not htmx
    # The question is the page's h1 on a page of its own; swapped into the spend page (which has one), an h2.
    assert f'<h{2 if htmx else 1} id="confirm-title">' in page
    assert page.count("<h1") == (0 if htmx else 1)
    assert not Purchase.objects.exists()
    assert summary_of(team).balances["skill_budget"] == 300_000


def test_the_same_idempotency_key_buys_once(client_as, team):
    athlete, option = first_allowed(team)
    client = client_as(team.coach)
    data = {"kind": option.kind, "item": option.item, "idempotency_key": "double-click", "confirm": "1"}
    assert client.post(spend_url(athlete.id), data).status_code == 302
    response = client.post(spend_url(athlete.id), data, follow=True)
    assert response.status_code == 200
    assert "nothing more was spent" in response.content.decode()
    assert Purchase.objects.filter(team=team).count() == 1
    assert summary_of(team).balances["skill_budget"] == 300_000 - option.cost


def test_buying_with_htmx_swaps_the_panel(client_as, team):
    athlete, option = first_allowed(team, kind="trait")
    response = client_as(team.coach).post(
        spend_url(athlete.id),
        {"kind": option.kind, "item": option.item, "idempotency_key": "htmx-1", "confirm": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert '<div id="spend-panel"' in page
    assert "<html" not in page
    assert f"Bought {option.name}" in page
    assert Purchase.objects.filter(team=team, kind="trait").count() == 1


def test_a_refused_purchase_is_400_and_buys_nothing(client_as, team):
    athlete = team.athletes.filter(type="razor").first()
    response = client_as(team.coach).post(
        spend_url(athlete.pk),
        {
            "kind": "skill",
            "item": "awesome-brute-3",
            "idempotency_key": "no",  # butchers only
        },
    )
    assert response.status_code == 400
    assert "butchers only" in response.content.decode()
    assert not Purchase.objects.exists()


@pytest.mark.parametrize("who", ["rival", "commissioner"])
def test_others_cannot_buy(client_as, team, who, request):
    athlete, option = first_allowed(team)
    client = client_as(request.getfixturevalue(who))
    response = client.post(spend_url(athlete.id), {"kind": option.kind, "item": option.item, "idempotency_key": "x"})
    assert response.status_code == 403
    assert client.post(spend_url(athlete.id), {}).status_code == 403
    assert not Purchase.objects.exists()


def test_anonymous_cannot_buy(client, team):
    athlete, option = first_allowed(team)
    response = client.post(spend_url(athlete.id), {"kind": option.kind, "item": option.item, "idempotency_key": "x"})
    assert response.status_code == 302
    assert not Purchase.objects.exists()


def test_coach_hires_staff_from_the_team_page(client_as, team):
    client = client_as(team.coach)
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    key = re.search(r'name="item" value="physician">\s*<input type="hidden" name="idempotency_key" value="(\w+)"', page)[1]
    data = {"item": "physician", "idempotency_key": key}
    # The button asks first: what it costs, from which budget, what is left; nothing is hired yet.
    asked = client.post(reverse("team-staff-hire", args=[team.pk]), data).content.decode()
    assert f"{team.name} hires Physician, for 200,000 credits." in asked.replace("&#x27;", "'")
    assert "Paid 200,000 credits from the Support Staff Budget; left: Support Staff Budget 0 credits." in asked
    assert f'<input type="hidden" name="idempotency_key" value="{key}">' in asked
    assert not Purchase.objects.exists()
    data["confirm"] = "1"
    response = client.post(reverse("team-staff-hire", args=[team.pk]), data, follow=True)
    assert response.status_code == 200
    assert "Bought Physician for 200,000 credits" in response.content.decode()
    client.post(reverse("team-staff-hire", args=[team.pk]), data)  # sent again: hired once
    summary = summary_of(team)
    assert [p.name for p in summary.staff] == ["Physician"]
    assert summary.staff_value == 200_000


def test_a_refused_hire_is_400(client_as, team):
    response = client_as(team.coach).post(
        reverse("team-staff-hire", args=[team.pk]), {"item": "defensive-coach", "idempotency_key": "k"}
    )
    assert response.status_code == 400
    assert "Defensive Coach costs 500,000 credits" in response.content.decode()
    assert not Purchase.objects.exists()


def test_others_cannot_hire(client_as, team, rival):
    response = client_as(rival).post(reverse("team-staff-hire", args=[team.pk]), {"item": "physician", "idempotency_key": "k"})
    assert response.status_code == 403
    assert not Purchase.objects.exists()


# --- Team Roster Sheet -------------------------------------------------------------------------------


def test_roster_sheet_page_has_the_rulebook_fields(client, team):
    response = client.get(reverse("team-roster-sheet", args=[team.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    for field in (
        "Support Staff",
        "Total Support Staff",
        "Total Athletes' Value",
        "Treasury",
        "Total LPs",
        "Team Potential",
        "Game Record",
        "Place",
        "Score",
        "League Points/Rank",
        "No games played yet",
        "ACC",
        "TGH",
        "Base Value",
        "Extra Skills Value",
        "Total Value",
    ):
        assert field in page, field
    assert ">B</abbr>" in page
    assert ">R</abbr>" in page
    assert team.league.name in page
    assert team.coach.username in page
    assert "Valkyries" in page


def test_roster_pdf(client, get_sheet, team):
    athlete, option = first_allowed(team)
    client.force_login(team.coach)
    client.post(spend_url(athlete.id), {"kind": option.kind, "item": option.item, "idempotency_key": "pdf"})
    client.logout()
    response = get_sheet(f"/teams/{team.pk}/roster.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.pdf.startswith(b"%PDF")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.pdf)).pages)
    summary = summary_of(team)
    assert team.name in text
    assert athlete.name in text
    assert f"{summary.team_potential:,}" in text
    assert "No games played yet" in text
    assert "Log in" not in text  # no site navigation on the sheet
