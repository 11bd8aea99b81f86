"""The Blood Bowl match API: a match from arranging to standings, errors in the shared shape."""

from __future__ import annotations

import pytest

from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory


@pytest.fixture
def bb(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    return league, home, away


def _report(home, away):
    h, a = list(home.bb_players.all()), list(away.bb_players.all())
    return {
        "home": {"score": 1, "casualties": 0, "mvp": h[0].pk, "players": [{"player": h[0].pk, "touchdowns": 1}]},
        "away": {"score": 0, "casualties": 0, "mvp": a[0].pk},
    }


def test_a_match_through_the_api(bb, api_as, django_capture_on_commit_callbacks):
    league, home, away = bb
    api = api_as(home.coach)
    created = api.post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk}, format="json"
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    assert api.post(f"/api/bloodbowl/matches/{match_id}/prematch/", {}, format="json").status_code == 200
    report = api.post(
        f"/api/bloodbowl/matches/{match_id}/report/", _report(home, away), format="json", headers={"Idempotency-Key": "r1"}
    )
    assert report.status_code == 201, report.json()
    again = api.post(
        f"/api/bloodbowl/matches/{match_id}/report/", _report(home, away), format="json", headers={"Idempotency-Key": "r1"}
    )
    assert again.status_code == 200
    assert [e["action"] for e in again.json()["history"]] == ["created", "pre-match", "reported"]
    own = api.post(f"/api/bloodbowl/matches/{match_id}/confirm/", {}, format="json")
    assert own.status_code == 400  # the shared lifecycle's refusal (it was a 403 before the game core)
    assert [e["code"] for e in own.json()["errors"]] == ["own-submission"]
    with django_capture_on_commit_callbacks(execute=True):  # the standings recompute queued on commit
        confirmed = api_as(away.coach).post(f"/api/bloodbowl/matches/{match_id}/confirm/", {}, format="json")
    assert confirmed.status_code == 200
    body = confirmed.json()
    assert body["status"] == "confirmed"
    assert {s["home"]: s["score"] for s in body["sides"]} == {True: 1, False: 0}
    assert all(s["winnings"] is not None for s in body["sides"])
    table = api.get(f"/api/bloodbowl/leagues/{league.pk}/standings/").json()
    assert (table["count"], table["next"], table["previous"]) == (2, None, None)
    lines = [(row["team_name"], row["points"], row["won"]) for row in table["results"]]
    assert lines == [("Croakers", 3, 1), ("Bog Kings", 0, 0)]


def test_report_violations_in_the_shared_error_shape(bb, api_as):
    league, home, away = bb
    api = api_as(home.coach)
    match_id = api.post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk}, format="json"
    ).json()["id"]
    api.post(f"/api/bloodbowl/matches/{match_id}/prematch/", {}, format="json")
    report = _report(home, away)
    report["home"]["score"] = 2
    report["away"]["mvp"] = 999_999
    refused = api.post(f"/api/bloodbowl/matches/{match_id}/report/", report, format="json")
    assert refused.status_code == 400
    fields = {e["field"]: e["code"] for e in refused.json()["errors"]}
    assert fields == {"home.score": "score-events", "away.mvp": "player-unknown"}
    shape = api.post(f"/api/bloodbowl/matches/{match_id}/report/", {"home": {"score": -1}}, format="json")
    assert shape.status_code == 400
    assert {e["field"] for e in shape.json()["errors"]} == {"home.score", "away"}


def test_anonymous_reads_but_cannot_write(bb, api):
    league, home, away = bb
    assert api.get(f"/api/bloodbowl/leagues/{league.pk}/matches/").status_code == 200
    assert api.post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk}, format="json"
    ).status_code in (401, 403)


def test_a_slaughterball_league_is_not_a_blood_bowl_one(league, api):
    assert api.get(f"/api/bloodbowl/leagues/{league.pk}/matches/").status_code == 404


def test_a_commissioner_voids_a_confirmed_match(bb, api_as, commissioner, django_capture_on_commit_callbacks):
    league, home, away = bb
    api = api_as(home.coach)
    match_id = api.post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk}, format="json"
    ).json()["id"]
    api.post(f"/api/bloodbowl/matches/{match_id}/prematch/", {}, format="json")
    api.post(f"/api/bloodbowl/matches/{match_id}/report/", _report(home, away), format="json")
    api_as(away.coach).post(f"/api/bloodbowl/matches/{match_id}/confirm/", {}, format="json")
    assert api.post(f"/api/bloodbowl/matches/{match_id}/void/", {"reason": "x"}, format="json").status_code == 403
    with django_capture_on_commit_callbacks(execute=True):  # the standings recompute queued on commit
        voided = api_as(commissioner).post(f"/api/bloodbowl/matches/{match_id}/void/", {"reason": "Replay"}, format="json")
    assert voided.status_code == 200
    assert voided.json()["status"] == "void"
    table = api.get(f"/api/bloodbowl/leagues/{league.pk}/standings/").json()
    assert [row["played"] for row in table["results"]] == [0, 0]


def _errors(response):
    return {e["field"]: e["code"] for e in response.json()["errors"]}


def test_mistyped_or_spent_table_dice_are_refused_naming_them(bb, api_as):
    """Dice rolled at the table are keyed by the roll's label: a label no roll of the request has, or the
    label of a roll already made, is refused (a 400 naming it), never quietly replaced by the server's dice."""
    league, home, away = bb
    api = api_as(home.coach)
    match_id = api.post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": home.pk, "away_team": away.pk}, format="json"
    ).json()["id"]
    prematch = f"/api/bloodbowl/matches/{match_id}/prematch/"
    mistyped = api.post(prematch, {"dice": {"cards.hmoe": [6]}}, format="json")
    assert mistyped.status_code == 400
    assert _errors(mistyped) == {"dice.cards.hmoe": "dice-unknown"}
    assert api.get(f"/api/bloodbowl/matches/{match_id}/").json()["gate"] is None  # nothing was rolled
    assert api.post(prematch, {"dice": {"cards.home": [6]}}, format="json").status_code == 200
    again = api.post(prematch, {"dice": {"cards.home": [1]}}, format="json")
    assert again.status_code == 400
    assert _errors(again) == {"dice.cards.home": "dice-rolled"}
    api.post(f"/api/bloodbowl/matches/{match_id}/report/", _report(home, away), format="json")
    confirm = f"/api/bloodbowl/matches/{match_id}/confirm/"
    refused = api_as(away.coach).post(confirm, {"dice": {"winnings.hmoe": [6], "gate": [1, 1]}}, format="json")
    assert refused.status_code == 400
    assert _errors(refused) == {"dice.winnings.hmoe": "dice-unknown", "dice.gate": "dice-rolled"}
    assert api.get(f"/api/bloodbowl/matches/{match_id}/").json()["status"] == "reported"  # rolled back
    confirmed = api_as(away.coach).post(confirm, {"dice": {"winnings.home": [6]}}, format="json")
    assert confirmed.status_code == 200
    rolls = {r["label"]: (r["dice"], r["at_table"]) for r in confirmed.json()["rolls"]}
    assert rolls["winnings.home"] == ([6], True)
    late = api_as(away.coach).post(confirm, {"dice": {"winnings.away": [6]}}, format="json")
    assert late.status_code == 400
    assert _errors(late) == {"dice.winnings.away": "dice-rolled"}
