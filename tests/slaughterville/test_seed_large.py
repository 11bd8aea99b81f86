"""`manage.py seed_large --game-system slaughterville`: a large group for measuring, built in bulk, whose sessions
read like confirmed ones on the statistics, the pages and the API."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from leagues.models import League
from slaughterville.large import seed_large
from slaughterville.models import Session, SessionSide
from slaughterville.services import RESULTS


@pytest.mark.django_db
def test_members_each_log_weeks_of_confirmed_sessions_that_count_in_the_statistics():
    out = StringIO()
    call_command("seed_large", teams=5, weeks=4, game_system="slaughterville", stdout=out, stderr=StringIO())
    league = League.objects.get(pk=int(out.getvalue()))
    assert (league.game_system, league.teams.count()) == ("slaughterville", 5)
    sessions = Session.objects.filter(league=league)
    assert sessions.count() == 5 * 4
    assert set(sessions.values_list("state", flat=True)) == {"confirmed"}
    assert set(sessions.values_list("submitted_by", flat=True)) == set(league.teams.values_list("coach", flat=True))
    statistics = APIClient().get(f"/api/slaughterville/leagues/{league.pk}/statistics/").json()
    assert statistics["sessions"] == 20
    assert statistics["won"] == sessions.filter(outcome="players").count()
    assert sum(row["played"] for row in statistics["members"]) == SessionSide.objects.filter(session__league=league).count()


@pytest.mark.django_db
def test_every_session_is_one_the_engine_accepts_and_a_void_takes_it_out_of_the_statistics():
    league = seed_large(4, 3)
    for session in Session.objects.filter(league=league).select_related("league").prefetch_related("sides"):
        RESULTS.check_report(session, None, session.report)  # raises a RuleViolation on a log the engine refuses
    last = Session.objects.filter(league=league).latest("pk")
    api = APIClient()
    api.force_authenticate(league.commissioners.get())

    response = api.post(f"/api/slaughterville/sessions/{last.pk}/void/", {"reason": "Not played"}, format="json")

    assert (response.status_code, response.json()["state"]) == (201, "voided"), response.content
    assert api.get(f"/api/slaughterville/leagues/{league.pk}/statistics/").json()["sessions"] == 4 * 3 - 1
    assert api.get(f"/leagues/{league.pk}/").status_code == 200
