"""Another game system on the same channels: a confirmed Blood Bowl match posts its result with the league
table's top lines (the lifecycle is shared; the lines come from Blood Bowl's standings_top hook)."""

from __future__ import annotations

import pytest

from bloodbowl.services import matches as services
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import report
from tests.factories import UserFactory
from webhooks.models import Delivery
from webhooks.services import channel_create, delivery_attempt

pytestmark = pytest.mark.django_db


def test_a_confirmed_blood_bowl_match_posts_the_league_tables_top_lines(commissioner, receiver):
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    channel_create(league_id=league.pk, user=commissioner, kind="discord", url=receiver.url, events=["result-confirmed"])
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 2, 1))
    assert not Delivery.objects.exists()

    services.report_confirm(match_id=match.pk, user=away.coach)

    [delivery] = Delivery.objects.all()
    delivery_attempt(delivery_id=delivery.pk)
    [post] = receiver.received
    content = post.json()["content"]
    assert content.startswith("**Result confirmed: ")
    assert content.splitlines()[1:] == ["1. Croakers: 3 pts", "2. Bog Kings: 0 pts"]
