"""Two coaches acting on one Blood Bowl match at the same moment, each in its own thread, connection and
transaction (PostgreSQL). The services lock the match row first, so the second waits and then sees the
first's work: the pre-match is rolled once, and the post-match applied once."""

from __future__ import annotations

import pytest

from bloodbowl.models import Match
from bloodbowl.services import matches as services
from games.models import Roll
from rosters.models import LedgerEntry
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory
from tests.rosters.helpers import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match(commissioner):
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    return services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)


def _coaches(match):
    sides = {s.home: s.team for s in match.sides.select_related("team__coach")}
    return sides[True], sides[False]


def test_two_prematch_requests_roll_once(match):
    home, away = _coaches(match)
    race(
        lambda: services.prematch_roll(match_id=match.pk, user=home.coach),
        lambda: services.prematch_roll(match_id=match.pk, user=away.coach),
    )
    assert Roll.objects.filter(game=match, label="gate").count() == 1
    assert Match.objects.get(pk=match.pk).gate == 1_000 * sum(Roll.objects.get(game=match, label="gate").dice)


def test_confirm_and_approve_at_once_apply_the_postmatch_once(match, commissioner):
    home, away = _coaches(match)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    scorer = home.bb_players.first()
    report = {
        "home": {"score": 1, "mvp": scorer.pk, "players": [{"player": scorer.pk, "touchdowns": 1}]},
        "away": {"score": 0, "mvp": away.bb_players.first().pk},
    }
    services.report_submit(match_id=match.pk, user=home.coach, report=report)
    race(
        lambda: services.report_confirm(match_id=match.pk, user=away.coach),
        lambda: services.report_confirm(match_id=match.pk, user=commissioner),
    )
    assert Match.objects.get(pk=match.pk).state == Match.State.CONFIRMED
    winnings = LedgerEntry.objects.filter(team__in=[home, away], reason__startswith="Match winnings")
    assert winnings.count() == 2  # one row per team, not two
    assert Roll.objects.filter(game=match, purpose="winnings").count() == 2
    assert match.events.filter(action__in=["confirmed", "approved"]).count() == 1
