"""Blood Bowl pages: the league page's panel, settings, team lists, sign-up, the team page with its
purchases and retirements, the roster sheet and its PDF; and the Slaughterball pages' 404s."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from pypdf import PdfReader

from bloodbowl.demo import demo_bloodbowl_team
from bloodbowl.large import seed_large
from bloodbowl.models import Player, TeamLists, TeamProfile
from bloodbowl.selectors import team_lists_of
from bloodbowl.services.standings import standings_recompute
from bloodbowl.services.teams import new_player
from rosters.models import Team
from tests.bloodbowl.factories import SAMPLE_CSV, SAMPLE_YAML
from tests.bloodbowl.test_team_lists import BROKEN_CSV, TWO_RACES_CSV
from tests.rosters.helpers import ledger_sums
from tests.sheets.helpers import assert_each_change_is_seen

pytestmark = pytest.mark.django_db


def signup_data(name: str = "Mire Marauders", rows: int = 16, **changes: object) -> dict[str, str]:
    """The sign-up form as a browser posts it: the team fields, the formset's management form, a row per player."""
    team = {**demo_bloodbowl_team(1), **changes}
    data = {
        "name": name,
        "race": team["race"],
        "rerolls": str(team["rerolls"]),
        "fan_factor": str(team["fan_factor"]),
        "assistant_coaches": "0",
        "cheerleaders": "0",
        "players-TOTAL_FORMS": str(rows),
        "players-INITIAL_FORMS": "0",
        "players-MIN_NUM_FORMS": "0",
        "players-MAX_NUM_FORMS": str(rows),
    }
    if team.get("apothecary"):
        data["apothecary"] = "on"
    for index in range(rows):
        player = team["players"][index] if index < len(team["players"]) else {"position": "", "name": "", "number": ""}
        for key in ("position", "name", "number"):
            data[f"players-{index}-{key}"] = str(player[key])
    return data


# --- The league page -------------------------------------------------------------------------------


def test_the_league_page_lists_the_teams_with_race_coach_team_rating_and_treasury(client, bb_team, bb_rival_team):
    standings_recompute(league_id=bb_team.league_id)  # the Team Ratings are the stored table's

    response = client.get(f"/leagues/{bb_team.league_id}/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Bogmire Bullfrogs" in page
    assert "Reedwater Wardens" in page
    assert "Bogmire Croakers" in page
    assert "own_coach" in page
    assert '<td class="num key" data-label="Team Rating">100</td>' in page  # Team Rating of a 1,000,000 gold pieces team
    assert "50,000" in page
    assert f"/bloodbowl/leagues/{bb_team.league_id}/teams/new/" in page
    assert f"/bloodbowl/teams/{bb_team.pk}/" in page


def test_the_league_page_says_which_house_value_a_team_rating_waits_for(client, bb_team):
    league = bb_team.league
    league.house_values = {k: v for k, v in league.house_values.items() if k != "costs.fan_factor"}
    league.save()
    standings_recompute(league_id=league.pk)

    page = client.get(f"/leagues/{league.pk}/").content.decode()

    assert "house value required" in page
    assert "Cost of one Fan Factor point for a new team" in page  # named in words, not by its key
    assert "costs.fan_factor" not in page


def test_the_commissioner_finds_the_blood_bowl_settings_from_the_league_page(client_as, commissioner, bb_league):
    page = client_as(commissioner).get(f"/leagues/{bb_league.pk}/").content.decode()

    assert f"/bloodbowl/leagues/{bb_league.pk}/settings/" in page
    assert f"/bloodbowl/leagues/{bb_league.pk}/team-lists/" in page


# --- Settings --------------------------------------------------------------------------------------


def settings_data(**changes: str) -> dict[str, str]:
    data = {
        "name": "Marsh League",
        "open_for_signups": "on",
        "starting_budget": "1,200,000",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "tie_breaker_1": "td_diff",
        "tie_breaker_2": "team_rating",
        "tie_breaker_3": "",
        "tie_breaker_4": "",
    }
    return {**data, **changes}


def test_the_settings_page_has_every_section(client_as, commissioner, bb_league):
    response = client_as(commissioner).get(f"/bloodbowl/leagues/{bb_league.pk}/settings/")

    assert response.status_code == 200
    page = response.content.decode()
    for section in ('id="general"', 'id="team-lists"', 'id="commissioners"', 'id="grants"', 'id="house-values"'):
        assert section in page
    assert "Starting budget" in page
    assert "Coaches may enter dice rolled at the table" in page
    assert "costs.apothecary" in page
    assert "Bogmire Croakers" in page


def test_the_shared_settings_address_leads_to_the_blood_bowl_page(client_as, commissioner, bb_league):
    response = client_as(commissioner).get(f"/leagues/{bb_league.pk}/settings/")

    assert response.status_code == 302
    assert response["Location"] == f"/bloodbowl/leagues/{bb_league.pk}/settings/"


def test_the_commissioner_saves_the_options(client_as, commissioner, bb_league):
    response = client_as(commissioner).post(f"/bloodbowl/leagues/{bb_league.pk}/settings/", settings_data(table_dice="on"))

    assert response.status_code == 302
    bb_league.refresh_from_db()
    assert bb_league.name == "Marsh League"
    assert bb_league.options["starting_budget"] == 1_200_000
    assert bb_league.options["tie_breakers"] == ["td_diff", "team_rating"]
    assert bb_league.options["table_dice"] is True


def test_a_tie_breaker_named_twice_is_refused_on_the_form(client_as, commissioner, bb_league):
    response = client_as(commissioner).post(
        f"/bloodbowl/leagues/{bb_league.pk}/settings/", settings_data(tie_breaker_2="td_diff")
    )

    assert response.status_code == 400
    assert "Name each tie-breaker once." in response.content.decode()
    bb_league.refresh_from_db()
    assert bb_league.name != "Marsh League"


def test_the_commissioner_sets_a_house_value(client_as, commissioner, bb_league):
    data = {key: f"{value:,}" for key, value in bb_league.house_values.items()}

    response = client_as(commissioner).post(
        f"/leagues/{bb_league.pk}/settings/house-values/", {**data, "costs.apothecary": "70,000"}
    )

    assert response.status_code == 302
    bb_league.refresh_from_db()
    assert bb_league.house_values["costs.apothecary"] == 70_000


def test_a_house_value_off_the_10_000_steps_is_refused(client_as, commissioner, bb_league):
    data = {key: str(value) for key, value in bb_league.house_values.items()}

    response = client_as(commissioner).post(
        f"/leagues/{bb_league.pk}/settings/house-values/", {**data, "costs.cheerleader": "15000"}
    )

    assert response.status_code == 400
    assert "in steps of 10,000" in response.content.decode()


def test_the_commissioner_grants_and_fines_gold(client_as, commissioner, bb_team):
    url = f"/leagues/{bb_team.league_id}/settings/grants/"
    api = client_as(commissioner)

    granted = api.post(url, {"team": bb_team.pk, "amount": "100,000", "reason": "Sponsor", "idempotency_key": "g1"})
    too_much = api.post(url, {"team": bb_team.pk, "amount": "-200,000", "reason": "Brawl", "idempotency_key": "f1"})

    assert granted.status_code == 302
    assert too_much.status_code == 400
    assert "below zero" in too_much.content.decode()
    assert ledger_sums(bb_team)["treasury"] == 150_000


def test_the_commissioner_adds_a_commissioner(client_as, commissioner, coach, bb_league):
    url = f"/leagues/{bb_league.pk}/settings/commissioners/"
    asked = client_as(commissioner).post(url, {"username": "own_coach"})
    assert asked.status_code == 200
    assert "Pitside has no way to remove a commissioner" in asked.content.decode()
    assert not bb_league.commissioners.filter(pk=coach.pk).exists()

    response = client_as(commissioner).post(url, {"username": "own_coach", "confirm": "1"})

    assert response.status_code == 302
    assert bb_league.commissioners.filter(pk=coach.pk).exists()


@pytest.mark.parametrize(
    "url",
    ["settings/", "team-lists/"],
)
def test_settings_and_team_lists_are_the_commissioners(url, client, client_as, coach, bb_league):
    assert client.get(f"/bloodbowl/leagues/{bb_league.pk}/{url}").status_code == 302  # to the log-in page
    assert client_as(coach).get(f"/bloodbowl/leagues/{bb_league.pk}/{url}").status_code == 403


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/bloodbowl/leagues/{}/settings/", settings_data()),
        ("/leagues/{}/settings/house-values/", {"costs.apothecary": "10,000"}),
        ("/leagues/{}/settings/grants/", {"team": "0", "amount": "1", "reason": "x", "idempotency_key": "k"}),
        ("/leagues/{}/settings/commissioners/", {"username": "own_coach"}),
        ("/bloodbowl/leagues/{}/team-lists/", {"format": "csv", "text": TWO_RACES_CSV}),
    ],
)
def test_a_coach_changes_no_setting(url, data, client_as, coach, bb_team):
    league = bb_team.league
    before = (league.name, league.options, league.house_values, TeamLists.objects.get(league=league).data)

    response = client_as(coach).post(url.format(league.pk), data)

    assert response.status_code == 403
    league.refresh_from_db()
    assert (league.name, league.options, league.house_values, TeamLists.objects.get(league=league).data) == before
    assert not league.commissioners.filter(pk=coach.pk).exists()


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("settings/grants/", {"amount": "x"}),
        ("settings/commissioners/", {"username": "nobody"}),
        ("settings/house-values/", {"costs.cheerleader": "15000"}),
    ],
)
def test_the_shared_settings_forms_answer_with_the_blood_bowl_settings_page(url, data, client_as, commissioner, bb_league):
    response = client_as(commissioner).post(f"/leagues/{bb_league.pk}/{url}", data)

    assert response.status_code == 400
    assert "Team lists" in response.content.decode()  # the Blood Bowl settings page, with the form's errors


# --- Team lists ------------------------------------------------------------------------------------


def test_the_team_lists_page_shows_the_current_lists_as_yaml_and_the_samples(client_as, commissioner, bb_league):
    response = client_as(commissioner).get(f"/bloodbowl/leagues/{bb_league.pk}/team-lists/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "slug: bogmire-croakers" in page  # the editor holds the lists as YAML
    assert "/bloodbowl/team-lists/samples/house-team.yaml" in page
    assert "/bloodbowl/team-lists/samples/house-team.csv" in page
    assert "Swamp Hulk" in page


@pytest.mark.parametrize(("name", "text"), [("house-team.yaml", SAMPLE_YAML), ("house-team.csv", SAMPLE_CSV)])
def test_the_sample_files_download(client, name, text):
    response = client.get(f"/bloodbowl/team-lists/samples/{name}")

    assert response.status_code == 200
    assert response.content.decode() == text
    assert "attachment" in response["Content-Disposition"]


def test_the_current_lists_download_as_yaml_and_import_again(client_as, commissioner, bb_league):
    commissioner_client = client_as(commissioner)
    text = commissioner_client.get(f"/bloodbowl/leagues/{bb_league.pk}/team-lists.yaml").content.decode()
    before = TeamLists.objects.get(league=bb_league).data

    response = commissioner_client.post(f"/bloodbowl/leagues/{bb_league.pk}/team-lists/", {"format": "yaml", "text": text})

    assert response.status_code == 302
    assert TeamLists.objects.get(league=bb_league).data == before


def test_the_commissioner_uploads_a_csv_file(client_as, commissioner, bb_league):
    upload = SimpleUploadedFile("lists.csv", TWO_RACES_CSV.encode(), content_type="text/csv")

    response = client_as(commissioner).post(
        f"/bloodbowl/leagues/{bb_league.pk}/team-lists/", {"format": "csv", "file": upload, "text": ""}
    )

    assert response.status_code == 302
    assert [r["slug"] for r in TeamLists.objects.get(league=bb_league).data["races"]] == ["hill-folk", "stone-kin"]


def test_a_broken_file_shows_every_error_with_its_row_and_imports_nothing(client_as, commissioner, bb_league):
    before = TeamLists.objects.get(league=bb_league).data

    response = client_as(commissioner).post(
        f"/bloodbowl/leagues/{bb_league.pk}/team-lists/", {"format": "csv", "text": BROKEN_CSV}
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported: 3 problems." in page
    for where in ("rows[3].ma", "rows[4].skills", "rows[5].race"):
        assert f"<code>{where}</code>" in page
    assert TeamLists.objects.get(league=bb_league).data == before


# --- Sign-up ---------------------------------------------------------------------------------------


def test_the_sign_up_page_offers_the_races_positions(client_as, coach, bb_league):
    response = client_as(coach).get(f"/bloodbowl/leagues/{bb_league.pk}/teams/new/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Swamp Hulk (110,000)" in page
    assert page.count('class="player-position"') == 16  # one row per roster place (roster.maximum)


def test_a_coach_signs_up_through_the_page(client_as, coach, bb_league):
    response = client_as(coach).post(f"/bloodbowl/leagues/{bb_league.pk}/teams/new/", signup_data())

    team = Team.objects.get(league=bb_league, name="Mire Marauders")
    assert response.status_code == 302
    assert response["Location"] == f"/bloodbowl/teams/{team.pk}/"
    assert team.bb_players.count() == 12
    assert ledger_sums(team)["treasury"] == 50_000


def test_an_over_budget_sign_up_shows_why_and_stores_nothing(client_as, coach, bb_league):
    response = client_as(coach).post(
        f"/bloodbowl/leagues/{bb_league.pk}/teams/new/", signup_data(apothecary=True, cheerleaders=1, rerolls=3)
    )

    assert response.status_code == 400
    assert "more than the starting budget of 1,000,000 gold pieces" in response.content.decode()
    assert not Team.objects.filter(league=bb_league).exists()


def test_a_bad_player_row_gets_its_error(client_as, coach, bb_league):
    data = signup_data()
    data["players-3-number"] = "1"

    response = client_as(coach).post(f"/bloodbowl/leagues/{bb_league.pk}/teams/new/", data)

    assert response.status_code == 400
    assert "Number 1 is taken." in response.content.decode()


# --- The team page ---------------------------------------------------------------------------------


def test_the_team_page_shows_players_staff_team_rating_treasury_and_ledger(client, bb_team):
    response = client.get(f"/bloodbowl/teams/{bb_team.pk}/")

    assert response.status_code == 200
    page = response.content.decode()
    for text in (
        "Big Croak 1",
        "Swamp Hulk",
        "Mighty Blow",
        "Team Rating",
        "Fan Factor",
        "Cheerleaders",
        "Starting budget 1,000,000 gold pieces less the team&#x27;s cost 950,000 gold pieces",
    ):
        assert text in page
    assert "Retire" not in page  # a spectator sees no forms
    assert f"/bloodbowl/teams/{bb_team.pk}/purchases/" not in page


def test_only_the_coach_sees_the_purchase_and_retire_forms(client_as, bb_team, rival):
    own = client_as(bb_team.coach).get(f"/bloodbowl/teams/{bb_team.pk}/").content.decode()
    rivals = client_as(rival).get(f"/bloodbowl/teams/{bb_team.pk}/").content.decode()

    assert f"/bloodbowl/teams/{bb_team.pk}/purchases/" in own
    assert "Retire" in own
    assert "120,000" in own  # a Team Re-roll at double the team list's 60,000
    assert "This costs 120,000 gold pieces" in own  # and why it cannot be bought yet
    assert f"/bloodbowl/teams/{bb_team.pk}/purchases/" not in rivals


def test_the_coach_buys_through_the_page_once_per_form(client_as, bb_team):
    data = {"kind": "player", "position": "bog-lineman", "name": "Newt", "number": "13", "idempotency_key": "form-1"}
    coach = client_as(bb_team.coach)

    # Hire asks first: who is hired, his price and the treasury left; nothing is spent yet.
    asked = coach.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", data)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert f"{bb_team.name} hires #13 Newt, Bog Lineman, for 50,000 gold pieces from the treasury; it keeps 0" in text
    assert not bb_team.bb_players.filter(name="Newt").exists()
    data["confirm"] = "1"
    first = coach.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", data)
    again = coach.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", data)

    assert (first.status_code, again.status_code) == (302, 302)
    assert bb_team.bb_players.filter(name="Newt").count() == 1
    assert ledger_sums(bb_team)["treasury"] == 0


def test_a_refused_page_purchase_shows_why(client_as, bb_team):
    response = client_as(bb_team.coach).post(
        f"/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "reroll", "idempotency_key": "form-2"}
    )

    assert response.status_code == 400
    assert "This costs 120,000 gold pieces; the treasury holds 50,000 gold pieces." in response.content.decode()
    assert TeamProfile.objects.get(team=bb_team).rerolls == 2


def test_the_coach_retires_a_player_through_the_page(client_as, bb_team):
    hulk = bb_team.bb_players.get(position="swamp-hulk")
    coach = client_as(bb_team.coach)

    # The button asks first: what will happen, and nothing done yet.
    asked = coach.post(f"/bloodbowl/players/{hulk.pk}/retire/", {"as_assistant_coach": "on"})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert f"leaves {bb_team.name}&#x27;s roster for good" in page
    assert "He stays on as an Assistant Coach, for free." in page
    assert '<input type="hidden" name="as_assistant_coach" value="on">' in page
    hulk.refresh_from_db()
    assert hulk.status == Player.Status.ACTIVE
    response = coach.post(f"/bloodbowl/players/{hulk.pk}/retire/", {"as_assistant_coach": "on", "confirm": "1"})

    assert response.status_code == 302
    hulk.refresh_from_db()
    assert hulk.status == Player.Status.RETIRED
    assert TeamProfile.objects.get(team=bb_team).assistant_coaches == 1


@pytest.mark.parametrize("actor", ["rival", "commissioner"])
def test_no_one_else_buys_or_retires(actor, request, client_as, bb_team, bb_rival_team):
    other = client_as(request.getfixturevalue(actor))
    hulk = bb_team.bb_players.get(position="swamp-hulk")

    bought = other.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "cheerleader", "idempotency_key": "x"})
    retired = other.post(f"/bloodbowl/players/{hulk.pk}/retire/", {})

    assert (bought.status_code, retired.status_code) == (403, 403)
    hulk.refresh_from_db()
    assert hulk.status == Player.Status.ACTIVE
    assert ledger_sums(bb_team)["treasury"] == 50_000


def test_a_purchase_without_the_csrf_token_is_refused(bb_team):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(bb_team.coach)

    response = browser.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "cheerleader", "idempotency_key": "x"})

    assert response.status_code == 403
    assert ledger_sums(bb_team)["treasury"] == 50_000


# --- Roster sheet ----------------------------------------------------------------------------------


@pytest.mark.parametrize("page", ["", "roster/"])
def test_the_team_page_and_roster_sheet_show_titles_and_star_player_rolls(client, bb_team, page):
    """Star Player Progression Table: 11-25 SPP is a Veteran, with two Star Player Rolls."""
    Player.objects.filter(pk=bb_team.bb_players.get(number=7).pk).update(spp=17, skill_rolls=1)

    content = client.get(f"/bloodbowl/teams/{bb_team.pk}/{page}").content.decode()

    assert "<th>Title</th><th>Star Player Rolls</th>" in content
    assert '<td class="nowrap" data-label="Title">Veteran</td>' in content
    assert "2 earned, 1 made, <strong>1 pending</strong>" in content
    assert '<td class="nowrap" data-label="Title">Rookie</td>' in content


def test_the_roster_sheet_marks_increases_and_injuries(client, bb_team):
    runner = bb_team.bb_players.get(number=7)
    runner.stats = {**runner.stats, "ma": 9, "av": 6}
    runner.skills = [*runner.skills, "sure-hands"]
    runner.niggling_injuries = 1
    runner.misses_next_match = True
    runner.spp = 17
    runner.save()

    page = client.get(f"/bloodbowl/teams/{bb_team.pk}/roster/").content.decode()

    assert '<strong title="+1 from Star Player Rolls">9+</strong>' in page
    assert '<em title="-1 from injuries or aging">6-</em>' in page
    assert '<strong title="gained">Sure Hands</strong>' in page
    assert "1 niggling, M" in page
    assert "Match Record" in page


def test_the_roster_pdf_holds_the_players_and_the_team(get_sheet, bb_team):
    response = get_sheet(f"/bloodbowl/teams/{bb_team.pk}/roster.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.pdf)).pages)
    for expected in (
        "Bogmire Bullfrogs",
        "Big Croak 1",
        "Swamp Hulk",
        "Mighty Blow",
        "Team Rating",
        "Fan Factor",
        "Treasury",
        "110,000",
        "No matches played yet",
    ):
        assert expected in text


@pytest.mark.parametrize("players", [13, 16])
def test_a_roster_of_up_to_sixteen_players_and_a_season_of_matches_is_one_page(get_sheet, players):
    """Issue 28: a 13-player roster spilled onto a second page; 16 is the most a roster holds (the house value
    maximum of the demo). Each player has gained skills, some are hurt, and the team has played ten matches."""
    league = seed_large(2, 10)
    team = Team.objects.filter(league=league).order_by("pk").first()
    race = team_lists_of(league).race(team.faction)
    positions = {position.slug: position for position in race.positions}
    Player.objects.bulk_create(
        new_player(team, positions["bog-lineman"], f"Hired Lineman {number}", number)
        for number in range(team.bb_players.count() + 1, players + 1)
    )
    gained = ["block", "dodge", "sure-hands", "guard", "tackle"]
    for index, player in enumerate(team.bb_players.order_by("number")):
        player.skills = [*player.skills, *gained[: 1 + index % 4]]
        player.niggling_injuries = index % 3 == 0
        player.spp += 5 * index
        player.save()
    assert team.bb_players.count() == players

    response = get_sheet(f"/bloodbowl/teams/{team.pk}/roster.pdf")

    pdf = PdfReader(io.BytesIO(response.pdf))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert f"Hired Lineman {players}" in text
    assert "Team Rating" in text


def test_a_stored_roster_pdf_is_served_from_its_rows(client, bb_team, media_root, django_assert_num_queries, monkeypatch):
    url = f"/bloodbowl/teams/{bb_team.pk}/roster.pdf"
    first = b"".join(client.get(url).streaming_content)
    monkeypatch.setattr("sheets.views.render_to_string", lambda *args, **kwargs: pytest.fail("the page was rendered"))

    with django_assert_num_queries(2):
        # 1. the sheet's rows: its team with league and coach, balances, profile, players, team lists, matches and
        #    their sides, in one UNION ALL; 2. the stored sheet
        served = client.get(url)

    assert b"".join(served.streaming_content) == first


def test_the_roster_sheets_rows_change_with_everything_it_shows():
    """roster_sheet_data stands for the sheet's HTML: whatever changes the one changes the other."""
    from django.template.loader import render_to_string

    from bloodbowl.large import seed_large
    from bloodbowl.models import MatchSide
    from bloodbowl.selectors import team_get
    from bloodbowl.sheets import roster_sheet_data, team_context
    from bloodbowl.views.teams import ROSTER_TEMPLATE
    from rosters.models import LedgerEntry, LedgerKind

    league = seed_large(4, 2)
    side = MatchSide.objects.filter(match__league=league, match__state="confirmed").first()
    team = side.team
    rival = MatchSide.objects.filter(match=side.match).exclude(pk=side.pk).get()
    player = Player.objects.filter(team=team).first()

    def both() -> tuple[object, str]:
        return roster_sheet_data(team.pk), render_to_string(ROSTER_TEMPLATE, {**team_context(team_get(team.pk)), "pdf": True})

    changes = [
        lambda: Team.objects.filter(pk=team.pk).update(name="Renamed team"),
        lambda: type(league).objects.filter(pk=league.pk).update(name="Renamed league"),
        lambda: Player.objects.filter(pk=player.pk).update(name="Renamed player"),
        lambda: Player.objects.filter(pk=player.pk).update(spp=player.spp + 3),
        lambda: TeamProfile.objects.filter(team=team).update(rerolls=7),
        lambda: LedgerEntry.objects.create(team=team, account="treasury", amount=12_345, kind=LedgerKind.GRANT, reason="Gate"),
        lambda: MatchSide.objects.filter(pk=rival.pk).update(score=(rival.score or 0) + 5),
        lambda: MatchSide.objects.filter(pk=side.pk).update(notes="A muddy pitch"),
        lambda: Team.objects.filter(pk=rival.team_id).update(name="Renamed rival"),
    ]
    assert_each_change_is_seen(both, changes)


# --- Each game system's pages serve its own leagues ------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/teams/{team}/",
        "/teams/{team}/roster/",
        "/teams/{team}/roster.pdf",
        "/leagues/{league}/teams/new/",
        "/leagues/{league}/seasons/",
        "/leagues/{league}/standings/",
    ],
)
def test_the_slaughterball_pages_answer_404_for_a_blood_bowl_league_or_team(url, client_as, bb_team):
    response = client_as(bb_team.coach).get(url.format(team=bb_team.pk, league=bb_team.league_id))

    assert response.status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        "/bloodbowl/teams/{team}/",
        "/bloodbowl/teams/{team}/roster/",
        "/bloodbowl/leagues/{league}/teams/new/",
        "/bloodbowl/leagues/{league}/settings/",
        "/bloodbowl/leagues/{league}/team-lists/",
    ],
)
def test_the_blood_bowl_pages_answer_404_for_a_slaughterball_league_or_team(url, client_as, commissioner, team):
    response = client_as(commissioner).get(url.format(team=team.pk, league=team.league_id))

    assert response.status_code == 404


def test_anonymous_is_sent_to_log_in_and_changes_nothing(client, bb_team):
    hulk = bb_team.bb_players.get(position="swamp-hulk")
    writes = [
        (f"/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "cheerleader", "idempotency_key": "x"}),
        (f"/bloodbowl/players/{hulk.pk}/retire/", {}),
        (f"/bloodbowl/leagues/{bb_team.league_id}/teams/new/", signup_data()),
        (f"/bloodbowl/leagues/{bb_team.league_id}/settings/", settings_data()),
        (f"/bloodbowl/leagues/{bb_team.league_id}/team-lists/", {"format": "csv", "text": TWO_RACES_CSV}),
    ]

    for url, data in writes:
        response = client.post(url, data)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url
    hulk.refresh_from_db()
    assert hulk.status == Player.Status.ACTIVE
    assert ledger_sums(bb_team)["treasury"] == 50_000
    assert Team.objects.filter(league=bb_team.league).count() == 1
    assert [r["slug"] for r in TeamLists.objects.get(league=bb_team.league).data["races"]] == ["bogmire-croakers"]
