"""A team sign-up with Redis (the broker) down: the team is signed up, the answer is a 201, and the
commissioners' notice waits on their dashboards for its mail (notifications' periodic sweep sends it)."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from rosters.models import Team
from slaughterball.demo import demo_athletes

pytestmark = pytest.mark.django_db


def test_a_sign_up_with_the_broker_down_answers_201_and_notifies_the_commissioners(
    redis_down, league, commissioner, coach, api_as, django_capture_on_commit_callbacks
):
    team = {"name": "Brutal Berthas", "portfolio": "valkyries", "athletes": demo_athletes(0)}

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = api_as(coach).post(f"/api/leagues/{league.pk}/teams/", team, format="json")

    assert response.status_code == 201
    assert len(callbacks) == 1  # the mail's queuing, which failed: logged, not raised
    signed_up = Team.objects.get(league=league, name="Brutal Berthas")
    notice = Notification.objects.get(user=commissioner, event=f"team-signed-up:{signed_up.pk}")
    assert notice.text == f"{league.name}: Brutal Berthas signed up."
    assert notice.emailed_at is None
