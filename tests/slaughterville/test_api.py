"""The Slaughterville API: the catalogue import, joining, logging a session (the engine's setup rules, the random
deal), the lifecycle with its permissions, and the statistics against hand-computed figures."""

from __future__ import annotations

import pytest

from games.models import Game, Roll
from slaughterville.models import Character, Session, SessionSide, Villain
from tests.slaughterville.conftest import TOWN, session_log

pytestmark = pytest.mark.django_db


def codes(response) -> list[tuple[str, str]]:
    return [(e["code"], e["field"]) for e in response.json()["errors"]]


# --- The catalogue -----------------------------------------------------------------------------------------


def test_the_commissioner_imports_a_json_catalogue(group, client_of) -> None:
    text = '{"characters": [{"slug": "jock", "name": "Jock"}], "locations": [{"slug": "farm", "name": "Farm"}],'
    text += ' "villains": [{"slug": "butcher", "name": "Butcher", "location": "farm"}]}'
    response = client_of("commissioner").put(
        f"/api/slaughterville/leagues/{group.pk}/catalogue/", {"format": "json", "text": text}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["villains"] == [{"slug": "butcher", "name": "Butcher", "location": "farm"}]
    assert Villain.objects.get(league=group).location.slug == "farm"


def test_a_bad_catalogue_changes_nothing_and_names_each_field(group, client_of) -> None:
    before = list(Character.objects.filter(league=group).values_list("slug", flat=True))
    text = "characters:\n  - {slug: Bad Slug, name: x}\n  - {slug: ok}\nvillains:\n  - {slug: v, name: V, location: nowhere}\n"
    response = client_of("commissioner").put(
        f"/api/slaughterville/leagues/{group.pk}/catalogue/", {"format": "yaml", "text": text}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [
        ("catalogue-field-invalid", "characters[0].slug"),
        ("catalogue-field-missing", "characters[1].name"),
        ("catalogue-location-unknown", "villains[0].location"),
    ]
    assert list(Character.objects.filter(league=group).values_list("slug", flat=True)) == before


def test_yaml_aliases_are_refused(group, client_of) -> None:
    text = "characters: &a\n  - {slug: jock, name: Jock}\nlocations: *a\n"
    response = client_of("commissioner").put(
        f"/api/slaughterville/leagues/{group.pk}/catalogue/", {"format": "yaml", "text": text}, format="json"
    )
    assert codes(response) == [("catalogue-yaml-alias", "")]


@pytest.mark.parametrize(("actor", "status"), [("coach", 403), ("anonymous", 401)])
def test_only_a_commissioner_replaces_the_catalogue(group, ash, client_of, actor, status) -> None:
    response = client_of(actor).put(
        f"/api/slaughterville/leagues/{group.pk}/catalogue/", {"format": "json", "text": "{}"}, format="json"
    )
    assert response.status_code == status
    assert Character.objects.filter(league=group).count() == 6


# --- Joining -------------------------------------------------------------------------------------------


def test_a_user_joins_once(group, client_of) -> None:
    api = client_of("coach")
    response = api.post(f"/api/slaughterville/leagues/{group.pk}/members/", {"name": "Ash"}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == "Ash"
    again = api.post(f"/api/slaughterville/leagues/{group.pk}/members/", {"name": "Ash 2"}, format="json")
    assert codes(again) == [("already-member", "league")]
    assert client_of("anonymous").get(f"/api/slaughterville/leagues/{group.pk}/members/").json()["count"] == 1


# --- Logging -------------------------------------------------------------------------------------------


def test_a_player_logs_a_session_for_the_others_to_confirm(group, ash, laurie, client_of) -> None:
    response = client_of("coach").post(
        f"/api/slaughterville/leagues/{group.pk}/sessions/", session_log(ash, laurie), format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["state"] == "submitted"
    assert body["pending"] == [laurie.pk]
    assert [(p["name"], p["character"], p["dealt"]) for p in body["players"]] == [
        ("Ash", "skeptic", False),
        ("Laurie", "drifter", False),
    ]
    assert body["locations"] == TOWN


def test_a_session_of_one_player_stands_confirmed(group, ash, laurie, client_of) -> None:
    log = session_log(ash, laurie, players=[{"member": ash.pk, "character": "skeptic"}], defeated=0)
    response = client_of("coach").post(f"/api/slaughterville/leagues/{group.pk}/sessions/", log, format="json")
    assert response.json()["state"] == "confirmed"


def test_the_setup_rules_refuse_every_problem_at_once(group, ash, laurie, client_of) -> None:
    log = session_log(
        ash,
        laurie,
        players=[{"member": ash.pk, "character": "skeptic"}, {"member": laurie.pk, "character": "skeptic"}],
        villain="hooked-stranger",
        locations=TOWN[:5],
        first_player=999,
        outcome="draw",
        turns=0,
        defeated=3,
    )
    response = client_of("coach").post(f"/api/slaughterville/leagues/{group.pk}/sessions/", log, format="json")
    assert response.status_code == 400
    assert codes(response) == [
        ("character-twice", "players[1].character"),
        ("locations-count", "locations"),
        ("location-mandatory-first", "locations[0]"),
        ("first-player-not-playing", "first_player"),
        ("outcome-invalid", "outcome"),
        ("turns-invalid", "turns"),
        ("defeated-invalid", "defeated"),
    ]
    assert not Session.objects.exists()
    assert not Game.objects.exists()


def test_seven_players_are_refused(group, ash, client_of, django_user_model) -> None:
    from slaughterville.services import member_join

    more = [member_join(league=group, coach=django_user_model.objects.create(username=f"p{i}"), name=f"P{i}") for i in range(6)]
    players = [{"member": m.pk, "character": None} for m in [ash, *more]]
    log = session_log(ash, ash, players=players, defeated=0)
    response = client_of("coach").post(f"/api/slaughterville/leagues/{group.pk}/sessions/", log, format="json")
    assert ("players-count", "players") in codes(response)


def test_random_characters_are_dealt_and_stored(group, ash, laurie, client_of) -> None:
    log = session_log(ash, laurie, players=[{"member": ash.pk, "character": "skeptic"}, {"member": laurie.pk}])
    body = client_of("coach").post(f"/api/slaughterville/leagues/{group.pk}/sessions/", log, format="json").json()
    dealt = body["players"][1]
    assert dealt["dealt"] is True
    assert dealt["character"] not in ("", "skeptic")
    roll = Roll.objects.get(game_id=body["id"])
    assert (roll.label, roll.purpose, roll.subject) == ("deal.1", "character", laurie.pk)
    left = ["camp-counsellor", "retired-sheriff", "local-priest", "prom-queen", "drifter"]  # the catalogue less skeptic
    assert dealt["character"] == left[roll.dice[0] - 1]


def test_an_idempotent_log_is_applied_once(group, ash, laurie, client_of) -> None:
    api = client_of("coach")
    url = f"/api/slaughterville/leagues/{group.pk}/sessions/"
    first = api.post(url, session_log(ash, laurie), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = api.post(url, session_log(ash, laurie), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert Session.objects.count() == 1


@pytest.mark.parametrize(("actor", "status", "code"), [("anonymous", 401, None), ("commissioner", 403, "not-member")])
def test_only_members_log(group, ash, laurie, client_of, actor, status, code) -> None:
    response = client_of(actor).post(f"/api/slaughterville/leagues/{group.pk}/sessions/", session_log(ash, laurie), format="json")
    assert response.status_code == status
    if code:
        assert codes(response) == [(code, "league")]
    assert not Session.objects.exists()


def test_a_member_logs_only_a_session_he_played(group, ash, laurie, nancy, client_of) -> None:
    response = client_of("bystander").post(
        f"/api/slaughterville/leagues/{group.pk}/sessions/", session_log(ash, laurie), format="json"
    )
    assert codes(response) == [("logger-not-playing", "players")]


# --- The lifecycle ---------------------------------------------------------------------------------------


@pytest.fixture
def logged(group, ash, laurie, client_of):
    response = client_of("coach").post(
        f"/api/slaughterville/leagues/{group.pk}/sessions/", session_log(ash, laurie), format="json"
    )
    return response.json()["id"]


@pytest.mark.parametrize(
    ("actor", "status"),
    [("anonymous", 401), ("bystander", 403), ("commissioner", 403), ("coach", 400)],
)
def test_only_the_other_players_confirm(logged, nancy, client_of, actor, status) -> None:
    response = client_of(actor).post(f"/api/slaughterville/sessions/{logged}/confirm/")
    assert response.status_code == status
    assert Session.objects.get(pk=logged).state == Game.State.SUBMITTED


def test_the_other_player_confirms(logged, client_of) -> None:
    response = client_of("rival").post(f"/api/slaughterville/sessions/{logged}/confirm/")
    assert response.status_code == 201
    assert response.json()["state"] == "confirmed"
    assert [e["action"] for e in response.json()["history"]] == ["submitted", "confirmed"]


@pytest.mark.parametrize(("actor", "status"), [("bystander", 403), ("coach", 400), ("commissioner", 403)])
def test_only_the_other_players_dispute(logged, nancy, client_of, actor, status) -> None:
    response = client_of(actor).post(f"/api/slaughterville/sessions/{logged}/dispute/", {"reason": "No."}, format="json")
    assert response.status_code == status
    assert Session.objects.get(pk=logged).state == Game.State.SUBMITTED


def test_a_disputed_session_is_approved_or_voided_by_a_commissioner(logged, client_of) -> None:
    disputed = client_of("rival").post(
        f"/api/slaughterville/sessions/{logged}/dispute/", {"reason": "Twelve turns?"}, format="json"
    )
    assert disputed.json()["state"] == "disputed"
    for actor in ("coach", "rival"):
        assert client_of(actor).post(f"/api/slaughterville/sessions/{logged}/approve/").status_code == 403
        assert (
            client_of(actor).post(f"/api/slaughterville/sessions/{logged}/void/", {"reason": "x"}, format="json").status_code
            == 403
        )
    approved = client_of("commissioner").post(f"/api/slaughterville/sessions/{logged}/approve/")
    assert approved.json()["state"] == "confirmed"
    voided = client_of("commissioner").post(
        f"/api/slaughterville/sessions/{logged}/void/", {"reason": "Wrong group."}, format="json"
    )
    assert voided.json()["state"] == "voided"
    assert voided.json()["history"][-1]["reason"] == "Wrong group."


# --- Statistics ------------------------------------------------------------------------------------------


def test_statistics_count_confirmed_sessions_only(group, ash, laurie, nancy, client_of) -> None:
    """Three sessions, hand-computed: (1) Ash + Laurie v the Pale Choir, won, 12 turns; (2) Ash alone v the Hooked
    Stranger, lost, 7 turns; (3) Laurie + Nancy v the Pale Choir, lost, 12 turns, still awaiting confirmation."""
    url = f"/api/slaughterville/leagues/{group.pk}/sessions/"
    first = client_of("coach").post(url, session_log(ash, laurie), format="json").json()["id"]
    client_of("rival").post(f"/api/slaughterville/sessions/{first}/confirm/")
    solo = session_log(
        ash,
        laurie,
        players=[{"member": ash.pk, "character": "prom-queen"}],
        villain="hooked-stranger",
        locations=["lakeside-camp", *TOWN[:5]],
        outcome="villain",
        turns=7,
        defeated=1,
    )
    client_of("coach").post(url, solo, format="json")
    third = session_log(
        laurie, nancy, players=[{"member": laurie.pk, "character": "skeptic"}, {"member": nancy.pk, "character": "drifter"}]
    )
    client_of("rival").post(url, {**third, "first_player": laurie.pk, "outcome": "villain"}, format="json")

    stats = client_of("anonymous").get(f"/api/slaughterville/leagues/{group.pk}/statistics/").json()
    assert (stats["sessions"], stats["won"]) == (2, 1)
    assert [(r["key"], r["played"], r["won"], r["percent"]) for r in stats["villains"]] == [
        ("pale-choir", 1, 1, 100),
        ("hooked-stranger", 1, 0, 0),
    ]
    assert [(r["name"], r["played"], r["won"], r["lost"]) for r in stats["members"]] == [
        ("Laurie", 1, 1, 0),
        ("Ash", 2, 1, 1),
    ]  # one win each: the higher rate first
    assert [(r["key"], r["percent"]) for r in stats["player_counts"]] == [("1", 0), ("2", 100)]
    # old-mill .. high-school were in play in both sessions (1 of 2 won); cornfield only in the first; the camp in the second.
    locations = {r["key"]: (r["played"], r["won"]) for r in stats["locations"]}
    assert locations == {**dict.fromkeys(TOWN[:5], (2, 1)), "cornfield": (1, 1), "lakeside-camp": (1, 0)}
    assert [r["name"] for r in stats["characters"]] == ["The Drifter", "The Skeptic", "Prom Queen"]
    assert ([g["turns"] for g in stats["longest"]], [g["turns"] for g in stats["shortest"]]) == ([12], [7])
    assert SessionSide.objects.count() == 5


def test_the_schema_documents_the_api(client_of) -> None:
    schema = client_of("anonymous").get("/api/schema/?format=json").json()
    for path in ("catalogue", "members", "sessions", "statistics"):
        assert f"/api/slaughterville/leagues/{{league_id}}/{path}/" in schema["paths"]
    assert "/api/slaughterville/sessions/{session_id}/confirm/" in schema["paths"]
