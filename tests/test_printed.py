"""pitside.printed: a list shown whole (`?all=1`) is served from the cache at a cost that does not grow with it, and
never stale: a write to any row it shows (a result confirmed, a team renamed, a treasury changed) shows at once."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from bloodbowl.services import matches as services
from engine.core.money import TREASURY
from rosters.models import LedgerEntry, LedgerKind, Team
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import LeagueFactory, UserFactory
from tests.slaughterball.calendar.helpers import add_teams
from tests.slaughterball.results.helpers import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def _play(home: Team, away: Team) -> None:
    """A match between the two, arranged, reported 1-0 and confirmed."""
    match = services.match_create(league=home.league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    scorer, mvp = home.bb_players.first(), away.bb_players.first()
    report = {
        "home": {"score": 1, "mvp": scorer.pk, "players": [{"player": scorer.pk, "touchdowns": 1}]},
        "away": {"score": 0, "mvp": mvp.pk},
    }
    services.report_submit(match_id=match.pk, user=home.coach, report=report)
    services.report_confirm(match_id=match.pk, user=away.coach)


def _table(page: str) -> str:
    found = re.search(r"<tbody>.*</tbody>", page, re.DOTALL)
    assert found
    return found.group(0)


@pytest.mark.parametrize("size", [4, 8])
def test_the_printed_matches_cost_the_same_at_two_sizes_and_show_every_write(size, commissioner, django_assert_num_queries):
    league = bloodbowl_league(commissioner)
    teams = [bloodbowl_team(league, UserFactory(), f"Team {i}") for i in range(size)]
    for home, away in zip(teams[::2], teams[1::2], strict=True):
        _play(home, away)
    url = f"/bloodbowl/leagues/{league.pk}/matches/?all=1"
    # The league (+1 prefetch of its commissioners); the matches' count and digest (with their sides'); the matches
    # (+1 prefetch of their sides with their teams), rendered and stored. SQLite digests in Python: a query for the
    # matches and one for their sides.
    with django_assert_num_queries(5 if connection.vendor == "postgresql" else 6):
        first = Client().get(url).content.decode()
    # Then the league, and the count and digest: the stored rows.
    with django_assert_num_queries(3 if connection.vendor == "postgresql" else 4):
        again = Client().get(url).content.decode()
    assert _table(again) == _table(first)
    assert len(re.findall(r"1\s*:\s*0", first)) == size // 2

    Team.objects.filter(pk=teams[0].pk).update(name="Renamed Raiders")  # no signal: the data itself is read
    renamed = Client().get(url).content.decode()
    assert "Renamed Raiders" in renamed
    assert "Team 0<" not in renamed
    services.match_create(league=league, user=teams[1].coach, home_team_id=teams[1].pk, away_team_id=teams[2].pk)
    assert Client().get(url).content.decode().count("Scheduled") == 1  # the new match

    _play(teams[3], teams[0])
    assert len(re.findall(r"1\s*:\s*0", Client().get(url).content.decode())) == size // 2 + 1


def test_a_viewers_own_rows_are_his_in_the_printed_list(commissioner):
    league = bloodbowl_league(commissioner)
    teams = [bloodbowl_team(league, UserFactory(), f"Team {i}") for i in range(4)]
    _play(teams[0], teams[1])
    _play(teams[2], teams[3])
    url = f"/bloodbowl/leagues/{league.pk}/matches/?all=1"
    assert 'class="own' not in Client().get(url).content.decode()
    client = Client()
    client.force_login(teams[0].coach)
    assert client.get(url).content.decode().count('class="own') == 1
    Team.objects.filter(pk=teams[2].pk).update(coach=teams[0].coach)  # his now too
    assert client.get(url).content.decode().count('class="own') == 2


def test_the_blood_bowl_league_page_printed_shows_a_new_treasury(commissioner):
    league = bloodbowl_league(commissioner)
    team = bloodbowl_team(league, UserFactory(), "Gold Diggers", treasury=100_000)
    url = reverse("league-detail", args=[league.pk]) + "?all=1"
    assert "100,000" in Client().get(url).content.decode()
    LedgerEntry.objects.create(team=team, account=TREASURY, amount=23_000, kind=LedgerKind.GRANT, reason="A gift")
    assert "123,000" in Client().get(url).content.decode()


@pytest.mark.parametrize("page", ["league-detail", "league-standings"])
def test_the_slaughterball_lists_printed_show_a_renamed_team(page, commissioner):
    league = LeagueFactory(commissioner=commissioner)
    teams = add_teams(league, 3)
    make_season(league, teams)
    url = reverse(page, args=[league.pk]) + "?all=1"
    assert teams[1].name in Client().get(url).content.decode()
    Team.objects.filter(pk=teams[1].pk).update(name="Renamed Reapers")
    after = Client().get(url).content.decode()
    assert "Renamed Reapers" in after
    assert f">{teams[1].name}<" not in after


def test_an_empty_list_shown_whole_is_an_empty_list(commissioner):
    league = LeagueFactory(commissioner=commissioner)  # no season: no standings
    answer = Client().get(reverse("league-standings", args=[league.pk]) + "?all=1")
    assert answer.status_code == 200


@pytest.mark.parametrize("size", [3, 6])
def test_the_standings_printed_cost_the_same_queries_at_two_sizes(size, commissioner, django_assert_num_queries):
    league = LeagueFactory(commissioner=commissioner)
    teams = add_teams(league, size, start=10 * size)
    make_season(league, teams)
    url = reverse("league-standings", args=[league.pk]) + "?all=1"
    # The league, its latest season, the weeks ranked, the seasons; the count and digest; the rows with their teams and
    # coaches, rendered and stored.
    with django_assert_num_queries(6):
        first = Client().get(url).content.decode()
    # Then the same but the rows: served stored.
    with django_assert_num_queries(5):
        again = Client().get(url).content.decode()
    assert _table(again) == _table(first)
    assert all(team.name in first for team in teams)
