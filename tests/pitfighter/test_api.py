"""The Pit Fighter API: creating a campaign and a stable, arranging, the result's lifecycle, training, the void,
the campaign's standings and the Pit King; who may do each write; the OpenAPI schema."""

from __future__ import annotations

import pytest

from games.models import Game
from pitfighter.models import Combat, Fighter
from tests.api.helpers import scheduled_through
from tests.pitfighter.conftest import fighter, fighters


def duel_body(a, b):
    return {"style": "free", "fighters": [{"fighter": a.pk}, {"fighter": b.pk}]}


def won_by(a, b, *criticals):
    return {
        "fighters": [
            {"fighter": a.pk, "taken_down_by": None},
            {"fighter": b.pk, "taken_down_by": a.pk, "criticals": list(criticals)},
        ],
        "winner": a.pk,
    }


def test_create_a_campaign(client_of, commissioner):
    answer = client_of("commissioner").post(
        "/api/leagues/", {"name": "Pits", "game_system": "pitfighter", "options": {"faster_progression": True}}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["options"] == {"faster_progression": True}


def test_house_values_are_checked(client_of, campaign):
    answer = client_of("commissioner").patch(
        f"/api/leagues/{campaign.pk}/", {"house_values": {"skills.d66_order": ["bruiser"]}}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "house_values.skills.d66_order"


def test_create_a_stable(client_of, campaign, coach):
    url = f"/api/pitfighter/leagues/{campaign.pk}/stables/"
    refused = client_of("coach").post(url, {"name": "Ann's", "fighters": fighters("A", ["orc"] * 5)}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "stable-invalid"
    assert client_of("anonymous").post(url, {"name": "X", "fighters": fighters("X")}, format="json").status_code in (401, 403)
    answer = client_of("coach").post(url, {"name": "Ann's", "fighters": fighters("A")}, format="json")
    assert answer.status_code == 201, answer.json()
    assert [f["type"] for f in answer.json()["fighters"]] == ["orc", "chaos", "skink", "witch-elf", "ogre"]
    assert client_of("anonymous").get(url).json()["results"][0]["owner"] == "own_coach"


def test_a_stable_before_the_house_values_names_them(client_of, commissioner, coach):
    body = {"name": "Pits", "game_system": "pitfighter", "house_values_from": "empty"}
    created = client_of("commissioner").post("/api/leagues/", body, format="json")
    league = created.json()["id"]
    refused = client_of("commissioner").post(
        f"/api/pitfighter/leagues/{league}/stables/", {"name": "A", "fighters": fighters("A")}, format="json"
    )
    assert refused.status_code == 400
    first = refused.json()["errors"][0]
    assert (first["code"], first["field"]) == ("house-value-required", "fighters.orc.ws")


def test_a_whole_combat_through_the_api(client_of, campaign, ann, bob):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    league_url = f"/api/pitfighter/leagues/{campaign.pk}/"
    ogre = client_of("coach").post(league_url + "arrange/", duel_body(fighter(ann, "ogre"), b), format="json")
    assert ogre.status_code == 400
    assert ogre.json()["errors"] == [
        {"code": "style-forbids", "field": "fighters[0]", "message": "A Ogre cannot fight in the Free style."}
    ]
    arranged = client_of("coach").post(league_url + "arrange/", duel_body(a, b), format="json")
    assert arranged.status_code == 200, arranged.json()
    combat = arranged.json()["id"]
    url = f"/api/pitfighter/combats/{combat}/"
    not_over = {"fighters": [{"fighter": a.pk, "taken_down_by": None}, {"fighter": b.pk, "taken_down_by": None}], "winner": a.pk}
    refused = client_of("coach").post(url + "report/", not_over, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "combat-not-over"
    assert client_of("third").post(url + "report/", won_by(a, b), format="json").status_code == 403
    body = won_by(
        a, b, {"chart": "leg", "result": "kneecap-damaged", "by": a.pk}, {"chart": "arm", "result": "arm-broken", "by": a.pk}
    )
    reported = client_of("coach").post(url + "report/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert reported.status_code == 201
    again = client_of("coach").post(url + "report/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 200
    assert client_of("coach").post(url + "confirm/").status_code == 400  # his own report
    confirmed = client_of("rival").post(url + "confirm/")
    assert confirmed.status_code == 201
    assert confirmed.json()["state"] == "confirmed"
    assert confirmed.json()["sides"][0]["won"] is True
    roster = client_of("anonymous").get(f"/api/pitfighter/fighters/{b.pk}/").json()
    assert roster["fighter"]["misses"] == 2
    assert roster["injuries"]["kneecaps"] == 1
    assert roster["profile"]["i"] == roster["fighter"]["i"] - 1
    state = client_of("anonymous").get(league_url).json()
    assert [(s["stable_name"], s["wins"], s["takedowns"]) for s in state["standings"]] == [
        ("Ann's School", 1, 1),
        ("Bob's Pit", 0, 0),
    ]
    # training: the owner spreads his point; a stranger may not
    train = f"/api/pitfighter/fighters/{a.pk}/train/"
    assert client_of("rival").post(train, {"points": {"ws": 1}}, format="json").status_code == 403
    wrong = client_of("coach").post(train, {"points": {"ws": 2}}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["code"] == "points-total"
    trained = client_of("coach").post(train, {"points": {"ws": 1}}, format="json")
    assert trained.status_code == 200
    assert trained.json()["fighter"]["ws"] == a.ws + 1
    # the void: only a commissioner; the fighters are put back
    assert client_of("coach").post(url + "void/", {"reason": "x"}, format="json").status_code == 403
    voided = client_of("commissioner").post(url + "void/", {"reason": "Played wrong"}, format="json")
    assert voided.status_code == 200
    assert voided.json()["state"] == "voided"
    b.refresh_from_db()
    a.refresh_from_db()
    assert (b.misses, b.kneecaps, a.wins, a.ws, a.points) == (0, 0, 0, fighter(ann, "orc").ws, 0)


def test_sigmar_crowns_a_pit_king_and_his_owner_wins_the_campaign(client_of, campaign, ann, bob, cid):
    king = fighter(ann, "chaos")
    three = [fighter(bob, "orc"), fighter(bob, "ogre"), fighter(cid, "skink")]
    body = {"style": "sigmar", "fighters": [{"fighter": king.pk, "team": 1}, *({"fighter": f.pk, "team": 2} for f in three)]}
    arranged = client_of("commissioner").post(f"/api/pitfighter/leagues/{campaign.pk}/arrange/", body, format="json")
    assert arranged.status_code == 200, arranged.json()
    url = f"/api/pitfighter/combats/{arranged.json()['id']}/"
    report = {
        "fighters": [{"fighter": king.pk, "taken_down_by": None}, *({"fighter": f.pk, "taken_down_by": king.pk} for f in three)]
    }
    assert client_of("commissioner").post(url + "report/", report, format="json").status_code == 201
    assert client_of("commissioner").post(url + "confirm/").status_code == 201  # approved
    state = client_of("anonymous").get(f"/api/pitfighter/leagues/{campaign.pk}/").json()
    assert [k["name"] for k in state["pit_kings"]] == [king.name]
    assert state["winner"]["name"] == "Ann's School"


@pytest.mark.parametrize("actor", ["anonymous", "third"])
def test_strangers_cannot_write(client_of, campaign, ann, bob, actor):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    combat = (
        client_of("coach").post(f"/api/pitfighter/leagues/{campaign.pk}/arrange/", duel_body(a, b), format="json").json()["id"]
    )
    client = client_of(actor)
    codes = [
        client.post(f"/api/pitfighter/leagues/{campaign.pk}/arrange/", duel_body(a, b), format="json").status_code,
        client.post(f"/api/pitfighter/combats/{combat}/report/", won_by(a, b), format="json").status_code,
        client.post(f"/api/pitfighter/combats/{combat}/confirm/").status_code,
        client.post(f"/api/pitfighter/combats/{combat}/dispute/", {"reason": "x"}, format="json").status_code,
        client.post(f"/api/pitfighter/combats/{combat}/void/", {"reason": "x"}, format="json").status_code,
        client.post(f"/api/pitfighter/combats/{combat}/schedule/", {"location": "x"}, format="json").status_code,
        client.post(f"/api/pitfighter/fighters/{a.pk}/train/", {"points": {"ws": 1}}, format="json").status_code,
    ]
    assert all(code in (401, 403) for code in codes), codes
    assert Combat.objects.count() == 1
    assert Game.objects.get(pk=combat).state == Game.State.SCHEDULED
    assert Fighter.objects.get(pk=a.pk).ws == a.ws


def test_the_schema_documents_the_pit_fighter_api(client_of):
    schema = client_of("anonymous").get("/api/schema/?format=json").json()
    paths = [p for p in schema["paths"] if p.startswith("/api/pitfighter/")]
    assert "/api/pitfighter/combats/{combat_id}/report/" in paths
    assert "/api/pitfighter/fighters/{fighter_id}/train/" in paths
    assert "/api/pitfighter/combats/{combat_id}/schedule/" in paths
    assert len(paths) == 13


@pytest.mark.parametrize(("actor", "status"), [("commissioner", 200), ("coach", 200), ("third", 403), ("anonymous", 401)])
def test_a_combats_date_and_place_through_the_api(client_of, campaign, ann, bob, actor, status):
    """The shared schedule write (games.api, ResultLifecycle.schedule), as Slaughterball's and Blood Bowl's."""
    arranged = client_of("coach").post(
        f"/api/pitfighter/leagues/{campaign.pk}/arrange/", duel_body(fighter(ann, "orc"), fighter(bob, "orc")), format="json"
    )
    shown = scheduled_through(client_of, f"/api/pitfighter/combats/{arranged.json()['id']}/", actor, status, "The Arena")
    assert Game.objects.get(pk=arranged.json()["id"]).location == shown["location"]
