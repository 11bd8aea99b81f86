"""Two requests on one challenge round at the same moment, each in its own thread, connection and
transaction (PostgreSQL: SQLite runs one writer at a time, so it cannot race).

Every write of the round locks the week row first, so the second waits for the first to commit and
then sees the teams it locked: no team ever ends up in two games of a week.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from unittest.mock import Mock

import pytest
from django.utils import timezone

import notifications.services
from rosters import services as roster_services
from rosters.models import Team
from slaughterball.models import Game, GameSide, Week
from slaughterball.selectors_calendar import round_state
from slaughterball.services.calendar import week_draw
from tests.rosters.helpers import client, race
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, next_week, started_season, week

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_week(league, commissioner, monkeypatch):
    # The writes really commit here, so their emails would run eagerly: not these tests' business (and an
    # eager Celery call caches the broker connection that tests/tasks later points at Redis).
    monkeypatch.setattr(roster_services, "notify", Mock())
    monkeypatch.setattr(notifications.services, "notification_email_batch", Mock())
    monkeypatch.setattr(notifications.services, "notification_email", Mock())
    add_teams(league, 8)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    return next_week(season, commissioner)


def assert_each_team_once(week_: Week) -> list[int]:
    teams = list(GameSide.objects.filter(game__week=week_).values_list("team_id", flat=True))
    assert max(Counter(teams).values(), default=1) == 1
    return teams


def test_the_same_coach_challenging_twice_at_once_makes_one_game(round_week):
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    free = [t for t in state.frozen.order if t != challenger.pk]
    url = f"/api/weeks/{round_week.pk}/challenges/"
    bodies = [{"team": challenger.pk, "challenged": free[:3]}, {"team": challenger.pk, "challenged": free[3:6]}]

    responses = race(*[lambda body=body: client(challenger.coach).post(url, body, format="json") for body in bodies])

    assert sorted(r.status_code for r in responses) == [201, 400]
    assert Game.objects.filter(week=round_week).count() == 1
    assert_each_team_once(round_week)


def test_a_fill_and_a_challenge_at_once_never_share_a_team(round_week, commissioner):
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    free = [t for t in state.frozen.order if t != challenger.pk][-3:]
    challenge = {"team": challenger.pk, "challenged": free}

    responses = race(
        lambda: client(challenger.coach).post(f"/api/weeks/{round_week.pk}/challenges/", challenge, format="json"),
        lambda: client(commissioner).post(f"/api/weeks/{round_week.pk}/fill/", {}, format="json"),
    )

    assert responses[1].status_code == 200
    assert responses[0].status_code in (201, 400)  # before the fill, or refused after it: the turn has passed
    assert sorted(assert_each_team_once(round_week)) == sorted(state.frozen.order)
    assert round_state(round_week).turn.action == "done"
