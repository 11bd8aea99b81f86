"""A Slaughterball game's date and place (the shared games.Game fields, ResultLifecycle.schedule): the API and
the game page for every role, a refusal leaving the game as it was, the Game Record Sheet printing them."""

from __future__ import annotations

import datetime

import pytest

from games.models import Game, GameEvent
from tests.factories import UserFactory

BODY = {"scheduled_for": "2026-05-02", "location": "The Pit, Main Street"}


@pytest.fixture
def spectator(db):
    return UserFactory(username="spectator")


def _unchanged(game):
    game.refresh_from_db()
    return (game.scheduled_for, game.location, GameEvent.objects.filter(game=game, action="scheduled").count()) == (
        None,
        "",
        0,
    )


@pytest.mark.parametrize(
    ("actor", "status"),
    [("commissioner", 200), ("coach", 200), ("rival", 200), ("spectator", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_the_date_and_place_through_the_api(game, client_of, actor, status):
    response = client_of(actor).post(f"/api/games/{game.pk}/schedule/", BODY, format="json")
    assert response.status_code == status
    if status == 200:
        assert (response.json()["scheduled_for"], response.json()["location"]) == ("2026-05-02", "The Pit, Main Street")
    else:
        assert _unchanged(game)


def test_a_played_game_is_the_commissioners_to_change(game, client_of):
    Game.objects.filter(pk=game.pk).update(state=Game.State.CONFIRMED)  # as its confirmation leaves it
    refused = client_of("coach").post(f"/api/games/{game.pk}/schedule/", BODY, format="json")
    assert refused.status_code == 400
    assert [e["code"] for e in refused.json()["errors"]] == ["game-played"]
    assert _unchanged(game)
    assert client_of("commissioner").post(f"/api/games/{game.pk}/schedule/", BODY, format="json").status_code == 200


def test_a_bad_date_is_a_400(game, client_of):
    response = client_of("commissioner").post(f"/api/games/{game.pk}/schedule/", {"scheduled_for": "May"}, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["scheduled_for"]
    assert _unchanged(game)


def test_the_game_page_edits_them_and_the_record_sheet_prints_them(game, coach, client_as):
    client = client_as(coach)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "No date set" in page
    assert f"/games/{game.pk}/schedule/" in page
    assert client.post(f"/games/{game.pk}/schedule/", BODY).status_code == 302
    game.refresh_from_db()
    assert (game.scheduled_for, game.location) == (datetime.date(2026, 5, 2), "The Pit, Main Street")
    assert "Saturday 2 May 2026 · The Pit, Main Street" in client.get(f"/games/{game.pk}/").content.decode()
    sheet = client.get(f"/weeks/{game.week_id}/game-records/").content.decode()
    assert "Date: May 2, 2026 · Location: The Pit, Main Street" in sheet


def test_a_spectator_sees_them_without_the_form_and_is_refused(game, spectator, client_as):
    client = client_as(spectator)
    assert f"/games/{game.pk}/schedule/" not in client.get(f"/games/{game.pk}/").content.decode()
    assert client.post(f"/games/{game.pk}/schedule/", BODY).status_code == 403
    assert _unchanged(game)
