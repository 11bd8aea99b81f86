"""Blitz Bowl pages: the league panel, sign-up, arranging, a match and its result, the coach roster and its PDF."""

from __future__ import annotations

import html

from blitzbowl.models import Match, TraitGain
from blitzbowl.selectors import league_state
from blitzbowl.services import match_create
from engine.blitzbowl.traits import TRAITS
from rosters.models import LedgerEntry
from tests.blitzbowl.helpers import play, play_league, play_rolling_a_trait_twice


def test_the_league_page_shows_standings_schedule_and_legal_opponents(client, short_league, three):
    ann, bob, _cid = three
    play(match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk), (5, 2, 3), (1, 0, 0))
    page = client.get(f"/leagues/{short_league.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="standings"' in html
    assert "Ann&#x27;s Ambushers" in html
    assert "house choice" in html  # 2 matches, not the rulebook's 10
    assert "the rulebook is silent" in html
    assert 'id="legal-opponents"' in html
    assert "none now" not in html
    assert 'class="table-scroll"' in html  # tables scroll sideways on a phone


def test_sign_up_page(client_as, short_league, coach):
    page = client_as(coach).get(f"/blitzbowl/leagues/{short_league.pk}/signup/")
    assert page.status_code == 200
    answer = client_as(coach).post(f"/blitzbowl/leagues/{short_league.pk}/signup/", {"name": "Ann's Ambushers"})
    assert answer.status_code == 302
    team = short_league.teams.get()
    assert answer["Location"] == f"/blitzbowl/coaches/{team.pk}/"


def test_a_league_of_two_coaches_says_it_needs_a_third(client_as, short_league, ann, bob, commissioner):
    client = client_as(commissioner)
    assert "needs at least three coaches" in client.get(f"/leagues/{short_league.pk}/").content.decode()
    refused = client.post(f"/blitzbowl/leagues/{short_league.pk}/round/")
    assert refused.status_code == 400
    assert "needs at least 3 coaches; this one has 2." in refused.content.decode()
    assert not Match.objects.exists()


def test_an_illegal_pairing_is_refused_on_the_page(client_as, short_league, three):
    ann, bob, _ = three
    client = client_as(ann.coach)
    assert (
        client.post(f"/blitzbowl/leagues/{short_league.pk}/arrange/", {"home_team": ann.pk, "away_team": bob.pk}).status_code
        == 302
    )
    refused = client.post(f"/blitzbowl/leagues/{short_league.pk}/arrange/", {"home_team": bob.pk, "away_team": ann.pk})
    assert refused.status_code == 400
    assert "must first play Cid&#x27;s Crushers" in refused.content.decode()
    assert Match.objects.count() == 1


def test_report_and_confirm_on_the_match_page(client_as, short_league, three):
    ann, bob, _ = three
    match = match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    url = f"/blitzbowl/matches/{match.pk}/"
    form = {
        "home-score": 4,
        "home-challenge_cards": 2,
        "home-injuries": 1,
        "away-score": 4,
        "away-challenge_cards": 1,
        "away-injuries": "x",
    }
    refused = client_as(ann.coach).post(url + "report/", form)
    assert refused.status_code == 400
    page = refused.content.decode()
    # The error beside its field, the page opened at it.
    assert "Not accepted" not in page
    field = page[page.index('name="away-injuries"') :]
    assert " autofocus" in field[: field.index(">")]
    assert page.count(" autofocus") == 1
    assert '<div id="away-injuries-errors"><p class="field-error">Enter a whole number.</p></div>' in page
    for name, value in form.items():  # the form comes back as typed
        field = page[page.index(f'name="{name}"') :]
        assert f'value="{value}"' in field[: field.index(">")], name
    form["away-injuries"] = 0
    assert client_as(ann.coach).post(url + "report/", form).status_code == 302
    page = client_as(bob.coach).get(url)
    assert "Confirm the result" in page.content.decode()
    assert client_as(bob.coach).post(url + "confirm/").status_code == 302
    html = client_as(bob.coach).get(url).content.decode()
    assert 'id="trait-gains"' in html
    assert "Confirmed" in html


def test_the_coach_roster_and_its_pdf(client, get_sheet, short_league, three):
    ann, bob, _ = three
    play(match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk), (5, 2, 3), (1, 0, 0))
    html = client.get(f"/blitzbowl/coaches/{ann.pk}/").content.decode()
    assert "Coach Roster" in html
    assert "rival_coach (Bob&#x27;s Bashers)" in html
    assert "Win = 3" in html
    assert 'id="roster-traits"' in html  # his first trait: never one he holds
    pdf = get_sheet(f"/blitzbowl/coaches/{ann.pk}/roster.pdf")
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.pdf.startswith(b"%PDF")


def test_settings_page_has_the_match_count(client_as, short_league, commissioner):
    page = client_as(commissioner).get(f"/blitzbowl/leagues/{short_league.pk}/settings/")
    assert page.status_code == 200
    assert "League matches per coach" in page.content.decode()
    assert "Grants and fines" not in page.content.decode()  # Blitz Bowl has no money
    saved = client_as(commissioner).post(
        f"/blitzbowl/leagues/{short_league.pk}/settings/", {"name": "Crush League", "matches": 3, "open_for_signups": "on"}
    )
    assert saved.status_code == 302
    short_league.refresh_from_db()
    assert short_league.options["matches"] == 3


def test_a_matchs_date_and_place_are_shown_and_set_by_its_coaches_not_by_another(client_as, short_league, three):
    ann, bob, cid = three
    match = match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    url = f"/blitzbowl/matches/{match.pk}/schedule/"
    other = client_as(cid.coach)
    assert url not in other.get(f"/blitzbowl/matches/{match.pk}/").content.decode()
    assert other.post(url, {"scheduled_for": "2026-06-01", "location": "Club"}).status_code == 403
    coach = client_as(bob.coach)
    page = coach.get(f"/blitzbowl/matches/{match.pk}/").content.decode()
    assert "No date set" in page
    assert url in page
    assert coach.post(url, {"scheduled_for": "2026-06-01", "location": "Club"}).status_code == 302
    assert "Monday 1 June 2026 · Club" in coach.get(f"/blitzbowl/matches/{match.pk}/").content.decode()
    match.refresh_from_db()
    assert match.location == "Club"


def test_a_league_without_money_takes_no_grant_or_fine(client_as, short_league, three, commissioner):
    ann, _bob, _cid = three
    refused = client_as(commissioner).post(
        f"/leagues/{short_league.pk}/settings/grants/",
        {"team": ann.pk, "amount": "10,000", "reason": "Prize", "idempotency_key": "k1"},
    )
    assert refused.status_code == 400
    assert "Blitz Bowl keeps no money" in refused.content.decode()
    assert not LedgerEntry.objects.filter(team=ann).exists()


def test_drawing_the_final_asks_first_naming_its_match(client_as, short_league, three, commissioner):
    play_league(short_league, commissioner)
    top = [line.team.name for line in league_state(short_league).standings[:2]]
    client = client_as(commissioner)

    asked = client.post(f"/blitzbowl/leagues/{short_league.pk}/finals/")
    assert asked.status_code == 200
    text = html.unescape(asked.content.decode())
    assert f"Final: {top[0]} v {top[1]}." in text
    assert "none of them can be voided any more" in text
    assert not Match.objects.filter(stage="final").exists()
    assert client.post(f"/blitzbowl/leagues/{short_league.pk}/finals/", {"confirm": "1"}).status_code == 302
    assert Match.objects.filter(stage="final").exists()


def test_choosing_a_coach_trait_asks_first(client_as, short_league, three):
    ann, bob, cid = three
    play_rolling_a_trait_twice(short_league, ann, (cid, bob))  # Bribe the Ref, twice
    gain = TraitGain.objects.get(team=ann, trait="")
    client = client_as(ann.coach)

    asked = client.post(f"/blitzbowl/trait-gains/{gain.pk}/choose/", {"trait": "glory-hound"})
    assert asked.status_code == 200
    assert f"{ann.name} takes the Coach Trait {TRAITS['glory-hound'].name}" in html.unescape(asked.content.decode())
    gain.refresh_from_db()
    assert gain.trait == ""
    client.post(f"/blitzbowl/trait-gains/{gain.pk}/choose/", {"trait": "glory-hound", "confirm": "1"})
    gain.refresh_from_db()
    assert gain.trait == "glory-hound"
