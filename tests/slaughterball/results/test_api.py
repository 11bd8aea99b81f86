"""The results API: the permission matrix of every write, the error shape with every violation,
idempotency keys, the game and result answers, the standings and their pinned query counts."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import GameEvent
from rosters.selectors import team_balances
from slaughterball.models import Game, Standing
from slaughterball.selectors_teams import team_get
from slaughterball.services.results import result_confirm, result_submit
from slaughterball.services.standings import standings_recompute
from tests.api.helpers import errors, problems
from tests.factories import UserFactory
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for, result

SCORES = [30, 20, 10, 5]
CAST = ("commissioner", "coach", "rival", "outsider", "other_commissioner", "anonymous")


@pytest.fixture
def outsider(league):
    """A coach of the league whose team does not play in the game."""
    user = UserFactory(username="outsider")
    make_team_for(league, user, "Outsiders")
    return user


@pytest.fixture
def client_of(request):
    def client(actor: str) -> APIClient:
        api = APIClient()
        if actor != "anonymous":
            api.force_authenticate(request.getfixturevalue(actor))
        return api

    return client


def body(teams, scores=SCORES, **extra):
    return {"sides": result(teams, scores), **extra}


# --- The permission matrix ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 201), ("coach", 201), ("rival", 201), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_submit(client_of, game, teams, outsider, actor, expected):
    response = client_of(actor).post(f"/api/games/{game.pk}/result/", body(teams), format="json")
    assert response.status_code == expected, response.content
    assert GameEvent.objects.filter(game=game).exists() == (expected == 201)
    if expected != 201:
        errors(response)


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 403), ("coach", 400), ("rival", 201), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_confirm(client_of, game, teams, coach, outsider, actor, expected):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    response = client_of(actor).post(f"/api/games/{game.pk}/confirm/")
    assert response.status_code == expected, response.content
    assert GameEvent.objects.filter(game=game, action="confirmed").exists() == (expected == 201)


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 201), ("coach", 403), ("rival", 403), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_approve(client_of, game, teams, coach, outsider, actor, expected):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    response = client_of(actor).post(f"/api/games/{game.pk}/approve/")
    assert response.status_code == expected, response.content
    assert Game.objects.get(pk=game.pk).state == ("confirmed" if expected == 201 else "submitted")


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 403), ("coach", 400), ("rival", 201), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_dispute(client_of, game, teams, coach, outsider, actor, expected):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    response = client_of(actor).post(f"/api/games/{game.pk}/dispute/", {"reason": "Wrong scores"}, format="json")
    assert response.status_code == expected, response.content
    assert Game.objects.get(pk=game.pk).state == ("disputed" if expected == 201 else "submitted")


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 201), ("coach", 403), ("rival", 403), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_void(client_of, game, teams, commissioner, coach, outsider, actor, expected):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    client_of("commissioner").post(f"/api/games/{game.pk}/approve/")
    response = client_of(actor).post(f"/api/games/{game.pk}/void/", {"reason": "Replay"}, format="json")
    assert response.status_code == expected, response.content
    assert Game.objects.get(pk=game.pk).state == ("voided" if expected == 201 else "confirmed")
    assert team_balances(team_get(teams[0].pk))["treasury"] == (0 if expected == 201 else 400_000)


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("commissioner", 200), ("coach", 200), ("rival", 200), ("outsider", 403), ("other_commissioner", 403), ("anonymous", 401)],
)
def test_who_may_keep_a_draft(client_of, game, teams, outsider, actor, expected):
    draft = {"sides": result(teams, [2, 0, 0, 0]), "scoring_log": [{"team": teams[0].pk, "kind": "goals-opened"}]}
    response = client_of(actor).put(f"/api/games/{game.pk}/draft/", draft, format="json")
    assert response.status_code == expected, response.content
    if expected == 200:
        assert client_of("anonymous").get(f"/api/games/{game.pk}/draft/").json()["data"]["scoring_log"] == draft["scoring_log"]


# --- Submitting through the API ------------------------------------------------------------------------


def test_every_violation_comes_back_at_once_naming_its_field(client_of, season, teams):
    game = make_game(season, teams, edge_tokens=[0, 1, 2, 3])
    sides = result(teams, [20, 20, 5, 4], unused=[1, 0, 0, 4])
    sides[2]["score"] = -3
    sides[3]["score"] = 2.5
    log = [{"team": teams[0].pk, "kind": "dunk"}, {"team": 999, "kind": "goal", "distance": 2}]
    response = client_of("coach").post(f"/api/games/{game.pk}/result/", {"sides": sides, "scoring_log": log}, format="json")
    assert response.status_code == 400
    assert problems(response) == {
        ("edge-tokens-unused", "sides[0].unused_edge_tokens"),
        ("edge-tokens-unused", "sides[3].unused_edge_tokens"),
        ("score-invalid", "sides[2].score"),
        ("score-invalid", "sides[3].score"),
        ("tie-for-first", "sides"),
        ("log-kind", "scoring_log[0].kind"),
        ("log-team", "scoring_log[1].team"),
    }


def test_bad_shapes_are_a_400_naming_the_field(client_of, game, teams):
    api = client_of("coach")
    response = api.post(f"/api/games/{game.pk}/result/", {"sides": [{"team": "x", "score": {}}]}, format="json")
    assert response.status_code == 400
    assert problems(response) == {("invalid", "sides[0].team"), ("invalid", "sides[0].score")}
    response = api.post(f"/api/games/{game.pk}/result/", {"sides": result(teams, [10**9, 1, 2, 3])}, format="json")
    assert problems(response) == {("max_value", "sides[0].score")}
    response = api.post(f"/api/games/{game.pk}/result/", {**body(teams), "injuries": [{"tokens": 2}]}, format="json")
    assert problems(response) == {("invalid", "injuries[0].athlete")}
    assert api.post("/api/games/999999/result/", body(teams), format="json").status_code == 404


@pytest.mark.parametrize("field", ["scoring_log", "injuries", "sides"])
def test_a_null_entry_in_a_list_of_the_result_is_a_400_naming_it(client_of, game, teams, field):
    """Found by schemathesis: `"scoring_log": [null]` was a 500 (a null log may be sent, a null entry may not)."""
    response = client_of("coach").post(f"/api/games/{game.pk}/result/", {**body(teams), field: [None]}, format="json")

    assert response.status_code == 400
    assert problems(response) == {("null", f"{field}[0]")}
    assert not GameEvent.objects.filter(game=game).exists()


def test_the_same_result_sent_twice_with_a_key_applies_once(client_of, game, teams):
    api = client_of("coach")
    first = api.post(f"/api/games/{game.pk}/result/", body(teams), format="json", HTTP_IDEMPOTENCY_KEY="abc")
    again = api.post(f"/api/games/{game.pk}/result/", body(teams), format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json() == again.json()
    assert GameEvent.objects.filter(game=game).count() == 1
    other = api.post(f"/api/games/{game.pk}/result/", body(teams, [1, 2, 3, 4]), format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert problems(other) == {("idempotency-key-reused", "idempotency_key")}


def test_a_confirmation_sent_twice_applies_once(client_of, game, teams, coach):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    api = client_of("rival")
    assert api.post(f"/api/games/{game.pk}/confirm/", HTTP_IDEMPOTENCY_KEY="c1").status_code == 201
    assert api.post(f"/api/games/{game.pk}/confirm/", HTTP_IDEMPOTENCY_KEY="c1").status_code == 200
    assert api.post(f"/api/games/{game.pk}/confirm/").status_code == 200
    assert GameEvent.objects.filter(game=game, action="confirmed").count() == 1


def test_the_game_shows_each_side_as_recorded_and_the_history(client_of, season, teams, coach, rival, third, fourth):
    game = make_game(season, teams, edge_tokens=[0, 1, 2, 3])
    client_of("coach").post(f"/api/games/{game.pk}/result/", {"sides": result(teams, SCORES, unused=[0, 1, 0, 3])}, format="json")
    for user in (rival, third):
        result_confirm(game_id=game.pk, user=user)
    answer = client_of("anonymous").get(f"/api/games/{game.pk}/").json()
    assert answer["state"] == "submitted"
    assert answer["pending_confirmations"] == [teams[3].pk]
    result_confirm(game_id=game.pk, user=fourth)
    answer = client_of("anonymous").get(f"/api/games/{game.pk}/").json()
    assert answer["state"] == "confirmed"
    assert answer["week"] == 1
    assert answer["season"] == season.pk
    assert answer["league"] == season.league_id
    assert [
        {k: s[k] for k in ("team", "order_of_play", "pit_power", "edge_tokens", "score", "place", "league_points", "prize_money")}
        for s in answer["sides"]
    ] == [
        {
            "team": teams[0].pk,
            "order_of_play": 1,
            "pit_power": 17_000_000,
            "edge_tokens": 0,
            "score": 30,
            "place": 1,
            "league_points": 3,
            "prize_money": 400_000,
        },
        {
            "team": teams[1].pk,
            "order_of_play": 2,
            "pit_power": 17_100_000,
            "edge_tokens": 1,
            "score": 20,
            "place": 2,
            "league_points": 2,
            "prize_money": 350_000,
        },
        {
            "team": teams[2].pk,
            "order_of_play": 3,
            "pit_power": 17_200_000,
            "edge_tokens": 2,
            "score": 10,
            "place": 3,
            "league_points": 1,
            "prize_money": 200_000,
        },
        {
            "team": teams[3].pk,
            "order_of_play": 4,
            "pit_power": 17_300_000,
            "edge_tokens": 3,
            "score": 5,
            "place": 4,
            "league_points": 0,
            "prize_money": 250_000,
        },
    ]
    assert [(e["action"], e["actor"]) for e in answer["history"]] == [
        ("submitted", "own_coach"),
        ("confirmed", "rival_coach"),
        ("confirmed", "third_coach"),
        ("confirmed", "fourth_coach"),
    ]
    result_answer = client_of("anonymous").get(f"/api/games/{game.pk}/result/").json()
    assert result_answer["submitted_by"] == "own_coach"
    assert result_answer["scoring_log"] is None
    assert result_answer["pending_confirmations"] == []


def test_dispute_and_void_need_a_reason(client_of, game, teams, coach):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    assert problems(client_of("rival").post(f"/api/games/{game.pk}/dispute/", {}, format="json")) == {("required", "reason")}
    assert problems(client_of("commissioner").post(f"/api/games/{game.pk}/void/", {"reason": ""}, format="json")) == {
        ("blank", "reason")
    }


# --- Query counts ------------------------------------------------------------------------------------------


def test_a_result_without_its_pre_game_is_taken_and_the_answer_says_what_it_lacked(client_of, game, teams):
    """The API reports at once (the page asks first): `pregame_missing` names the auction and each lineup missing."""
    response = client_of("coach").post(f"/api/games/{game.pk}/result/", body(teams), format="json")
    assert response.status_code == 201, response.content
    expected = [
        {"step": "auction", "team": None, "message": "The maverick auction was not held."},
        *({"step": "lineup", "team": t.pk, "message": f"{t.name} has not chosen its athletes."} for t in teams),
    ]
    assert response.json()["pregame_missing"] == expected
    assert client_of("anonymous").get(f"/api/games/{game.pk}/").json()["pregame_missing"] == expected


def test_a_finished_pre_game_lacks_nothing(client_of, season, teams):
    game = make_game(season, teams, week=2, lineups=[[t.athletes.first().pk] for t in teams])
    assert client_of("anonymous").get(f"/api/games/{game.pk}/").json()["pregame_missing"] == []


def test_the_game_answers_in_a_fixed_number_of_queries(client_of, season, teams, coach, django_assert_num_queries):
    small = make_game(season, teams[:2], week=2)
    large = make_game(season, teams, week=3)
    result_submit(game_id=small.pk, user=coach, sides=result(teams[:2], [9, 5]))
    result_submit(game_id=large.pk, user=coach, sides=result(teams, SCORES))
    chosen = make_game(season, teams, week=4, lineups=[[t.athletes.first().pk] for t in teams])
    result_submit(game_id=chosen.pk, user=coach, sides=result(teams, SCORES))
    api = client_of("anonymous")
    for game, queries in ((small, 5), (large, 5), (chosen, 4)):
        # The game with its week, season and league; its sides (team, coach); its history; the commissioners; for
        # pregame_missing, whether its auction was held, unless a lineup was chosen (the auction was over then).
        with django_assert_num_queries(queries):
            assert api.get(f"/api/games/{game.pk}/").status_code == 200
        with django_assert_num_queries(queries):
            assert api.get(f"/api/games/{game.pk}/result/").status_code == 200


@pytest.mark.parametrize("extra_teams", [0, 8])
def test_the_standings_answer_in_a_fixed_number_of_queries(
    client_of, league, teams, coach, extra_teams, django_assert_num_queries
):
    more = [make_team_for(league, UserFactory(username=f"extra{i}"), f"Extra {i}") for i in range(extra_teams)]
    season = make_season(league, [*teams, *more])
    game = make_game(season, teams)
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    client_of("commissioner").post(f"/api/games/{game.pk}/approve/")
    standings_recompute(season_id=season.pk)
    api = client_of("anonymous")
    # The league; its latest season; the weeks ranked; the count; a page of rows with their teams and coaches.
    with django_assert_num_queries(5):
        answer = api.get(f"/api/leagues/{league.pk}/standings/").json()
    assert answer["week"] == 1
    assert answer["weeks"] == [0, 1]
    assert answer["count"] == len(answer["results"]) == 4 + extra_teams
    assert [(r["rank"], r["team"], r["league_points"]) for r in answer["results"][:3]] == [
        (1, teams[0].pk, 3),
        (2, teams[1].pk, 2),
        (3, teams[2].pk, 1),
    ]
    with django_assert_num_queries(5):
        before = api.get(f"/api/leagues/{league.pk}/standings/?week=0&season={season.pk}").json()
    assert {r["league_points"] for r in before["results"]} == {0}
    # A coach also gets his own rows, wherever they rank (one query more), and a page of two ranks 3 and 4.
    with django_assert_num_queries(6):
        second = client_of("coach").get(f"/api/leagues/{league.pk}/standings/?page=2&page_size=2").json()
    assert [r["rank"] for r in second["results"]] == [3, 4]
    assert [r["team"] for r in second["own"]] == [teams[0].pk]
    assert second["previous"] is not None
    assert (second["next"] is not None) == (extra_teams > 0)


def test_standings_filters(client_of, league, season, game, teams, coach):
    api = client_of("anonymous")
    start = api.get(f"/api/leagues/{league.pk}/standings/").json()  # before the first game: week 0
    assert (start["week"], start["weeks"], {row["league_points"] for row in start["results"]}) == (0, [0], {0})
    Standing.objects.all().delete()
    empty = api.get(f"/api/leagues/{league.pk}/standings/").json()
    assert (empty["week"], empty["weeks"], empty["results"], empty["count"]) == (None, [], [], 0)
    assert api.get(f"/api/leagues/{league.pk}/standings/?week=x").status_code == 400
    assert problems(api.get(f"/api/leagues/{league.pk}/standings/?week=3")) == {("week-unranked", "week")}
    assert problems(api.get(f"/api/leagues/{league.pk}/standings/?season=999999")) == {("season-unknown", "season")}
    assert api.get("/api/leagues/999999/standings/").status_code == 404


def test_a_no_show_side_does_not_confirm_the_result(client_of, game, teams, coach, rival, third):
    """No-Shows: the absent coach is not asked to confirm; the game is confirmed once every other
    present side's coach confirms."""
    submitted = client_of("coach").post(f"/api/games/{game.pk}/result/", body(teams, [30, 20, 10, None]), format="json")
    assert submitted.status_code == 201, submitted.content
    answer = client_of("anonymous").get(f"/api/games/{game.pk}/").json()
    assert answer["pending_confirmations"] == [teams[1].pk, teams[2].pk]
    assert client_of("rival").post(f"/api/games/{game.pk}/confirm/").status_code == 201
    assert client_of("third").post(f"/api/games/{game.pk}/confirm/").status_code == 201
    answer = client_of("anonymous").get(f"/api/games/{game.pk}/").json()
    assert (answer["state"], answer["pending_confirmations"]) == ("confirmed", [])
    assert [s["prize_money"] for s in answer["sides"]] == [400_000, 300_000, 200_000, 0]


def test_support_staff_tokens_are_edge_tokens(client_of, season, teams, commissioner):
    """Edge Tokens: "Coaches can get them from the Underdog Bonus or from support staff"; Post-Game:
    "For each of your Edge tokens that you did not use during the game, you also get 50,000 credits"."""
    game = make_game(season, teams, edge_tokens=[0, 0, 0, 0])
    game.sides.filter(team=teams[1]).update(staff_tokens={"reroll": 1, "cancel-card": 1})
    submitted = client_of("coach").post(
        f"/api/games/{game.pk}/result/", {"sides": result(teams, SCORES, unused=[0, 2, 0, 0])}, format="json"
    )
    assert submitted.status_code == 201, submitted.content
    assert client_of("commissioner").post(f"/api/games/{game.pk}/approve/").status_code == 201
    answer = client_of("anonymous").get(f"/api/games/{game.pk}/").json()
    assert [(s["edge_tokens"], s["prize_money"]) for s in answer["sides"]] == [
        (0, 400_000),
        (2, 400_000),
        (0, 200_000),
        (0, 100_000),
    ]
