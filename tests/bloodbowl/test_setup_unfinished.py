"""Blood Bowl coaches who meet a house value the league has not set, when hiring staff or reporting a field goal,
see one sentence, by the API and on the match page; the commissioner hears of it once (leagues.setup)."""

from __future__ import annotations

import pytest
from django.test import Client

from bloodbowl.models import Match
from notifications.models import Notification
from tests.api.helpers import problems
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory

SENTENCE = "The commissioner has not finished setting up this league."
UNSET_EVENT = "house-values-unset:"


def unset_house_values(league) -> None:
    league.house_values = {}
    league.save()


def test_a_coach_hiring_an_apothecary_sees_one_sentence(api_as, bb_team, commissioner):
    unset_house_values(bb_team.league)

    response = api_as(bb_team.coach).post(f"/api/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "apothecary"}, format="json")

    assert response.status_code == 400
    assert problems(response) == {("league-setup-unfinished", "league")}
    [notice] = Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT)
    assert "(Apothecary cost)" in notice.text
    assert "costs.apothecary" not in notice.text


def test_a_coach_hiring_an_apothecary_on_the_page_sees_one_sentence(client, bb_team, commissioner):
    unset_house_values(bb_team.league)
    client.force_login(bb_team.coach)

    response = client.post(f"/bloodbowl/teams/{bb_team.pk}/purchases/", {"kind": "apothecary", "idempotency_key": "k1"})

    assert response.status_code == 400
    page = response.content.decode()
    assert SENTENCE in page
    assert "costs.apothecary" not in page
    assert Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT).count() == 1


@pytest.fixture
def match(db, commissioner):
    """A match arranged, its pre-match done; then the league's house values are all unset."""
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    client = Client()
    client.force_login(home.coach)
    client.post(f"/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk})
    arranged = Match.objects.get()
    client.post(f"/bloodbowl/matches/{arranged.pk}/prematch/")
    unset_house_values(league)
    return Match.objects.get(), home, away


def test_a_field_goal_reported_by_the_api_and_on_the_page_is_one_sentence(match, api_as, client, commissioner):
    match, home, away = match
    kicker, mvp = home.bb_players.get(number=1), away.bb_players.get(number=1)
    report = {
        "home": {"score": 1, "casualties": 0, "mvp": kicker.pk, "players": [{"player": kicker.pk, "field_goals": 1}]},
        "away": {"score": 0, "casualties": 0, "mvp": mvp.pk},
    }
    form = {
        "home-score": "1",
        "home-casualties": "0",
        "home-mvp": str(kicker.pk),
        f"home-{kicker.pk}-field_goals": "1",
        "away-score": "0",
        "away-casualties": "0",
        "away-mvp": str(mvp.pk),
    }

    by_api = api_as(home.coach).post(f"/api/bloodbowl/matches/{match.pk}/report/", report, format="json")
    client.force_login(home.coach)
    on_page = client.post(f"/bloodbowl/matches/{match.pk}/report/", form)

    assert by_api.status_code == 400
    assert ("league-setup-unfinished", "league") in problems(by_api)
    assert not any(code == "house-value-required" for code, _ in problems(by_api))
    assert on_page.status_code == 400
    assert SENTENCE in on_page.content.decode()
    assert "points.field_goal" not in on_page.content.decode()
    assert Match.objects.get().state == match.state  # nothing reported
    assert Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT).count() == 1


@pytest.mark.parametrize(
    ("viewer", "shown"), [("coach", SENTENCE), ("commissioner", "Cost of one Fan Factor point for a new team")]
)
def test_a_team_rating_left_open_reads_as_a_coach_or_the_commissioner_may_read_it(client, request, bb_team, viewer, shown):
    """The team page's Team Rating, open while a house value is unset: its reason, as the API's `value_problem`."""
    league = bb_team.league
    league.house_values = {k: v for k, v in league.house_values.items() if k != "costs.fan_factor"}
    league.save()
    client.force_login(request.getfixturevalue(viewer))

    page = client.get(f"/bloodbowl/teams/{bb_team.pk}/").content.decode()

    assert shown in page
    assert (SENTENCE in page) == (viewer == "coach")
    assert "costs.fan_factor" not in page  # in words, to the commissioner too
