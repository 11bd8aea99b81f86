"""The Blood Bowl match pages: arrange, pre-match, report by form, confirm, star player roll, standings."""

from __future__ import annotations

from django.test import Client

from bloodbowl.models import Match, StarPlayerRoll
from leagues.models import League
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _report_form(home, away, **extra):
    scorer = home.bb_players.get(number=1)
    data = {
        "home-score": "1",
        "home-casualties": "0",
        "home-mvp": str(scorer.pk),
        f"home-{scorer.pk}-touchdowns": "1",
        "away-score": "0",
        "away-casualties": "0",
        "away-mvp": str(away.bb_players.get(number=1).pk),
    }
    return {**data, **extra}


def test_a_match_through_the_pages(bb, django_capture_on_commit_callbacks):
    league, home, away = bb
    coach = _as(home.coach)
    arranged = coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    assert arranged.status_code == 302
    page = coach.get(f"/bloodbowl/matches/{match.pk}/")
    assert "Roll the gate" in page.content.decode()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    page = coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    assert "Report the match" in page
    assert "Gate" in page
    assert "Your Special Play Cards" in page
    cards = Match.objects.get().sides.get(team=home).special_play_cards
    assert coach.post(f"/bloodbowl/matches/{match.pk}/cards/", {"deck-magic_items": "2"}).status_code == 400
    assert coach.post(f"/bloodbowl/matches/{match.pk}/cards/", {"deck-dirty_tricks": str(cards)}).status_code == 302
    bad = coach.post(f"/bloodbowl/matches/{match.pk}/report/", _report_form(home, away, **{"home-score": "2"}))
    assert bad.status_code == 400
    assert "make 1, but the score is 2" in bad.content.decode()
    assert coach.post(f"/bloodbowl/matches/{match.pk}/report/", _report_form(home, away)).status_code == 302
    assert "Confirm the report" not in coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    rival = _as(away.coach)
    assert "Confirm the report" in rival.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the standings recompute queued on commit
        assert rival.post(f"/bloodbowl/matches/{match.pk}/confirm/").status_code == 302
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    standings = Client().get(f"/bloodbowl/leagues/{league.pk}/standings/").content.decode()
    assert standings.index("Croakers") < standings.index("Bog Kings")
    assert "Touchdowns" in standings


def test_star_player_roll_chosen_on_the_match_page(bb):
    league, home, away = bb
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    scorer = home.bb_players.get(number=1)
    coach.post(
        f"/bloodbowl/matches/{match.pk}/report/",
        _report_form(home, away, **{f"home-{scorer.pk}-touchdowns": "1", "home-mvp": str(scorer.pk)}),
    )
    _as(away.coach).post(f"/bloodbowl/matches/{match.pk}/confirm/")
    spr = StarPlayerRoll.objects.get(player=scorer)  # 3 + 5 SPP: Experienced
    page = coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    assert "Star player rolls to choose" in page
    assert "Take it" not in _as(away.coach).get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    option = page.split('<select name="choice"><option value="', 1)[1].split('"', 1)[0]
    asked = coach.post(f"/bloodbowl/star-player-rolls/{spr.pk}/choose/", {"choice": option})
    assert asked.status_code == 200
    assert f"#1 {scorer.name} of {home.name} takes " in asked.content.decode()
    assert "its match can no longer be voided" in asked.content.decode()
    spr.refresh_from_db()
    assert spr.choice is None
    assert coach.post(f"/bloodbowl/star-player-rolls/{spr.pk}/choose/", {"choice": option, "confirm": "1"}).status_code == 302
    spr.refresh_from_db()
    assert spr.choice is not None


def test_writes_need_a_login_and_a_coach_of_the_match(bb):
    league, home, away = bb
    anonymous = Client()
    teams = {"home_team": home.pk, "away_team": away.pk}
    assert anonymous.post(f"/bloodbowl/leagues/{league.pk}/matches/", teams).status_code == 302
    assert not Match.objects.exists()
    _as(home.coach).post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    assert _as(UserFactory()).post(f"/bloodbowl/matches/{match.pk}/prematch/").status_code == 403
    assert anonymous.post(f"/bloodbowl/matches/{match.pk}/prematch/").status_code == 302
    match.refresh_from_db()
    assert match.gate is None


def test_csrf_is_checked_on_the_match_forms(bb):
    league, home, away = bb
    client = Client(enforce_csrf_checks=True)
    client.force_login(home.coach)
    teams = {"home_team": home.pk, "away_team": away.pk}
    assert client.post(f"/bloodbowl/leagues/{league.pk}/matches/", teams).status_code == 403


def test_dice_rolled_at_the_table_typed_on_the_page(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    home = bloodbowl_team(league, UserFactory(), "A", fan_factor=1)
    away = bloodbowl_team(league, UserFactory(), "B", fan_factor=1)
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    assert "Dice rolled at the table" in coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    refused = coach.post(f"/bloodbowl/matches/{match.pk}/prematch/", {"dice-gate": "7 1"})
    assert refused.status_code == 400
    assert "from 1 to 6" in refused.content.decode()
    for typed in ("² 3", f"{'9' * 5000} 3"):
        refused = coach.post(f"/bloodbowl/matches/{match.pk}/prematch/", {"dice-gate": typed})
        assert refused.status_code == 400
        assert "dice.gate[0]: " in refused.content.decode()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/", {"dice-gate": "6, 5"})
    match.refresh_from_db()
    assert match.gate == 11_000
    assert match.rolls.get(purpose="gate").at_table


def test_arranging_with_a_team_that_is_not_a_number_is_a_400(bb):
    league, home, _ = bb
    for bad in ("²", str(10**30), ""):
        refused = _as(home.coach).post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": bad})
        assert refused.status_code == 400
        assert "away_team must be a whole number." in refused.content.decode()
    assert not Match.objects.exists()


def test_a_blood_bowl_league_is_created_from_the_page(db, commissioner):
    created = _as(commissioner).post("/leagues/new/", {"name": "Death Zone League", "game_system": "bloodbowl"})
    assert created.status_code == 302
    league = League.objects.get(name="Death Zone League")
    assert league.options["starting_budget"] == 1_000_000


def test_an_injury_row_on_the_report_form(bb):
    league, home, away = bb
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    hurt = away.bb_players.get(number=4)
    form = _report_form(
        home,
        away,
        **{
            "away-injury-1-player": str(hurt.pk),
            "away-injury-1-lost": "av",
            "away-injury-1-miss": "on",
            "away-injury-1-niggling": "1",
        },
    )
    assert coach.post(f"/bloodbowl/matches/{match.pk}/report/", form).status_code == 302
    assert Match.objects.get().report["away"]["injuries"] == [
        {"player": hurt.pk, "niggling": 1, "characteristics_lost": ["av"], "dead": False, "miss_next_match": True}
    ]


def test_notes_for_the_match_record(bb):
    league, home, away = bb
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    assert coach.post(f"/bloodbowl/matches/{match.pk}/notes/", {"notes": "Rain all game"}).status_code == 302
    assert _as(UserFactory()).post(f"/bloodbowl/matches/{match.pk}/notes/", {"notes": "x"}).status_code == 403
    assert match.sides.get(team=home).notes == "Rain all game"
    assert match.sides.get(team=away).notes == ""


def test_a_refused_report_comes_back_as_typed_with_each_error_beside_its_field(bb):
    league, home, away = bb
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    scorer, hurt = home.bb_players.get(number=1), away.bb_players.get(number=2)
    form = _report_form(
        home,
        away,
        **{
            "home-score": "2",  # one touchdown typed: refused by the engine
            "home-casualties": "3",
            f"home-{scorer.pk}-completions": "4",
            "away-injury-1-player": str(hurt.pk),
            "away-injury-1-lost": "ag",
            "away-injury-1-dead": "on",
        },
    )
    page = coach.post(f"/bloodbowl/matches/{match.pk}/report/", form).content.decode()
    assert 'name="home-score" value="2"' in page
    assert f'name="home-{scorer.pk}-completions" min="0" max="99" value="4"' in page
    assert f'<option value="{hurt.pk}" selected>' in page
    assert '<option value="ag" selected>' in page
    assert 'name="away-injury-1-dead" checked' in page
    assert '<details class="bb-injuries" open>' in page
    # The error is beside the score, which takes the focus (the only autofocus on the page).
    score_at = page.index('name="home-score"')
    assert page.index("make 1, but the score is 2") > score_at
    assert page.count(" autofocus") == 1
    assert page[score_at:].index(" autofocus") < page[score_at:].index(">")
    # A count refused by the input's checks is named beside its player's row.
    form[f"home-{scorer.pk}-touchdowns"] = "-1"
    page = coach.post(f"/bloodbowl/matches/{match.pk}/report/", form).content.decode()
    row = page[page.index(f'name="home-{scorer.pk}-touchdowns"') :]
    assert row.index("TD: Ensure this value is greater than or equal to 0.") < row.index("</li>")


def test_correcting_the_report_starts_from_what_was_reported(bb):
    league, home, away = bb
    coach = _as(home.coach)
    coach.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    match = Match.objects.get()
    coach.post(f"/bloodbowl/matches/{match.pk}/prematch/")
    assert coach.post(f"/bloodbowl/matches/{match.pk}/report/", _report_form(home, away)).status_code == 302
    page = coach.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    assert "Correct the report" in page
    scorer = home.bb_players.get(number=1)
    assert 'name="home-score" value="1"' in page
    assert f'name="home-{scorer.pk}-touchdowns" min="0" max="99" value="1"' in page
    assert f'<option value="{scorer.pk}" selected>' in page  # the MVP
