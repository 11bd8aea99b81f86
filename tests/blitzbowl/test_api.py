"""The Blitz Bowl API: sign-up, arranging under the pairing rule, results, the league's state, the coach roster."""

from __future__ import annotations

import pytest

from blitzbowl.large import seed_large
from blitzbowl.models import Match, MatchSide, TraitGain
from games.models import Roll
from tests.api.helpers import scheduled_through


def side(score, cards=0, injuries=0):
    return {"score": score, "challenge_cards": cards, "injuries": injuries}


def test_create_a_blitz_bowl_league(client_of, commissioner):
    answer = client_of("commissioner").post(
        "/api/leagues/", {"name": "Crush", "game_system": "blitzbowl", "options": {"matches": 4}}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["options"] == {"matches": 4, "quarter_finals": False}
    refused = client_of("commissioner").post(
        "/api/leagues/", {"name": "Crush", "game_system": "blitzbowl", "options": {"matches": 0}}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "options.matches"


def test_sign_up(client_of, short_league, coach):
    answer = client_of("coach").post(
        f"/api/blitzbowl/leagues/{short_league.pk}/coaches/", {"name": "Ann's Ambushers"}, format="json"
    )
    assert answer.status_code == 201
    assert answer.json()["name"] == "Ann's Ambushers"
    assert answer.json()["coach"] == "own_coach"
    again = client_of("coach").post(f"/api/blitzbowl/leagues/{short_league.pk}/coaches/", {"name": "Other"}, format="json")
    assert again.status_code == 400
    assert client_of("anonymous").post(f"/api/blitzbowl/leagues/{short_league.pk}/coaches/", {"name": "X"}).status_code in (
        401,
        403,
    )
    listed = client_of("anonymous").get(f"/api/blitzbowl/leagues/{short_league.pk}/coaches/")
    assert [c["name"] for c in listed.json()["results"]] == ["Ann's Ambushers"]


def test_a_whole_match_through_the_api(client_of, short_league, three):
    ann, bob, cid = three
    url = f"/api/blitzbowl/leagues/{short_league.pk}/"
    arranged = client_of("coach").post(url + "arrange/", {"home_team": ann.pk, "away_team": bob.pk}, format="json")
    assert arranged.status_code == 201, arranged.json()
    made = arranged.json()  # the match made, not the league's state
    assert (made["id"], made["stage"], made["state"]) == (Match.objects.get().pk, "league", "scheduled")
    assert [(s["team"], s["home"], s["score"]) for s in made["sides"]] == [(ann.pk, True, None), (bob.pk, False, None)]
    again = client_of("coach").post(url + "arrange/", {"home_team": ann.pk, "away_team": bob.pk}, format="json")
    assert again.status_code == 400
    assert [(e["code"], e["field"]) for e in again.json()["errors"]] == [
        ("pairing-rule", "home_team"),
        ("pairing-rule", "away_team"),
    ]
    assert "must first play Cid's Crushers" in again.json()["errors"][0]["message"]
    match = Match.objects.get()
    stranger = client_of("third").post(
        f"/api/blitzbowl/matches/{match.pk}/report/", {"home": side(3), "away": side(1)}, format="json"
    )
    assert stranger.status_code == 403
    reported = client_of("coach").post(
        f"/api/blitzbowl/matches/{match.pk}/report/", {"home": side(3, 2, 1), "away": side(1, 0, 2)}, format="json"
    )
    assert reported.status_code == 201
    assert reported.json()["state"] == "submitted"
    confirmed = client_of("rival").post(f"/api/blitzbowl/matches/{match.pk}/confirm/")
    assert confirmed.status_code == 201
    body = confirmed.json()
    assert body["state"] == "confirmed"
    assert len(body["trait_gains"]) == 2
    assert Roll.objects.filter(game=match).count() == 2
    state = client_of("anonymous").get(url).json()
    assert state["standings"][0] == {
        "position": 1,
        "team": ann.pk,
        "team_name": "Ann's Ambushers",
        "coach": "own_coach",
        "played": 1,
        "won": 1,
        "drawn": 0,
        "lost": 0,
        "points": 3,
        "challenge_cards": 2,
        "injuries": 1,
    }
    opponents = {line["team"]["id"]: line["opponents"] for line in state["legal_opponents"]}
    assert opponents == {ann.pk: [cid.pk], bob.pk: [cid.pk], cid.pk: [ann.pk, bob.pk]}
    roster = client_of("anonymous").get(f"/api/blitzbowl/coaches/{ann.pk}/").json()
    assert roster["points"] == 3
    assert roster["matches"][0]["opponent"]["name"] == "Bob's Bashers"
    assert roster["matches"][0]["result"] == "Win"
    assert len(roster["traits"]) + len(roster["pending_traits"]) == 1


def test_round_and_finals_are_the_commissioners(client_of, short_league, three):
    url = f"/api/blitzbowl/leagues/{short_league.pk}/"
    assert client_of("coach").post(url + "round/").status_code == 403
    answer = client_of("commissioner").post(url + "round/")
    assert answer.status_code == 201
    match = Match.objects.get()
    assert [(m["id"], m["stage"]) for m in answer.json()] == [(match.pk, "league")]  # the round's matches
    assert {s["team"] for s in answer.json()[0]["sides"]} == set(match.sides.values_list("team_id", flat=True))
    refused = client_of("commissioner").post(url + "finals/")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "league-play-unfinished"


def test_dispute_and_void(client_of, short_league, three, commissioner):
    ann, bob, _ = three
    client_of("coach").post(
        f"/api/blitzbowl/leagues/{short_league.pk}/arrange/", {"home_team": ann.pk, "away_team": bob.pk}, format="json"
    )
    match = Match.objects.get()
    client_of("coach").post(f"/api/blitzbowl/matches/{match.pk}/report/", {"home": side(3), "away": side(1)}, format="json")
    disputed = client_of("rival").post(f"/api/blitzbowl/matches/{match.pk}/dispute/", {"reason": "It was 1-3"}, format="json")
    assert disputed.status_code == 200
    assert disputed.json()["state"] == "disputed"
    approved = client_of("commissioner").post(f"/api/blitzbowl/matches/{match.pk}/confirm/")
    assert approved.json()["state"] == "confirmed"
    assert TraitGain.objects.count() == 2
    voided = client_of("commissioner").post(f"/api/blitzbowl/matches/{match.pk}/void/", {"reason": "Replay"}, format="json")
    assert voided.json()["state"] == "voided"
    assert TraitGain.objects.count() == 0


def test_trait_choice(client_of, short_league, three):
    ann, bob, cid = three
    for opponent in (cid, bob):
        client_of("coach").post(
            f"/api/blitzbowl/leagues/{short_league.pk}/arrange/", {"home_team": ann.pk, "away_team": opponent.pk}, format="json"
        )
        match = Match.objects.latest("id")
        Roll.objects.create(game=match, label="trait.home", purpose="coach_trait", dice=[8, 8])
        client_of("coach").post(f"/api/blitzbowl/matches/{match.pk}/report/", {"home": side(3), "away": side(1)}, format="json")
        client_of("rival" if opponent == bob else "third").post(f"/api/blitzbowl/matches/{match.pk}/confirm/")
    gain = TraitGain.objects.get(team=ann, trait="")
    url = f"/api/blitzbowl/trait-gains/{gain.pk}/choose/"
    held = client_of("coach").post(url, {"trait": "outrageous-cheat"}, format="json")
    assert held.status_code == 400
    assert held.json()["errors"][0] == {
        "code": "trait-held",
        "field": "trait",
        "message": "The coach already has Outrageous Cheat: choose one he does not have.",
    }
    assert client_of("rival").post(url, {"trait": "glory-hound"}, format="json").status_code == 403
    chosen = client_of("coach").post(url, {"trait": "glory-hound"}, format="json")
    assert chosen.status_code == 200
    assert chosen.json()["trait"] == "glory-hound"
    assert len(client_of("anonymous").get("/api/blitzbowl/coach-traits/").json()) == 15


@pytest.mark.parametrize(("actor", "status"), [("commissioner", 200), ("rival", 200), ("third", 403), ("anonymous", 401)])
def test_a_matchs_date_and_place_through_the_api(client_of, short_league, three, actor, status):
    """The shared schedule write (games.api, ResultLifecycle.schedule), as Slaughterball's and Blood Bowl's."""
    ann, bob, _ = three
    arranged = client_of("coach").post(
        f"/api/blitzbowl/leagues/{short_league.pk}/arrange/", {"home_team": ann.pk, "away_team": bob.pk}, format="json"
    )
    assert arranged.status_code == 201
    match = Match.objects.get(pk=arranged.json()["id"])
    shown = scheduled_through(client_of, f"/api/blitzbowl/matches/{match.pk}/", actor, status, "Club")
    match.refresh_from_db()
    assert match.location == shown["location"]


@pytest.mark.django_db
def test_the_league_api_lists_its_coaches_25_a_page_in_the_standings_and_legal_opponents(client):
    """A league of 30 coaches after a round fully played: each list of every coach answers a page of 25 (`?standings=`,
    `?opponents=`); a coach's legal opponents are those he has not met (none is met again before all are)."""
    league = seed_large(30, 1)
    first = client.get(f"/api/blitzbowl/leagues/{league.pk}/").json()
    second = client.get(f"/api/blitzbowl/leagues/{league.pk}/?standings=2&opponents=2").json()
    assert (first["coach_count"], len(first["standings"]), len(first["legal_opponents"])) == (30, 25, 25)
    assert (len(second["standings"]), len(second["legal_opponents"])) == (5, 5)
    assert [row["position"] for row in second["standings"]] == list(range(26, 31))
    sides = MatchSide.objects.filter(team__league=league).select_related("match")
    met = {side.team_id: {o.team_id for o in side.match.sides.all()} for side in sides}
    every = {team.pk for team in league.teams.all()}
    for line in first["legal_opponents"] + second["legal_opponents"]:
        team = line["team"]["id"]
        assert set(line["opponents"]) == every - met[team]
        assert line["matches_left"] == 1
