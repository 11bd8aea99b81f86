"""The dashboard at `/` (issue 13, "No home for a logged-in person"): a coach's teams of every game system with their
next game, what waits for him one click away, his unread notifications; live (htmx polls, 204 while unchanged); the
nav's unread count. Query counts pinned at two sizes."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from blitzbowl import services as blitz
from blitzbowl.models import Match as BlitzMatch
from bloodbowl.models import StarPlayerRoll
from bloodbowl.services import matches as bb_matches
from home.selectors import dashboard
from leagues.models import League
from leagues.services import league_create
from notifications.services import notifications_mark_read, notify
from rosters.models import Team
from slaughterball.models import Game
from slaughterball.selectors_calendar import round_state
from slaughterball.services.challenges import challenge_issue
from slaughterville.models import Session
from tests.blitzbowl.conftest import make_league as blitz_league
from tests.blitzbowl.helpers import report
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.test_match_services import _played_match as played_match
from tests.factories import LeagueFactory, UserFactory
from tests.home.dashboard_helpers import challenge_week, turn_team
from tests.slaughterball.calendar.helpers import add_teams

User = get_user_model()


def page_of(user) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    answer = client.get("/")
    assert answer.status_code == 200
    return client, answer.content.decode()


@pytest.fixture
def demo(db):
    """The five demo leagues (`manage.py seed_demo`): coach1 coaches in every game system."""
    call_command("seed_demo", password="demo-password", stdout=io.StringIO())
    return League.objects.get(name="Pitside Demo League")


def test_anonymous_visitors_keep_the_leagues_at_home(league, coach):
    assert "Create a league" not in Client().get("/").content.decode()
    assert league.name in Client().get("/").content.decode()
    client = Client()
    client.force_login(coach)
    assert league.name in client.get(reverse("league-list")).content.decode()  # the nav's Leagues, logged in


@pytest.mark.parametrize("more", [4, 16])
def test_the_dashboard_reads_every_game_system_in_the_same_queries_at_two_sizes(demo, more, django_assert_num_queries):
    commissioner = User.objects.get(username="commissioner")
    add_teams(demo, more)
    week = challenge_week(demo, commissioner)
    coach1 = User.objects.get(username="coach1")
    mover = turn_team(week)
    targets = [t for t in round_state(week).unscheduled if t != mover.pk][: round_state(week).turn.picks]
    own = Team.objects.get(league=demo, coach=coach1)
    if own.pk not in targets and own.pk != mover.pk:
        targets = [own.pk, *targets[1:]]
    challenge_issue(week=week, user=mover.coach, team_id=mover.pk, challenged=targets)  # coach1 has a game this week
    # A Blitz Bowl result for him to confirm, besides the demo's Slaughterville session: two game systems' histories.
    match = BlitzMatch.objects.filter(sides__team__coach=coach1).filter(sides__team__coach__username="coach2").get()
    blitz.result_submit(match_id=match.pk, user=User.objects.get(username="coach2"), report=report())

    # His teams with their leagues; the leagues he commissions (none). The games of each game system where he coaches,
    # and their sides when there are any: Slaughterball (2), Blood Bowl (1: none), Blitz Bowl (2), Pit Fighter (1: none),
    # Slaughterville (2); the history of the results submitted, every game system's together (1). What else waits:
    # Slaughterball's running weeks (1), the challenge rounds' games (1), his scheduled games and their sides for their
    # pre-game turns (2) and whether their auctions were held (1: nobody has chosen athletes, so no lineup order read);
    # Blood Bowl's star player rolls (1) and written challenges (1); Blitz Bowl's Coach Traits to choose (1).
    # Then his unread notifications, with how many there are (1).
    with django_assert_num_queries(20):
        board = dashboard(coach1)

    game = Game.objects.filter(week=week, sides__team=own).get()
    homes = {home.team.league.game_system: home for home in board.teams}
    assert set(homes) == {"slaughterball", "bloodbowl", "blitzbowl", "pitfighter", "slaughterville"}
    assert homes["slaughterball"].next_game is not None
    assert homes["slaughterball"].next_game.url == reverse("game-detail", args=[game.pk])
    assert homes["blitzbowl"].next_game is None  # his one match has its result submitted: it waits for him instead
    assert sorted(item.url for item in board.waiting if item.kind == "confirm") == sorted(
        [reverse("blitz-match", args=[match.pk]), reverse("sv-session-detail", args=[Session.objects.get(state="submitted").pk])]
    )

    client = Client()
    client.force_login(coach1)
    client.get("/")  # the session's first read
    with CaptureQueriesContext(connection) as captured:
        body = client.get("/").content.decode()
    # The session and its user, the dashboard's 20 (the nav's unread count is read with his unread notifications).
    assert len(captured) == 22, [q["sql"] for q in captured]
    assert f'href="{reverse("game-detail", args=[game.pk])}"' in body  # his next game, one click away


def challenged_in_a_round(league: League, commissioner, me) -> Game:
    """A challenge round of `league` (six teams) whose first mover challenges `me`'s team: his game of the week."""
    add_teams(league, 6, start=10 * league.pk)
    week = challenge_week(league, commissioner)
    mover, state = turn_team(week), round_state(week)
    targets = [t for t in state.unscheduled if t != mover.pk][: state.turn.picks]
    mine = Team.objects.get(pk=targets[0])
    Team.objects.filter(pk=mine.pk).update(coach=me)
    challenge_issue(week=week, user=mover.coach, team_id=mover.pk, challenged=targets)
    return Game.objects.get(week=week, sides__team=mine)


def a_result_to_confirm(commissioner, me, rival) -> str:
    """A Blitz Bowl league where `rival` submitted the result of his match against `me`: its page."""
    league = blitz_league(commissioner, matches=2)
    mine = blitz.coach_signup(league=league, coach=me, name=f"Ann's Ambushers {league.pk}")
    theirs = blitz.coach_signup(league=league, coach=rival, name=f"Bob's Bashers {league.pk}")
    blitz.coach_signup(league=league, coach=UserFactory(username=f"cid{league.pk}"), name=f"Cid's Crushers {league.pk}")
    match = blitz.match_create(league_id=league.pk, user=commissioner, home_team=mine.pk, away_team=theirs.pk)
    blitz.result_submit(match_id=match.pk, user=rival, report=report())
    return reverse("blitz-match", args=[match.pk])


@pytest.mark.parametrize("leagues", [1, 3])
def test_the_dashboard_reads_as_many_queries_for_one_team_as_for_teams_in_several_leagues(
    commissioner, coach, rival, leagues, django_assert_num_queries
):
    games = [
        challenged_in_a_round(LeagueFactory(commissioner=commissioner, name=f"League {n}"), commissioner, coach)
        for n in range(leagues)
    ]
    results = [a_result_to_confirm(commissioner, coach, rival) for _ in range(leagues)]

    # His teams with their leagues (1); the leagues he commissions (1). Slaughterball: his games (1) and their sides (1);
    # the weeks of his running seasons (1); the games of their challenge rounds, every league's together (1); his
    # scheduled games and their sides for their pre-game turns (2), whether their auctions were held (1: none chose
    # athletes yet). Blitz Bowl: his matches (1) and their sides (1); his Coach Traits to choose (1). The history of the
    # results submitted, of every game system together (1). His unread notifications, with how many there are (1).
    with django_assert_num_queries(14):
        board = dashboard(coach)

    assert [home.next_game.url for home in board.teams if home.next_game and "/games/" in home.next_game.url] == [
        reverse("game-detail", args=[game.pk]) for game in games
    ]
    assert sorted(item.url for item in board.waiting if item.kind == "confirm") == sorted(results)

    client = Client()
    client.force_login(coach)
    client.get("/")  # the session's first read
    live = reverse("home-live")
    # The session and its user, the dashboard's 14: the page's nav and the live part's take the unread count from it.
    for url, status, count in (("/", 200, 16), (f"{live}?v=stale", 200, 16), (f"{live}?v={board.version}", 204, 16)):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == status
        assert len(captured) == count, [q["sql"] for q in captured]


def test_his_challenge_turn_waits_for_him_and_moves_on_when_he_challenges(league, commissioner, team, rival_team):
    add_teams(league, 6)
    week = challenge_week(league, commissioner)
    mover = turn_team(week)
    _, body = page_of(mover.coach)
    assert f"{mover.name}&#x27;s turn to challenge" in body
    assert f'href="{reverse("week-detail", args=[week.pk])}"' in body

    state = round_state(week)
    targets = [t for t in state.unscheduled if t != mover.pk][: state.turn.picks]
    challenge_issue(week=week, user=mover.coach, team_id=mover.pk, challenged=targets)
    _, body = page_of(mover.coach)
    assert f"{mover.name}&#x27;s turn" not in body
    challenged = Team.objects.select_related("coach").get(pk=targets[0])
    _, body = page_of(challenged.coach)
    assert f"{mover.name} challenged {challenged.name}" in body  # his notification, unread
    assert f'href="{reverse("game-detail", args=[Game.objects.get(week=week, sides__team=challenged).pk])}"' in body


def test_a_result_to_confirm_then_the_dispute_for_the_commissioner(commissioner, coach, rival):
    league = blitz_league(commissioner, matches=2)
    ann = blitz.coach_signup(league=league, coach=coach, name="Ann's Ambushers")
    bob = blitz.coach_signup(league=league, coach=rival, name="Bob's Bashers")
    blitz.coach_signup(league=league, coach=UserFactory(username="cid"), name="Cid's Crushers")
    match = blitz.match_create(league_id=league.pk, user=commissioner, home_team=ann.pk, away_team=bob.pk)
    home = match.sides.get(home=True).team
    submitter, other = (coach, rival) if home.coach_id == coach.pk else (rival, coach)
    blitz.result_submit(match_id=match.pk, user=submitter, report=report())
    url = reverse("blitz-match", args=[match.pk])

    _, body = page_of(other)
    assert "Confirm or dispute the result of" in body
    assert f'href="{url}"' in body
    _, body = page_of(submitter)
    assert "Confirm or dispute" not in body  # he submitted it

    blitz.result_dispute(match_id=match.pk, user=other, reason="Two touchdowns were not scored.")
    _, body = page_of(commissioner)
    assert "is disputed: approve or void it" in body
    assert f'href="{url}"' in body


def test_a_league_with_house_values_unset_waits_for_its_commissioner(commissioner):
    league = league_create(
        user=commissioner, name="Unfinished", game_system="slaughterball", options={}, house_values_from="empty"
    )
    _, body = page_of(commissioner)
    assert "Unfinished: " in body
    assert "house values still to set" in body
    assert f'href="{reverse("league-settings", args=[league.pk])}#house-values"' in body


def test_the_live_part_answers_204_until_a_notification_comes(coach, team):
    client = Client()
    client.force_login(coach)
    board = dashboard(coach)
    live = reverse("home-live")
    assert client.get(f"{live}?v={board.version}").status_code == 204

    notify(users=[coach], league=team.league, event="test:1", text="Your turn to pick a lineup.", url="/somewhere/")
    answer = client.get(f"{live}?v={board.version}")
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "Your turn to pick a lineup." in body
    assert 'id="dashboard-live"' in body
    assert f'hx-get="{live}?v={dashboard(coach).version}"' in body
    assert Client().get(live).status_code == 302  # logged in only


def test_the_nav_shows_the_unread_count_everywhere(coach, team, league):
    notify(users=[coach], league=league, event="test:1", text="One.", url="")
    notify(users=[coach], league=league, event="test:2", text="Two.", url="")
    client = Client()
    client.force_login(coach)
    for url in ("/", reverse("league-detail", args=[league.pk]), reverse("dashboard")):
        assert '<span class="badge">2<span class="visually-hidden"> unread</span></span>' in client.get(url).content.decode()
    notifications_mark_read(user=coach)
    assert 'visually-hidden"> unread' not in client.get("/").content.decode()


def test_a_star_player_roll_waits_for_its_coach_until_chosen(commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings", players=12)
    scorer = home.bb_players.get(number=1)
    match = played_match(league, home, away, {f"spr.{scorer.pk}.1": [3, 4]})  # 10 SPP: one roll, a General skill
    _, body = page_of(home.coach)
    assert f"{scorer.name} (Croakers): choose his star player roll 1." in body
    assert f'href="{reverse("bb-match-detail", args=[match.pk])}"' in body
    assert f"{scorer.name} (Croakers)" not in page_of(away.coach)[1]  # his rival's own rolls only

    spr = StarPlayerRoll.objects.get(player=scorer)
    bb_matches.spr_choose(spr_id=spr.pk, user=home.coach, kind="skill", target="block")
    assert f"{scorer.name} (Croakers): choose" not in page_of(home.coach)[1]


def items_of(body: str, section: str) -> list[str]:
    """The text of each item of a dashboard section (its list items), as read: its tags left out."""
    part = body.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li[^>]*>(.*?)</li>", part, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in items]


def test_each_item_and_notification_names_its_league(commissioner, coach, rival):
    """A coach of two Slaughterball leagues has a "Season 1, week 2" and a game 1 in each, and a Blitz Bowl match
    to confirm: each item waiting for him and each notification says which league it is of."""
    leagues = [LeagueFactory(commissioner=commissioner, name=name) for name in ("North League", "South League")]
    for league in leagues:
        challenged_in_a_round(league, commissioner, coach)
    a_result_to_confirm(commissioner, coach, rival)
    names = {league.name for league in (*leagues, *League.objects.filter(game_system="blitzbowl"))}

    _, body = page_of(coach)

    waiting, unread = items_of(body, "waiting"), items_of(body, "unread")
    assert waiting
    assert unread
    for item in waiting + unread:
        assert sum(f"{name}: " in item for name in names) == 1, item
    for league in leagues:  # the same words in both leagues, told apart by the league's name
        assert any(item.startswith(f"{league.name}: Season 1, week 2: ") for item in unread)


def test_a_commissioners_items_name_their_league(commissioner, coach, rival):
    league_create(user=commissioner, name="Unfinished", game_system="slaughterball", options={}, house_values_from="empty")
    url = a_result_to_confirm(commissioner, coach, rival)
    blitz.result_dispute(match_id=int(url.strip("/").split("/")[-1]), user=coach, reason="Not so.")

    _, body = page_of(commissioner)

    assert any(item.startswith("League setup Unfinished: ") for item in items_of(body, "waiting"))
    assert any(item.startswith("Dispute to decide Crush League: The result of") for item in items_of(body, "waiting"))


def test_a_blitz_bowl_next_game_names_its_opponent_once(commissioner, coach, rival):
    league = blitz_league(commissioner, matches=2)
    mine = blitz.coach_signup(league=league, coach=coach, name="Ann's Ambushers")
    theirs = blitz.coach_signup(league=league, coach=rival, name="Bob's Bashers")
    blitz.coach_signup(league=league, coach=UserFactory(username="cid"), name="Cid's Crushers")
    blitz.match_create(league_id=league.pk, user=commissioner, home_team=mine.pk, away_team=theirs.pk)

    _, body = page_of(coach)

    [line] = [item for item in items_of(body, "my-teams") if mine.name in item]
    assert "Next: League match v Bob's Bashers" in line
    assert line.count("Bob's Bashers") == 1  # "A v B v B" named him twice


def test_the_live_part_brings_the_navs_unread_count(coach, team):
    client = Client()
    client.force_login(coach)
    page = client.get("/").content.decode()
    assert page.count('id="nav-notifications"') == 1  # the nav's: the page's live part has no second one
    live = reverse("home-live")
    version = dashboard(coach).version

    notify(users=[coach], league=team.league, event="test:1", text="One.", url="")
    notify(users=[coach], league=team.league, event="test:2", text="Two.", url="")
    answer = client.get(f"{live}?v={version}").content.decode()

    # In the same answer as the live part, swapped by htmx in place of the nav's (no other request).
    assert 'id="dashboard-live"' in answer
    badge = '<span class="badge">2<span class="visually-hidden"> unread</span></span>'
    nav = '<a href="/notifications/" id="nav-notifications" class="nav-notifications" hx-swap-oob="true">Notifications '
    assert nav + badge + "</a>" in answer

    version = dashboard(coach).version
    notifications_mark_read(user=coach)
    answer = client.get(f"{live}?v={version}")
    assert answer.status_code == 200  # the count is part of what the live part shows
    assert 'hx-swap-oob="true">Notifications</a>' in answer.content.decode()
