"""The calendar feeds, read with a real iCalendar parser (the icalendar package): a league's, a team's and
a coach's private one (by a revocable token, no log-in)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from icalendar import Calendar

from calendars.models import CalendarToken
from calendars.services import calendar_token_get
from pitside.ics import CalendarEvent, calendar, escape, fold
from slaughterball.models import Game
from slaughterball.services.calendar import season_create, season_start
from tests.factories import LeagueFactory, make_team
from tests.slaughterball.calendar.helpers import add_teams, drawn_week_1

GAMES_DUE = datetime(2026, 12, 9, 20, 0, tzinfo=UTC)


def parsed(response) -> Calendar:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return Calendar.from_ical(response.content)


def entries(feed: Calendar) -> dict[str, dict]:
    return {
        str(e["SUMMARY"]): {"start": e.decoded("DTSTART"), "location": str(e.get("LOCATION", "")), "uid": str(e["UID"])}
        for e in feed.walk("VEVENT")
    }


@pytest.fixture
def fixtures(db, league, commissioner, team, rival_team):
    """A season of four teams: week 1 drawn (one 4-team game) with its games deadline; the game's day and place set."""
    add_teams(league, 2)
    season = season_create(league=league, user=commissioner, name="Season 1")
    season, _ = season_start(season=season, user=commissioner, games_due=GAMES_DUE)
    week = drawn_week_1(season, commissioner)
    [game] = Game.objects.filter(week=week)
    return season, week, game


@pytest.mark.django_db
def test_the_league_feed_has_the_weeks_deadline_and_its_game(client, league, fixtures, team):
    season, _, game = fixtures

    feed = parsed(client.get(f"/leagues/{league.pk}/calendar.ics"))

    assert str(feed["X-WR-CALNAME"]) == f"{league.name} (Pitside)"
    found = entries(feed)
    assert found[f"{league.name}: {season.name}, week 1: games due"]["start"] == GAMES_DUE
    [game_entry] = [v for k, v in found.items() if k.startswith(f"{league.name}: {season.name}, week 1, game 1: ")]
    assert game_entry["start"] == GAMES_DUE.date()  # no day set yet: on the week's deadline
    assert game_entry["uid"] == f"game-{game.pk}@pitside"


@pytest.mark.django_db
def test_a_games_day_and_place_show_and_a_team_feed_has_only_its_games(client, league, commissioner, fixtures, team):
    season, week, game = fixtures
    Game.objects.filter(pk=game.pk).update(scheduled_for=date(2026, 12, 5), location="The Pit, Back room; table 2")
    other = Game.objects.create(league=league, week=week, number=2)  # a game the team is not in (no sides)

    league_feed = entries(parsed(client.get(f"/leagues/{league.pk}/calendar.ics")))
    team_feed = entries(parsed(client.get(f"/teams/{team.pk}/calendar.ics")))

    [(summary, game_entry)] = [(k, v) for k, v in team_feed.items() if ", game " in k]
    assert game_entry["start"] == date(2026, 12, 5)
    assert game_entry["location"] == "The Pit, Back room; table 2"  # escaped and read back whole
    assert team.name in summary
    assert f"{league.name}: {season.name}, week 1: games due" in team_feed  # a deadline concerns every team
    assert any(v["uid"] == f"game-{other.pk}@pitside" for v in league_feed.values())
    assert all(v["uid"] != f"game-{other.pk}@pitside" for v in team_feed.values())


@pytest.mark.django_db
@pytest.mark.parametrize("more_games", [0, 6])
def test_a_league_feed_costs_the_same_queries_whatever_its_size(client, league, fixtures, more_games, django_assert_num_queries):
    _, week, _ = fixtures
    for number in range(2, 2 + more_games):
        Game.objects.create(league=league, week=week, number=number)

    # The league; its weeks (with their seasons), their games, the games' sides (with their teams).
    with django_assert_num_queries(4):
        response = client.get(f"/leagues/{league.pk}/calendar.ics")

    assert len(entries(parsed(response))) == 1 + 1 + more_games  # the games deadline (a draw has no challenges one), the games


@pytest.mark.django_db
def test_a_coachs_private_feed_needs_no_login_and_a_new_url_revokes_the_old(client, league, fixtures, team, coach):
    client.force_login(coach)
    page = client.get("/calendar/")
    assert page.status_code == 200
    token = CalendarToken.objects.get(user=coach).token
    assert f"/calendar/{token}.ics" in page.content.decode()
    client.logout()

    feed = entries(parsed(client.get(f"/calendar/{token}.ics")))
    assert any(team.name in k for k in feed)

    client.force_login(coach)
    asked = client.post("/calendar/")
    assert asked.status_code == 200
    assert "Your calendar URL stops working at once" in asked.content.decode()
    assert CalendarToken.objects.get(user=coach).token == token
    assert client.post("/calendar/", {"confirm": "1"}).status_code == 302
    client.logout()
    assert client.get(f"/calendar/{token}.ics").status_code == 404
    assert client.get(f"/calendar/{CalendarToken.objects.get(user=coach).token}.ics").status_code == 200


@pytest.mark.django_db
def test_each_entry_of_a_coachs_feed_names_its_league(client, league, fixtures, team, coach, commissioner):
    """A coach of two leagues has a "Season 1, week 1" in each: every entry says which league it is of."""
    other = LeagueFactory(commissioner=commissioner, name="Other League")
    other_team = make_team(other, coach, name="Other Ogres")
    add_teams(other, 3, start=10)
    season = season_create(league=other, user=commissioner, name="Season 1")
    drawn_week_1(season_start(season=season, user=commissioner, games_due=GAMES_DUE)[0], commissioner)
    token = calendar_token_get(user=coach).token

    feed = entries(parsed(client.get(f"/calendar/{token}.ics")))

    assert f"{league.name}: Season 1, week 1: games due" in feed
    assert "Other League: Season 1, week 1: games due" in feed
    assert all(summary.startswith((f"{league.name}: ", "Other League: ")) for summary in feed)
    assert any(summary.startswith("Other League: Season 1, week 1, game") and other_team.name in summary for summary in feed)
    assert any(summary.startswith(f"{league.name}: Season 1, week 1, game") and team.name in summary for summary in feed)


@pytest.mark.django_db
def test_the_calendar_page_needs_a_login_and_a_csrf_token(client, coach):
    assert client.get("/calendar/").status_code == 302  # to the log-in
    csrf_client = type(client)(enforce_csrf_checks=True)
    csrf_client.force_login(coach)
    assert csrf_client.post("/calendar/").status_code == 403
    assert not CalendarToken.objects.exists()


@pytest.mark.django_db
def test_a_game_system_that_dates_nothing_gives_an_empty_valid_feed(client, commissioner):
    league = LeagueFactory(commissioner=commissioner, game_system="pitfighter")

    feed = parsed(client.get(f"/leagues/{league.pk}/calendar.ics"))

    assert list(feed.walk("VEVENT")) == []


def test_text_is_escaped_and_long_lines_are_folded_at_75_octets():
    name = 'Ünïcode Ogres, "Berthas"; back\\slash\nnew line ' * 4
    text = calendar(name, [CalendarEvent("x@pitside", name, date(2026, 1, 2), location=name)], datetime(2026, 1, 1, tzinfo=UTC))

    for line in text.split("\r\n"):
        assert len(line.encode()) <= 75
    [event] = Calendar.from_ical(text).walk("VEVENT")
    assert str(event["SUMMARY"]) == name
    assert str(event["LOCATION"]) == name
    assert escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"
    assert fold("x" * 80) == "x" * 75 + "\r\n " + "x" * 5


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["%00", "a%00b", "%E2%80%A8", "x" * 65, "a.b"])
def test_a_feed_url_that_cannot_be_a_token_is_a_404(client, token):
    assert client.get(f"/calendar/{token}.ics").status_code == 404


# Each character iCalendar forbids in a TEXT value (the CONTROLs but HTAB) and each one Unicode calls a line break.
CONTROLS = "".join(chr(c) for c in [*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F])
BREAKS = "\x85\u2028\u2029"


@pytest.mark.django_db
def test_a_feed_carries_no_control_character_and_no_raw_line_break(client, league, fixtures, team):
    _, _, game = fixtures
    team.name = f"Ogres{CONTROLS[1:]}\tof{BREAKS}Doom"  # but NUL: PostgreSQL stores none
    team.save()
    league.name = "League\u2028of\x85Ogres\x1b"
    league.save()
    Game.objects.filter(pk=game.pk).update(location="Pub\u2029back room\x07")

    response = client.get(f"/leagues/{league.pk}/calendar.ics")
    text = response.content.decode()
    body = text.replace("\r\n", "")  # the line ends and folds, which are the format's own

    assert not {*CONTROLS, *BREAKS} & (set(body) - {"\t"})
    feed = parsed(response)
    assert "X-WR-CALNAME:League\\nof\\nOgres (Pitside)\r\n" in text  # an X- property: icalendar leaves it escaped
    [event] = [e for e in feed.walk("VEVENT") if "Doom" in str(e["SUMMARY"])]
    assert "Ogres\n\n\tof\n\n\nDoom" in str(event["SUMMARY"])  # LF, CR and the three: each a break; the rest gone
    assert str(event["LOCATION"]) == "Pub\nback room"
    assert escape(f"a{CONTROLS}b{BREAKS}c") == "a\\n\\nb\\n\\n\\nc"
