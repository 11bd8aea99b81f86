"""The team selects of the calendar's forms (the commissioner's rearrangement and makeup game, the challenge of the
coach whose turn it is) offer a few teams and a search by name for the others (rosters.selectors.team_choices), and
accept any team of the form's valid set, found by the search or not, and refuse any other; at a fixed number of queries.

Here a select offers two teams besides the viewer's own, so the cast's season of eight is a big one: by name, Brutal
Berthas, Team 00 to Team 05 and Venture Cabal."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rosters import selectors as roster_selectors
from rosters.models import Team
from slaughterball.models import Challenge, Game, GameSide, Season
from slaughterball.selectors_calendar import round_state
from slaughterball.services.calendar import week_draw
from tests.factories import LeagueFactory, make_team
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, next_week, started_season, week


@pytest.fixture(autouse=True)
def two_choices(monkeypatch):
    monkeypatch.setattr(roster_selectors, "TEAM_CHOICES", 2)


def offered(page: str, field: str) -> list[str]:
    """The names a select (or a list of checkboxes) of the page offers, in its order."""
    if match := re.search(rf'<select name="{field}".*?</select>', page, re.S):
        return [name for value, name in re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', match.group(0)) if value]
    ids = [int(pk) for pk in re.findall(rf'name="{field}" value="(\d+)"', page)]
    names = dict(Team.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [names[pk] for pk in ids]


def named(name: str) -> Team:
    return Team.objects.get(name=name)


@pytest.fixture
def drawn(season, commissioner):
    """Week 1 drawn: two games of four."""
    week_draw(week=week(season, 1), user=commissioner)
    return week(season, 1)


def test_the_rearrangement_offers_a_few_teams_and_takes_one_found_by_name(client, commissioner, drawn):
    client.force_login(commissioner)
    url = reverse("week-detail", args=[drawn.pk])
    page = client.get(url).content.decode()
    assert offered(page, "team") == ["Brutal Berthas", "Team 00"]  # the first two by name (he coaches none)
    assert offered(page, "swap_with") == ["Brutal Berthas", "Team 00"]
    assert "Each list offers your own teams and 2 teams of the 8, by name" in page
    assert f'action="{url}#rearrange"' in page

    games = list(Game.objects.filter(week=drawn).order_by("number"))
    into, other = games
    moved = GameSide.objects.filter(game=other).exclude(team__name__in=["Brutal Berthas", "Team 00"]).first().team
    swapped = GameSide.objects.filter(game=into).exclude(team__name__in=["Brutal Berthas", "Team 00"]).first().team
    found = client.get(url, {"move": moved.name, "swap": swapped.name}).content.decode()
    assert offered(found, "team") == [moved.name]
    assert offered(found, "swap_with") == [swapped.name]
    assert f'name="move" maxlength="80" value="{moved.name}"' in found

    sent = {"team": moved.pk, "to_game": into.pk, "swap_with": swapped.pk, "reason": "Found by name", "idempotency_key": "r"}
    assert client.post(reverse("week-rearrange", args=[drawn.pk]), sent).status_code == 302
    assert GameSide.objects.filter(game=into, team=moved).exists()
    assert GameSide.objects.filter(game=other, team=swapped).exists()


def test_the_rearrangement_refuses_a_team_not_in_the_season(client, commissioner, drawn):
    stranger = make_team(LeagueFactory(commissioner=commissioner), commissioner, name="Stranger")
    game = Game.objects.filter(week=drawn).order_by("number").first()
    client.force_login(commissioner)
    sent = {"team": stranger.pk, "to_game": game.pk, "reason": "", "idempotency_key": "r"}
    before = sorted(GameSide.objects.filter(game__week=drawn).values_list("game_id", "team_id"))
    response = client.post(reverse("week-rearrange", args=[drawn.pk]), sent)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Select a valid choice." in page[page.index('name="team"') :]
    assert "Stranger" not in offered(page, "team")
    assert sorted(GameSide.objects.filter(game__week=drawn).values_list("game_id", "team_id")) == before


def test_the_makeup_game_offers_a_few_teams_and_takes_those_found_by_names(client, commissioner, season):
    client.force_login(commissioner)
    url = reverse("season-detail", args=[season.pk])
    page = client.get(url).content.decode()
    assert offered(page, "teams") == ["Brutal Berthas", "Team 00"]
    assert "The list offers your own teams and 2 teams of the 8, by name" in page
    assert '<details class="card no-print" id="makeup">' in page  # folded away until searched

    found = client.get(url, {"makeup": "Team 03, Team 05,Venture"}).content.decode()
    assert offered(found, "teams") == ["Team 03", "Team 05", "Venture Cabal"]
    assert '<details class="card no-print" id="makeup" open>' in found

    picked = [named("Team 03").pk, named("Team 05").pk, named("Venture Cabal").pk]
    assert client.post(reverse("makeup-create", args=[season.pk]), {"teams": picked, "pays": "on"}).status_code == 302
    assert sorted(GameSide.objects.filter(game__week__kind="makeup").values_list("team_id", flat=True)) == sorted(picked)


def test_the_makeup_game_refuses_a_team_not_in_the_season_and_keeps_the_others_ticked(client, commissioner, season):
    stranger = make_team(LeagueFactory(commissioner=commissioner), commissioner, name="Stranger")
    client.force_login(commissioner)
    sent = {"teams": [named("Team 04").pk, stranger.pk]}
    response = client.post(reverse("makeup-create", args=[season.pk]), sent)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Select a valid choice." in page
    assert offered(page, "teams") == ["Brutal Berthas", "Team 00", "Team 04"]  # the team sent stays, ticked
    assert re.search(rf'name="teams" value="{named("Team 04").pk}"[^>]*checked', page)
    assert not Game.objects.filter(week__kind="makeup").exists()


def test_the_challenge_offers_a_few_targets_and_takes_those_found_by_names(client, round_week):
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    client.force_login(challenger.coach)
    url = reverse("week-detail", args=[round_week.pk])
    page = client.get(url).content.decode()
    first_two = list(Team.objects.exclude(pk=challenger.pk).order_by("name").values_list("name", flat=True)[:2])
    assert sorted(offered(page, "targets")) == first_two  # in the challenge order
    assert "The list offers your own teams and 2 teams of the 7, by name" in page

    targets = [t for t in state.frozen.order if t != challenger.pk][-3:]  # the last three of the order
    names = list(Team.objects.filter(pk__in=targets).values_list("name", flat=True))
    found = client.get(url, {"challenge": ", ".join(names)}).content.decode()
    assert offered(found, "targets") == [Team.objects.get(pk=t).name for t in targets]
    key = re.search(r'name="idempotency_key" value="([^"]+)"', found).group(1)

    sent = {"team": challenger.pk, "targets": targets, "idempotency_key": key}
    assert client.post(reverse("week-challenge", args=[round_week.pk]), sent).status_code == 302
    assert Challenge.objects.get().targets == targets


def test_the_challenge_refuses_a_team_not_in_the_season(client, commissioner, round_week):
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    stranger = make_team(LeagueFactory(commissioner=commissioner), commissioner, name="Stranger")
    targets = [t for t in state.frozen.order if t != challenger.pk][:2]
    client.force_login(challenger.coach)
    sent = {"team": challenger.pk, "targets": [*targets, stranger.pk], "idempotency_key": "k"}
    response = client.post(reverse("week-challenge", args=[round_week.pk]), sent)
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert "Stranger" not in offered(response.content.decode(), "targets")
    assert not Challenge.objects.exists()


def grown(commissioner, size: int, start: int):
    """A league of `size` teams whose season's second week is a challenge round, its first turn waiting."""
    league = LeagueFactory(commissioner=commissioner)
    add_teams(league, size, start=start)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    return next_week(season, commissioner, challenges_due=None)


def test_the_commissioners_and_the_turns_pages_cost_the_same_queries_for_any_league_size(client, commissioner):
    counts: dict[str, set[int]] = {}
    for size in (8, 16):
        current = grown(commissioner, size, start=0 if size == 8 else 20)
        played = week(current.season, 1)
        turn_coach = Team.objects.get(pk=round_state(current).turn.team).coach
        pages = {
            "week": (commissioner, reverse("week-detail", args=[played.pk])),
            "season": (commissioner, reverse("season-detail", args=[current.season_id])),
            "turn": (turn_coach, reverse("week-detail", args=[current.pk])),
        }
        for label, (viewer, url) in pages.items():
            client.force_login(viewer)
            client.get(url)  # the session's first read
            with CaptureQueriesContext(connection) as captured:
                page = client.get(url).content.decode()
            assert "teams of the" in page  # the search is offered
            counts.setdefault(label, set()).add(len(captured) - 3)  # the session, its user, the nav's unread count
        Season.objects.filter(league=current.season.league).update(status=Season.Status.FINISHED)
    # Besides the session, its user and the nav's unread count:
    # The commissioner's week page (a drawn week, played): the week with its season and league; the counts of the
    # season's teams (warnings and the search), the week's games and challenges (none: no page read) and the season's
    # appeals (none: the appeals per coach are not read); its games' teams; the small games of this week and the one
    # before with their teams (warnings); the league's commissioners; the viewer's teams in the season; a page of the
    # games and the viewer's (none), the sides of those shown with their teams and coaches; the rearrangement's team
    # select, its swapping team's select and its games.
    # The season page: the season with its league; the league's commissioners; the ranking's count, a page of it and
    # the viewer's rows (none); the season's team count (the search); the weeks counted; the games scheduled of the
    # ranking's teams; the makeup game's teams.
    # The turn's week page, the round's first turn: the week with its season and league; the counts (no game nor
    # challenge yet: no page read; no appeal); the round state's games (no game yet: no small game to warn of); the
    # league's commissioners; the viewer's teams in the season; the challenge's targets; the teams of the page of the
    # challenge order; the turn's team.
    assert counts == {"week": {12}, "season": {9}, "turn": {8}}
