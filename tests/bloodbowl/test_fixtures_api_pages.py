"""A Blood Bowl fixture list, a match arranged twice, and a match's date and place through the API and the
pages: every role, refusals in the shared error shape and leaving the database unchanged; the league page's
next round and its pinned query count."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from bloodbowl.models import Match
from bloodbowl.services import matches as services
from bloodbowl.services.fixtures import fixtures_generate
from games.models import Game, GameEvent
from tests.bloodbowl.factories import make_bb_team
from tests.factories import UserFactory

FIXTURES = {"rounds": "double", "first_date": "2026-03-07", "days_between": 7}


@pytest.fixture
def spectator(db):
    return UserFactory(username="spectator")


@pytest.fixture
def three(bb_league, bb_team, bb_rival_team):
    make_bb_team(bb_league, UserFactory(username="third_coach"), name="Marsh Lurkers")
    return bb_league


def _state():
    return (Game.objects.count(), GameEvent.objects.count())


def test_the_commissioner_makes_a_fixture_list_through_the_api(three, client_of):
    response = client_of("commissioner").post(f"/api/leagues/{three.pk}/fixtures/", FIXTURES, format="json")
    assert response.status_code == 201, response.json()
    matches = response.json()
    assert len(matches) == 6  # three pairs, home and away
    assert [(m["fixture_round"], m["scheduled_for"]) for m in matches[::2]] == [
        (1, "2026-03-07"),
        (3, "2026-03-21"),
        (5, "2026-04-04"),
    ]
    assert {m["status"] for m in matches} == {"scheduled"}
    assert {m["location"] for m in matches} == {""}


@pytest.mark.parametrize(("actor", "status"), [("coach", 403), ("rival", 403), ("spectator", 403), ("anonymous", 401)])
def test_nobody_else_makes_it(three, client_of, actor, status):
    before = _state()
    response = client_of(actor).post(f"/api/leagues/{three.pk}/fixtures/", FIXTURES, format="json")
    assert response.status_code == status
    assert _state() == before


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({**FIXTURES, "rounds": "triple"}, "invalid_choice", "rounds"),
        ({**FIXTURES, "days_between": 0}, "min_value", "days_between"),
        ({**FIXTURES, "first_date": "soon"}, "invalid", "first_date"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(three, client_of, body, code, field):
    response = client_of("commissioner").post(f"/api/leagues/{three.pk}/fixtures/", body, format="json")
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [(code, field)]
    assert Match.objects.count() == 0


def test_too_few_teams_and_a_pending_list_are_400s(bb_league, bb_team, bb_rival_team, client_of):
    api = client_of("commissioner")
    alone = api.post(f"/api/leagues/{bb_league.pk}/fixtures/", FIXTURES, format="json")
    assert alone.status_code == 201  # two teams are enough
    again = api.post(f"/api/leagues/{bb_league.pk}/fixtures/", FIXTURES, format="json")
    assert again.status_code == 400
    assert [e["code"] for e in again.json()["errors"]] == ["fixtures-pending"]


def test_one_team_is_too_few(bb_league, bb_team, client_of):
    response = client_of("commissioner").post(f"/api/leagues/{bb_league.pk}/fixtures/", FIXTURES, format="json")
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("too-few-teams", "league")]


def test_arranging_a_match_again_through_the_api(bb_league, bb_team, bb_rival_team, client_of):
    api = client_of("coach")
    url = f"/api/bloodbowl/leagues/{bb_league.pk}/matches/"
    body = {"home_team": bb_team.pk, "away_team": bb_rival_team.pk, "scheduled_for": "2026-03-07", "location": "Bog"}
    first = api.post(url, body, format="json")
    assert first.status_code == 201
    assert (first.json()["scheduled_for"], first.json()["location"]) == ("2026-03-07", "Bog")
    before = _state()
    twice = api.post(url, body, format="json")
    assert twice.status_code == 400
    assert [(e["code"], e["field"]) for e in twice.json()["errors"]] == [("match-exists", "again")]
    assert _state() == before
    assert api.post(url, {**body, "again": True}, format="json").status_code == 201


@pytest.mark.parametrize(
    ("actor", "status"),
    [("commissioner", 200), ("coach", 200), ("rival", 200), ("spectator", 403), ("anonymous", 401)],
)
def test_the_date_and_place_through_the_api(bb_league, bb_team, bb_rival_team, commissioner, client_of, actor, status):
    match = services.match_create(league=bb_league, user=commissioner, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)
    body = {"scheduled_for": "2026-04-01", "location": "The Stadium"}
    response = client_of(actor).post(f"/api/bloodbowl/matches/{match.pk}/schedule/", body, format="json")
    assert response.status_code == status
    match.refresh_from_db()
    expected = (datetime.date(2026, 4, 1), "The Stadium") if status == 200 else (None, "")
    assert (match.scheduled_for, match.location) == expected


# --- pages ---------------------------------------------------------------------------------------------------


def test_the_commissioner_makes_the_fixture_list_on_the_matches_page(three, commissioner, client_as):
    client = client_as(commissioner)
    page = client.get(f"/bloodbowl/leagues/{three.pk}/matches/").content.decode()
    assert "Make the fixture list" in page
    response = client.post(f"/bloodbowl/leagues/{three.pk}/fixtures/", {**FIXTURES, "rounds": "single"}, follow=True)
    assert "3 matches arranged in 3 rounds." in response.content.decode()
    assert Match.objects.filter(league=three).exclude(fixture_round=None).count() == 3


@pytest.mark.parametrize("actor", ["coach", "spectator"])
def test_others_see_no_fixture_form_and_are_refused(three, client_as, request, actor):
    client = client_as(request.getfixturevalue(actor))
    assert "Make the fixture list" not in client.get(f"/bloodbowl/leagues/{three.pk}/matches/").content.decode()
    assert client.post(f"/bloodbowl/leagues/{three.pk}/fixtures/", FIXTURES).status_code == 403
    assert Match.objects.count() == 0


def test_the_anonymous_fixture_form_goes_to_the_login(three, client):
    assert client.post(f"/bloodbowl/leagues/{three.pk}/fixtures/", FIXTURES).status_code == 302
    assert Match.objects.count() == 0


def test_a_bad_fixture_form_is_shown_again_with_its_errors(three, commissioner, client_as):
    response = client_as(commissioner).post(f"/bloodbowl/leagues/{three.pk}/fixtures/", {**FIXTURES, "first_date": ""})
    assert response.status_code == 400
    assert "first_date" in response.content.decode()
    assert Match.objects.count() == 0


def test_the_matches_page_warns_of_a_match_arranged_twice_and_asks_to_confirm(
    bb_league, bb_team, bb_rival_team, coach, client_as
):
    client = client_as(coach)
    url = f"/bloodbowl/leagues/{bb_league.pk}/matches/"
    form = {"home_team": bb_team.pk, "away_team": bb_rival_team.pk, "scheduled_for": "2026-03-07", "location": "Bog"}
    assert client.post(url, form).status_code == 302
    warned = client.post(url, form)
    assert warned.status_code == 400
    page = warned.content.decode()
    assert "already have a match arranged and not played" in page
    assert 'name="again"' in page
    assert 'value="Bog"' in page  # what was sent is kept
    assert Match.objects.count() == 1
    assert client.post(url, {**form, "again": "1"}).status_code == 302
    assert Match.objects.count() == 2
    assert "7 Mar 2026 · Bog" in client.get(url).content.decode()


@pytest.mark.parametrize(("actor", "form_shown", "status"), [("coach", True, 302), ("spectator", False, 403)])
def test_the_match_page_shows_and_edits_the_date_and_place(
    bb_league, bb_team, bb_rival_team, commissioner, client_as, request, actor, form_shown, status
):
    match = services.match_create(league=bb_league, user=commissioner, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)
    client = client_as(request.getfixturevalue(actor))
    page = client.get(f"/bloodbowl/matches/{match.pk}/").content.decode()
    assert "No date set" in page
    assert (f"/bloodbowl/matches/{match.pk}/schedule/" in page) is form_shown
    response = client.post(f"/bloodbowl/matches/{match.pk}/schedule/", {"scheduled_for": "2026-04-01", "location": "Pub"})
    assert response.status_code == status
    if status == 302:
        assert "Wednesday 1 April 2026 · Pub" in client.get(f"/bloodbowl/matches/{match.pk}/").content.decode()


def test_the_league_page_shows_the_next_round_the_viewers_match_first(three, commissioner, client_as):
    fixtures_generate(league=three, user=commissioner, rounds="single", first_date=datetime.date(2026, 3, 7), days_between=7)
    Match.objects.filter(fixture_round=1).update(state=Game.State.CONFIRMED)  # round 1 played, as confirmations leave it
    viewer = Match.objects.get(fixture_round=2).sides.first().team.coach
    page = client_as(viewer).get(f"/leagues/{three.pk}/").content.decode()
    assert "Round 2 · Sat 14 Mar 2026" in page
    assert "Round 1" not in page


def test_the_match_record_prints_the_date_and_place(bb_league, bb_team, client):
    page = client.get(f"/bloodbowl/teams/{bb_team.pk}/roster/").content.decode()
    assert "<th>Date</th><th>Opposition</th>" in page


@pytest.mark.parametrize("size", [4, 10])
def test_the_league_page_with_a_fixture_list_does_not_grow_with_it(size, commissioner, django_assert_num_queries):
    from tests.bloodbowl.factories import BloodBowlLeagueFactory

    league = BloodBowlLeagueFactory(commissioner=commissioner)
    teams = [make_bb_team(league, UserFactory(), name=f"Team {i:02}") for i in range(size)]
    fixtures_generate(league=league, user=commissioner, rounds="double", first_date=datetime.date(2026, 3, 7), days_between=7)
    client = Client()
    client.force_login(teams[-1].coach)
    # The session and its user; the nav's unread count; 1 league with 1 prefetch of its commissioners; 1 team lists
    # row; the teams in the table's order joined to profile, coach and stored line: 1 count, 1 page, 1 the viewer's
    # own not on it; 1 their treasuries summed; the next round: 1 its number, 1 its matches, 1 their sides with teams
    # and coaches.
    with django_assert_num_queries(13):
        response = client.get(f"/leagues/{league.pk}/")
    assert response.status_code == 200
    assert "Round 1 · Sat 7 Mar 2026" in response.content.decode()


# Up to 6 teams: past about 70 sides Django splits an SQLite bulk insert into batches (its 999-parameter limit).
@pytest.mark.parametrize("size", [4, 6])
def test_making_a_fixture_list_does_not_grow_with_the_league(size, commissioner, client_of, django_assert_num_queries):
    from tests.bloodbowl.factories import BloodBowlLeagueFactory

    league = BloodBowlLeagueFactory(commissioner=commissioner)
    for i in range(size):
        make_bb_team(league, UserFactory(), name=f"Team {i:02}")
    api = client_of("commissioner")
    # 1 league with 1 prefetch of its commissioners; the savepoint and its release; 1 the league row locked; 1 a
    # fixture list still being played; 1 the teams with their treasuries, 1 their players; 1 the last round; the
    # inserts: 1 the games, 1 the matches (one executemany), 1 the sides, 1 the history lines, 1 the notifications
    # (both coaches of each match); the answer: 1 the matches, 1 their sides with teams and coaches.
    with django_assert_num_queries(16):
        response = api.post(f"/api/leagues/{league.pk}/fixtures/", FIXTURES, format="json")
    assert response.status_code == 201


def test_the_calendar_feeds_carry_the_dated_matches(three, commissioner, client, django_assert_num_queries):
    from icalendar import Calendar

    fixtures_generate(league=three, user=commissioner, rounds="single", first_date=datetime.date(2026, 3, 7), days_between=7)
    first = Match.objects.get(fixture_round=1)
    services.match_schedule(match_id=first.pk, user=commissioner, scheduled_for=first.scheduled_for, location="The Bog")
    services.match_create(  # undated: no day to be on
        league=three,
        user=commissioner,
        home_team_id=first.sides.all()[0].team_id,
        away_team_id=first.sides.all()[1].team_id,
        again=True,
    )
    # 1 the league; the matches with a date, 1 their sides with their teams.
    with django_assert_num_queries(3):
        response = client.get(f"/leagues/{three.pk}/calendar.ics")
    events = {str(e["SUMMARY"]): e for e in Calendar.from_ical(response.content).walk("VEVENT")}
    assert len(events) == 3
    (opening,) = [e for summary, e in events.items() if summary.startswith(f"{three.name}: Round 1: ")]  # its league first
    assert opening.decoded("DTSTART") == datetime.date(2026, 3, 7)
    assert str(opening["LOCATION"]) == "The Bog"
    team = first.sides.all()[0].team
    team_feed = Calendar.from_ical(client.get(f"/teams/{team.pk}/calendar.ics").content)
    assert len(list(team_feed.walk("VEVENT"))) == 2  # its two matches of three
