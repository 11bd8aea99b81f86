"""The Blood Bowl tournament API: a tournament from creation to its prizes, who may do what (commissioner,
own coach, rival coach, anonymous), errors in the shared shape, pagination and pinned query counts."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bloodbowl.models import Player, StarPlayerRoll, Tournament, WrittenChallenge
from bloodbowl.services import tournaments as services
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import enter, play, play_match, run_to_final, teams_of, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def bb(commissioner, coach, rival):
    league = bloodbowl_league(commissioner, table_dice=True)
    own = bloodbowl_team(league, coach, "Croakers")
    rival_team = bloodbowl_team(league, rival, "Bog Kings")
    others = teams_of(league, "Marsh Lords", "Reed Runners")
    return league, own, rival_team, others


def _errors(response):
    return {(e["code"], e["field"]) for e in response.json()["errors"]}


def test_a_tournament_through_the_api(bb, api_as, commissioner, coach, rival):
    league, own, rival_team, (marsh, reed) = bb

    def organizer():  # api_as switches the one client to the user given
        return api_as(commissioner)

    created = organizer().post(
        f"/api/bloodbowl/leagues/{league.pk}/tournaments/",
        {"kind": "blood-bowl"},
        format="json",
        headers={"Idempotency-Key": "bb-1"},
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["name"], body["phase"], body["rules"]["winner_prize"], body["rules"]["finalist_medal_spp"]) == (
        "Blood Bowl",
        "Play-offs, week 1",
        350_000,
        5,
    )
    again = organizer().post(
        f"/api/bloodbowl/leagues/{league.pk}/tournaments/",
        {"kind": "blood-bowl"},
        format="json",
        headers={"Idempotency-Key": "bb-1"},
    )
    assert (again.status_code, again.json()["id"]) == (200, body["id"])
    url = f"/api/bloodbowl/tournaments/{body['id']}"
    for team in (own, rival_team):
        entered = api_as(team.coach).post(f"{url}/entries/", {"team": team.pk}, format="json")
        assert entered.status_code == 201, entered.json()
    t = Tournament.objects.get(pk=body["id"])
    enter(t, marsh, reed)

    challenge = api_as(coach).post(
        f"{url}/challenges/",
        {"challenger": own.pk, "challenged": rival_team.pk},
        format="json",
        headers={"Idempotency-Key": "c-1"},
    )
    assert challenge.status_code == 201, challenge.json()
    assert challenge.json()["waiting_for"] == rival_team.pk
    answered = api_as(rival).post(
        f"/api/bloodbowl/tournament-challenges/{challenge.json()['id']}/answer/",
        {"response": "refuse"},
        format="json",
        headers={"Idempotency-Key": "a-1"},
    )
    assert answered.status_code == 201, answered.json()
    assert (answered.json()["status"], answered.json()["refused_by"]) == ("refused", rival_team.pk)
    resent = api_as(rival).post(
        f"/api/bloodbowl/tournament-challenges/{challenge.json()['id']}/answer/",
        {"response": "refuse"},
        format="json",
        headers={"Idempotency-Key": "a-1"},
    )
    assert resent.status_code == 200

    arranged = api_as(marsh.coach).post(f"{url}/matches/", {"home_team": marsh.pk, "away_team": reed.pk}, format="json")
    assert arranged.status_code == 201, arranged.json()
    assert arranged.json()["tournament_round"] == "play-off"
    play_match(t.matches.get(pk=arranged.json()["id"]), marsh, reed, 2, 0)

    put = api_as(coach).post(f"{url}/put-forward/", {"team": own.pk, "opponents": [rival_team.pk]}, format="json")
    assert put.status_code == 200, put.json()
    table = {row["team"]: row for row in put.json()["table"]}
    assert (table[own.pk]["points"], table[own.pk]["chosen"]) == (15 + 9, True)
    assert table[marsh.pk]["points"] == 15 + 2
    assert table[reed.pk]["points"] == 5 - 2
    assert (table[rival_team.pk]["points"], table[rival_team.pk]["put_forward"]) == (0, [])  # 5 - 9 is left out
    play(t, rival_team, reed, 1, 0)  # so that the refuser has a result worth putting forward

    for _ in range(3):
        advanced = organizer().post(f"{url}/advance/", {}, format="json")
        assert advanced.status_code == 200, advanced.json()
    detail = organizer().get(f"{url}/").json()
    assert detail["phase"] == "Semi-finals"
    assert sorted(detail["semi_finalists"]) == sorted([own.pk, marsh.pk, reed.pk, rival_team.pk])
    by_id = {team.pk: team for team in (own, rival_team, marsh, reed)}
    finalists = []
    for pair in detail["semi_finals"]:
        play(t, by_id[pair["home"]], by_id[pair["away"]], 1, 0)
        finalists.append(pair["home"])
    assert organizer().post(f"{url}/advance/", {}, format="json").status_code == 200
    home, away = by_id[finalists[0]], by_id[finalists[1]]
    play(t, home, away, 1, 0)
    prizes = organizer().post(f"{url}/final/", {}, format="json", headers={"Idempotency-Key": "f-1"})
    assert prizes.status_code == 201, prizes.json()
    lines = {(line["team"], line["what"]) for line in prizes.json()["prizes"]}
    assert (home.pk, "350,000 gold pieces") in lines
    assert (away.pk, "150,000 gold pieces") in lines
    assert prizes.json()["status"] == "finished"
    assert organizer().post(f"{url}/final/", {}, format="json").status_code == 200  # given once


@pytest.fixture
def running(bb, commissioner):
    """A running tournament with the own and the rival teams entered, and a challenge from own to rival."""
    league, own, rival_team, _ = bb
    t = tournament(league, "spike")
    enter(t, own, rival_team)
    challenge, _ = services.challenge_issue(tournament_id=t.pk, user=own.coach, challenger_id=own.pk, challenged_id=rival_team.pk)
    return t, own, rival_team, challenge


CAST = ["commissioner", "own", "rival", "anonymous"]


def _as(api_as, api, who, commissioner, coach, rival):
    users = {"commissioner": commissioner, "own": coach, "rival": rival}
    if who == "anonymous":
        return api
    return api_as(users[who])


@pytest.mark.parametrize(
    ("operation", "expected"),
    [
        ("create", {"commissioner": 201, "own": 403, "rival": 403, "anonymous": 401}),
        ("enter", {"commissioner": 403, "own": 201, "rival": 403, "anonymous": 401}),
        ("advance", {"commissioner": 200, "own": 403, "rival": 403, "anonymous": 401}),
        ("challenge", {"commissioner": 403, "own": 201, "rival": 403, "anonymous": 401}),
        ("answer", {"commissioner": 201, "own": 403, "rival": 201, "anonymous": 401}),
        ("put-forward", {"commissioner": 403, "own": 200, "rival": 403, "anonymous": 401}),
        ("arrange", {"commissioner": 201, "own": 201, "rival": 403, "anonymous": 401}),
        ("final", {"commissioner": 400, "own": 403, "rival": 403, "anonymous": 401}),
    ],
)
@pytest.mark.parametrize("who", CAST)
def test_permission_matrix(operation, expected, who, bb, running, api, api_as, commissioner, coach, rival):
    league, own, _, (marsh, _) = bb
    t, _, _, challenge = running
    enter(t, marsh)
    second = bloodbowl_team(league, coach, "Croakers Reserves")  # the own coach's second team, not entered
    url = f"/api/bloodbowl/tournaments/{t.pk}"
    requests = {
        "create": (
            f"/api/bloodbowl/leagues/{league.pk}/tournaments/",
            {"kind": "minor", "name": "Far Albion Cup", "winner_prize": 80_000, "runner_up_prize": 40_000},
        ),
        "enter": (f"{url}/entries/", {"team": second.pk}),
        "advance": (f"{url}/advance/", {}),
        "challenge": (f"{url}/challenges/", {"challenger": own.pk, "challenged": marsh.pk}),
        "answer": (f"/api/bloodbowl/tournament-challenges/{challenge.pk}/answer/", {"response": "accept"}),
        "put-forward": (f"{url}/put-forward/", {"team": own.pk, "opponents": None}),
        "arrange": (f"{url}/matches/", {"home_team": own.pk, "away_team": marsh.pk}),
        "final": (f"{url}/final/", {}),
    }
    if operation in ("enter", "challenge"):
        WrittenChallenge.objects.all().delete()  # the own coach's challenge of this week
    if operation == "enter":
        t.entries.filter(team=own).delete()  # so that entering his other team is legal
    path, body = requests[operation]
    response = _as(api_as, api, who, commissioner, coach, rival).post(path, body, format="json")
    assert response.status_code == expected[who], response.json()
    assert "errors" in response.json() or response.status_code < 300


def test_rule_errors_in_the_shared_shape(bb, api_as, commissioner):
    league, *_ = bb
    refused = api_as(commissioner).post(
        f"/api/bloodbowl/leagues/{league.pk}/tournaments/",
        {"kind": "minor", "name": "Greedy Cup", "winner_prize": 100_000, "runner_up_prize": 60_000},
        format="json",
    )
    assert refused.status_code == 400
    assert _errors(refused) == {("minor-prize-cap", "runner_up_prize")}
    unknown = api_as(commissioner).post(f"/api/bloodbowl/leagues/{league.pk}/tournaments/", {"kind": "super-bowl"}, format="json")
    assert _errors(unknown) == {("tournament-kind", "kind")}


def test_one_challenge_a_week_in_the_shared_shape(running, bb, api_as, coach):
    t, own, _, _ = running
    _, _, _, (marsh, _) = bb
    enter(t, marsh)
    refused = api_as(coach).post(
        f"/api/bloodbowl/tournaments/{t.pk}/challenges/", {"challenger": own.pk, "challenged": marsh.pk}, format="json"
    )
    assert refused.status_code == 400
    assert _errors(refused) == {("challenge-weekly", "challenger")}


def test_lists_are_paginated_and_anyone_reads(running, bb, api):
    t, *_ = running
    league, *_ = bb
    listed = api.get(f"/api/bloodbowl/leagues/{league.pk}/tournaments/").json()
    assert (listed["count"], listed["results"][0]["entries"]) == (1, 2)
    assert api.get(f"/api/bloodbowl/tournaments/{t.pk}/entries/").json()["count"] == 2
    assert api.get(f"/api/bloodbowl/tournaments/{t.pk}/challenges/").json()["count"] == 1
    assert api.get(f"/api/bloodbowl/tournaments/{t.pk}/matches/").json()["count"] == 0


def test_a_slaughterball_league_has_no_blood_bowl_tournaments(league, api):
    assert api.get(f"/api/bloodbowl/leagues/{league.pk}/tournaments/").status_code == 404


def _detail_queries(api, t):
    with CaptureQueriesContext(connection) as queries:
        assert api.get(f"/api/bloodbowl/tournaments/{t.pk}/").status_code == 200
    return len(queries)


def test_the_detail_takes_the_same_queries_however_many_matches(bb, api):
    league, own, rival_team, (marsh, reed) = bb
    t = tournament(league, "spike")
    enter(t, own, rival_team, marsh, reed)
    play(t, own, rival_team, 1, 0)
    one = _detail_queries(api, t)
    play(t, marsh, reed, 1, 0)
    play(t, own, marsh, 1, 0)
    # The tournament with its league; the commissioners; the entries with their teams, coaches and profiles;
    # the matches; their sides with teams; the challenges: one query each, however many rows.
    assert _detail_queries(api, t) == one == 6


def test_the_player_of_the_year_after_the_spike_final(bb, api_as, commissioner, coach):
    league, own, rival_team, others = bb
    t, (home, away) = run_to_final(league, "spike", [own, rival_team, *others])
    play(t, home, away, 1, 0)
    url = f"/api/bloodbowl/tournaments/{t.pk}"
    early = api_as(commissioner).post(f"{url}/player-of-the-year/", {}, format="json")
    assert _errors(early) == {("player-of-the-year", "tournament")}
    assert api_as(commissioner).post(f"{url}/final/", {}, format="json").status_code == 201
    assert api_as(coach).post(f"{url}/player-of-the-year/", {}, format="json").status_code == 403
    named = api_as(commissioner).post(f"{url}/player-of-the-year/", {}, format="json")
    assert named.status_code == 200
    award = named.json()["player_of_the_year"]
    assert award["fan_factor"] == 1
    assert award["player"] in award["tied"]


def test_a_tournament_match_names_its_tournament_week_and_round(bb, api_as, client, coach):
    """A play-off match is the tournament's, not a league match: the API and the match page say which
    tournament, week and round (its `stage`, the gate and Fan Factor modifiers', stays "league")."""
    league, own, rival_team, _ = bb
    t = tournament(league)
    enter(t, own, rival_team)
    arranged = api_as(coach).post(
        f"/api/bloodbowl/tournaments/{t.pk}/matches/", {"home_team": own.pk, "away_team": rival_team.pk}, format="json"
    )
    assert arranged.status_code == 201, arranged.json()
    match = api_as(coach).get(f"/api/bloodbowl/matches/{arranged.json()['id']}/").json()
    assert (match["tournament"], match["tournament_week"], match["tournament_round"], match["stage"]) == (
        t.pk,
        1,
        "play-off",
        "league",
    )
    page = client.get(f"/bloodbowl/matches/{match['id']}/")
    assert f"{t.name}</a>, Play-off, week 1".encode() in page.content
    friendly = (
        api_as(coach)
        .post(f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": own.pk, "away_team": rival_team.pk}, format="json")
        .json()
    )
    assert (friendly["tournament"], friendly["tournament_week"], friendly["tournament_round"]) == (None, None, "")
    assert b"League match" in client.get(f"/bloodbowl/matches/{friendly['id']}/").content


def _field_goal_win(api_as, match_id, home, away):
    """Home wins 2-1 through the API: a touchdown and a field goal (1 point in these tests) against a touchdown."""
    h, a = list(home.bb_players.order_by("number")), list(away.bb_players.order_by("number"))
    report = {
        "home": {"score": 2, "mvp": h[1].pk, "players": [{"player": h[0].pk, "touchdowns": 1, "field_goals": 1}]},
        "away": {"score": 1, "mvp": a[1].pk, "players": [{"player": a[0].pk, "touchdowns": 1}]},
    }
    assert api_as(home.coach).post(f"/api/bloodbowl/matches/{match_id}/prematch/", {}, format="json").status_code == 200
    reported = api_as(home.coach).post(f"/api/bloodbowl/matches/{match_id}/report/", report, format="json")
    assert reported.status_code == 201, reported.json()
    assert api_as(away.coach).post(f"/api/bloodbowl/matches/{match_id}/confirm/", {}, format="json").status_code == 200


def test_play_off_points_count_touchdowns_not_field_goals(bb, api_as, coach):
    """ "15 points for every game that they win, 5 points for every game that they lose, plus the number of
    touchdowns that they scored, minus the number of touchdowns that were scored against them": a win by a
    touchdown and a field goal over a touchdown is 15 + 1 - 1 and 5 + 1 - 1."""
    league, own, rival_team, _ = bb
    t = tournament(league)
    enter(t, own, rival_team)
    url = f"/api/bloodbowl/tournaments/{t.pk}/"
    arranged = api_as(coach).post(f"{url}matches/", {"home_team": own.pk, "away_team": rival_team.pk}, format="json")
    _field_goal_win(api_as, arranged.json()["id"], own, rival_team)
    table = {row["team"]: row for row in api_as(coach).get(url).json()["table"]}
    assert (table[own.pk]["points"], table[rival_team.pk]["points"]) == (15, 5)


def test_the_league_table_counts_touchdowns_not_field_goals(bb, api_as, coach, django_capture_on_commit_callbacks):
    """The score decides the match; td_for and td_against (and the td_diff tie-breaker) are touchdowns."""
    league, own, rival_team, _ = bb
    arranged = api_as(coach).post(
        f"/api/bloodbowl/leagues/{league.pk}/matches/", {"home_team": own.pk, "away_team": rival_team.pk}, format="json"
    )
    with django_capture_on_commit_callbacks(execute=True):  # the standings recompute queued on commit
        _field_goal_win(api_as, arranged.json()["id"], own, rival_team)
    standings = api_as(coach).get(f"/api/bloodbowl/leagues/{league.pk}/standings/").json()
    table = {row["team"]: row for row in standings["results"]}
    assert (table[own.pk]["won"], table[own.pk]["td_for"], table[own.pk]["td_against"]) == (1, 1, 1)
    assert (table[rival_team.pk]["lost"], table[rival_team.pk]["td_for"], table[rival_team.pk]["td_against"]) == (1, 1, 1)


def test_every_error_names_a_field_of_the_request(bb, api_as, coach, rival):
    """The engine's own names (team_b, chosen, choice) are answered as the request's fields."""
    league, own, rival_team, (marsh, _) = bb
    t = tournament(league)
    enter(t, own, rival_team)
    url = f"/api/bloodbowl/tournaments/{t.pk}/"
    play(t, own, rival_team, 1, 0)
    rematch = api_as(coach).post(f"{url}matches/", {"home_team": own.pk, "away_team": rival_team.pk}, format="json")
    assert (rematch.status_code, _errors(rematch)) == (400, {("playoff-rematch", "away_team")})
    stranger = api_as(marsh.coach).post(f"{url}matches/", {"home_team": marsh.pk, "away_team": own.pk}, format="json")
    assert (stranger.status_code, _errors(stranger)) == (400, {("playoff-entrant", "home_team")})
    put = api_as(coach).post(f"{url}put-forward/", {"team": own.pk, "opponents": [marsh.pk]}, format="json")
    assert (put.status_code, _errors(put)) == (400, {("put-forward-unknown", "opponents")})
    scorer = own.bb_players.order_by("number").first()
    Player.objects.filter(pk=scorer.pk).update(spp=6)
    spr = StarPlayerRoll.objects.create(match=t.matches.get(), player=scorer, number=1, dice=[3, 4])
    choice = api_as(coach).post(
        f"/api/bloodbowl/star-player-rolls/{spr.pk}/", {"kind": "skill", "target": "dodge"}, format="json"
    )
    assert (choice.status_code, _errors(choice)) == (400, {("spr-choice", "kind")})


@pytest.mark.parametrize("encoding", ["json", "multipart"])
def test_a_team_id_beyond_any_id_is_a_400_naming_it(running, api_as, coach, encoding):
    """The fuzz's input: a whole number no id column holds, form-encoded too, was a 500 on SQLite (its driver
    cannot bind it in the coaches' IN lookup)."""
    t, own, _, _ = running
    too_large = 2352362992157421011225018368
    data = {"home_team": own.pk, "away_team": too_large}
    arranged = api_as(coach).post(f"/api/bloodbowl/tournaments/{t.pk}/matches/", data, format=encoding)
    assert (arranged.status_code, _errors(arranged)) == (400, {("max_value", "away_team")})
