"""The calendar API: every write against the whole cast, the error shape naming the field, writes
sent twice, and pinned query counts on the lists, the same for a small league and a large one."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import timezone

from rosters.models import Team
from slaughterball.models import Appeal, Challenge, Game, GameSide, Rearrangement, Season, SeasonTeam, Week
from slaughterball.selectors_calendar import WeekCounts, round_state, week_counts
from slaughterball.services.calendar import season_create, week_draw
from slaughterball.services.challenges import appeal_create, challenge_issue, round_fill
from slaughterball.services.playoffs import playoff_create
from tests.api.helpers import CAST, errors, problems
from tests.factories import LeagueFactory
from tests.slaughterball.calendar.helpers import add_teams, confirm, confirm_week, next_week, started_season, week


def put_first(week_: Week, team_id: int) -> None:
    """Make `team_id` the first challenger of the week's frozen order (the permission tests need the
    cast's coach to be the one whose turn it is)."""
    draws = list(week_.draws)
    record = next(r for r in draws if r["kind"] == "challenge-order")
    record["order"] = [team_id] + [t for t in record["order"] if t != team_id]
    Week.objects.filter(pk=week_.pk).update(draws=draws)


def free_targets(week_: Week, challenger: int, avoid: tuple[int, ...] = ()) -> list[int]:
    state = round_state(Week.objects.select_related("season__league").get(pk=week_.pk))
    free = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != challenger and t not in avoid]
    return free[: state.turn.picks]


@pytest.fixture
def world(league, commissioner, coach, rival, other_commissioner, team, rival_team) -> SimpleNamespace:
    """Eight teams (the cast's two first) in a running season: week 1 drawn and confirmed, week 2 a
    challenge round whose first challenger is the rival, who has challenged the coach's team;
    appeals allowed, one of the challenged has appealed."""
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    add_teams(league, 6)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    put_first(current, rival_team.pk)
    targets = [team.pk, *free_targets(current, rival_team.pk, (team.pk,))[:2]]
    challenge, _ = challenge_issue(week=current, user=rival, team_id=rival_team.pk, challenged=targets)
    appeal_target = targets[2]
    appellant = Team.objects.select_related("coach").get(pk=appeal_target)
    game = Game.objects.select_related("week__season__league").get(pk=challenge.game_id)
    appeal, _ = appeal_create(game=game, user=appellant.coach, team_id=appeal_target, reason="Away")
    return SimpleNamespace(
        league=league.pk,
        season=season.pk,
        week=current.pk,
        week1=week(season, 1).pk,
        game=challenge.game_id,
        appeal=appeal.pk,
        team=team.pk,
        rival_team=rival_team.pk,
        teams=list(SeasonTeam.objects.filter(season=season).values_list("team_id", flat=True)),
    )


def coach_turn(world: SimpleNamespace) -> dict[str, Any]:
    """Make it the coach's turn: the coach's team leaves the rival's game (as after a granted
    appeal) and goes to the front of the order. The body of its challenge of three free teams."""
    current = Week.objects.get(pk=world.week)
    GameSide.objects.filter(game_id=world.game, team_id=world.team).delete()
    put_first(current, world.team)
    return {"team": world.team, "challenged": free_targets(current, world.team)}


WRITES: dict[str, tuple[str, str, Any]] = {
    "season-create": ("post", "/api/leagues/{league}/seasons/", lambda w: {"name": "Season 2", "previous": w.season}),
    "season-start": ("post", "/api/seasons/{new_season}/start/", lambda w: {}),
    "week-create": ("post", "/api/leagues/{league}/weeks/", lambda w: {"allow_unfinished": True}),
    "week-update": ("patch", "/api/weeks/{week}/", lambda w: {"games_due": "2031-05-01T18:00:00Z"}),
    "week-draw": ("post", "/api/weeks/{week1_undrawn}/draw/", lambda w: {}),
    "challenge": ("post", "/api/weeks/{week}/challenges/", coach_turn),
    "fill": ("post", "/api/weeks/{week}/fill/", lambda w: {}),
    "rearrange": ("post", "/api/weeks/{week}/rearrange/", lambda w: {"team": w.free, "to_game": w.game, "swap_with": w.team}),
    "appeal": ("post", "/api/games/{game}/appeals/", lambda w: {"team": w.team, "reason": "Away that weekend"}),
    "appeal-decide": ("post", "/api/appeals/{appeal}/decide/", lambda w: {"granted": False}),
    "playoffs": ("post", "/api/seasons/{season}/playoffs/", lambda w: {"allow_short": True}),
    "makeup": ("post", "/api/seasons/{season}/makeup-games/", lambda w: {"teams": w.teams[:2], "pays": False}),
    "finish": ("post", "/api/seasons/{season}/finish/", lambda w: {}),
}

WRITE_STATUS = {
    #                  commissioner  coach  rival  other_commissioner  anonymous
    "season-create": (201, 403, 403, 403, 401),
    "season-start": (200, 403, 403, 403, 401),
    "week-create": (201, 403, 403, 403, 401),
    "week-update": (200, 403, 403, 403, 401),
    "week-draw": (201, 403, 403, 403, 401),
    "challenge": (403, 201, 403, 403, 401),
    "fill": (200, 403, 403, 403, 401),
    "rearrange": (201, 403, 403, 403, 401),
    "appeal": (403, 201, 403, 403, 401),
    "appeal-decide": (200, 403, 403, 403, 401),
    "playoffs": (201, 403, 403, 403, 401),
    "makeup": (201, 403, 403, 403, 401),
    "finish": (200, 403, 403, 403, 401),
}


def prepare(name: str, world: SimpleNamespace, commissioner: Any, league: Any) -> None:
    """What each write needs beyond the shared world."""
    season = Season.objects.get(pk=world.season)
    if name == "season-create":
        Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    elif name == "season-start":
        # A second league of the same commissioner with a season in sign-up.
        other = LeagueFactory(commissioner=commissioner)
        add_teams(other, 2, start=40)
        world.new_season = season_create(league=other, user=commissioner, name="Other").pk
    elif name == "week-draw":
        other = LeagueFactory(commissioner=commissioner)
        add_teams(other, 4, start=50)
        world.week1_undrawn = week(started_season(other, commissioner), 1).pk
    elif name == "fill":
        Week.objects.filter(pk=world.week).update(challenges_due=timezone.now() - timedelta(minutes=1))
    elif name == "rearrange":
        state = round_state(Week.objects.select_related("season__league").get(pk=world.week))
        world.free = next(t for t in state.frozen.order if t in state.unscheduled)
    elif name == "appeal":
        Appeal.objects.filter(team_id=world.team).delete()
    elif name in ("playoffs", "finish"):
        Week.objects.filter(season=season, number=2).update(challenges_due=None)
        round_fill(week=Week.objects.get(pk=world.week), user=commissioner)
        confirm_week(Week.objects.get(pk=world.week))
        if name == "finish":
            game, _ = playoff_create(season=season, user=commissioner, allow_short=True)
            confirm(game)


def matrix() -> list[Any]:
    return [
        pytest.param(name, actor, status, id=f"{name}-{actor}")
        for name, row in WRITE_STATUS.items()
        for actor, status in zip(CAST, row, strict=True)
    ]


def state_of_the_calendar() -> dict[str, list[tuple[Any, ...]]]:
    models = [Season, SeasonTeam, Week, Game, GameSide, Challenge, Rearrangement, Appeal]
    return {m._meta.label: list(m.objects.order_by("pk").values_list()) for m in models}


@pytest.mark.parametrize(("name", "actor", "status"), matrix())
def test_write_permissions(name, actor, status, world, client_of, commissioner, league):
    prepare(name, world, commissioner, league)
    method, url, body = WRITES[name]
    data = body(world)
    before = state_of_the_calendar()

    response = getattr(client_of(actor), method)(url.format(**vars(world)), data, format="json")

    assert response.status_code == status, response.content
    if status >= 400:
        assert state_of_the_calendar() == before
        codes = {e["code"] for e in errors(response)}
        if status == 401:
            assert codes == {"not_authenticated"}
        elif name in ("challenge", "appeal"):
            assert codes == {"not-coach"}
        else:
            assert codes == {"not-commissioner"}
    else:
        assert state_of_the_calendar() != before


# --- Reads, error shapes, idempotency ----------------------------------------------------------------------------


def test_reads_are_public(world, client_of):
    api = client_of("anonymous")
    for url in [
        "/api/leagues/{league}/seasons/",
        "/api/seasons/{season}/",
        "/api/leagues/{league}/weeks/",
        "/api/weeks/{week}/",
        "/api/weeks/{week}/challenges/",
        "/api/seasons/{season}/playoffs/",
        "/api/seasons/{season}/ranking/",
        "/api/games/{game}/appeals/",
    ]:
        assert api.get(url.format(**vars(world))).status_code == 200, url


def test_the_challenge_round_shows_order_turn_warnings_and_appeals(world, client_of):
    body = client_of("anonymous").get(f"/api/weeks/{world.week}/challenges/").json()
    assert body["kind"] == "challenge"
    assert len(body["order"]) == 8
    assert body["order"][0]["team"] == world.rival_team
    assert body["turn"]["action"] == "challenge"
    assert body["turn"]["picks"] == 3
    assert set(body["turn"]["allowed"]) == set(body["unscheduled"]) - {body["turn"]["team"]}
    assert len(body["unscheduled"]) == 4
    assert [c["team"] for c in body["challenges"]] == [world.rival_team]
    assert [a["state"] for a in body["appeals"]] == ["pending"]
    assert body["appeals_per_coach"][0]["total"] == 1
    assert isinstance(body["warnings"], list)


def test_a_client_polling_the_round_gets_a_304_until_it_changes(world, client_of, django_assert_num_queries):
    api = client_of("anonymous")
    url = f"/api/weeks/{world.week}/challenges/"
    first = api.get(url)
    etag = first["ETag"]

    # The round as for its 200 (week, counts, games' teams, appeals per coach, the week's appeals; every game is full:
    # no warnings' query), without the order's teams and the challenges: nothing of the answer is read or sent again.
    with django_assert_num_queries(5):
        unchanged = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert (unchanged.status_code, unchanged.content, unchanged["ETag"]) == (304, b"", etag)

    decided = client_of("commissioner").post(f"/api/appeals/{world.appeal}/decide/", {"granted": False}, format="json")
    assert decided.status_code == 200
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json() == {
        **first.json(),
        "appeals": changed.json()["appeals"],
        "appeals_per_coach": changed.json()["appeals_per_coach"],
    }
    assert [a["state"] for a in changed.json()["appeals"]] == ["denied"]

    moved = client_of("coach").post(url, coach_turn(world), format="json")
    assert moved.status_code == 201
    assert api.get(url, HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 200


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        ("/api/leagues/{league}/seasons/", {"name": "X", "playoff_size": 5}, ("max_value", "playoff_size")),
        ("/api/leagues/{league}/seasons/", {"playoff_size": 3}, ("required", "name")),
        ("/api/leagues/{league}/seasons/", {"name": "X"}, ("season-open", "league")),
        ("/api/weeks/{week}/challenges/", {"team": 1}, ("move", "challenged")),
        ("/api/weeks/{week}/challenges/", {"team": "x", "challenged": []}, ("invalid", "team")),
        ("/api/weeks/{week}/rearrange/", {"team": 1}, ("required", "to_game")),
        ("/api/leagues/{league}/weeks/", {"games_due": "tomorrow"}, ("invalid", "games_due")),
        ("/api/leagues/{league}/weeks/", {}, ("previous-week-unfinished", "allow_unfinished")),
        ("/api/appeals/{appeal}/decide/", {"granted": "maybe"}, ("invalid", "granted")),
    ],
)
def test_bad_input_gets_a_400_naming_the_field(world, client_of, url, body, expected):
    before = state_of_the_calendar()
    response = client_of("commissioner").post(url.format(**vars(world)), body, format="json")
    assert response.status_code == 400
    assert expected in problems(response)
    assert state_of_the_calendar() == before


def test_a_challenge_out_of_turn_names_the_rule(world, client_of):
    state = round_state(Week.objects.select_related("season__league").get(pk=world.week))
    free = [t for t in state.frozen.order if t in state.unscheduled]
    later, targets = free[1], [free[0], *free[2:4]]
    api = client_of("anonymous")
    api.force_authenticate(Team.objects.get(pk=later).coach)
    before = state_of_the_calendar()

    response = api.post(f"/api/weeks/{world.week}/challenges/", {"team": later, "challenged": targets}, format="json")

    assert response.status_code == 400
    assert problems(response) == {("challenge-turn", "team")}
    assert state_of_the_calendar() == before


def test_a_challenge_sent_twice_with_one_key_is_made_once(world, client_of):
    body = coach_turn(world)
    api = client_of("coach")
    first = api.post(f"/api/weeks/{world.week}/challenges/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")
    again = api.post(f"/api/weeks/{world.week}/challenges/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json() == again.json()
    assert Challenge.objects.filter(week_id=world.week, team_id=world.team).count() == 1


def test_a_draw_sent_twice_is_drawn_once(world, client_of, commissioner):
    other = LeagueFactory(commissioner=commissioner)
    add_teams(other, 5, start=60)
    first_week = week(started_season(other, commissioner), 1)
    api = client_of("commissioner")
    first = api.post(f"/api/weeks/{first_week.pk}/draw/", {}, format="json")
    again = api.post(f"/api/weeks/{first_week.pk}/draw/", {}, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["game_count"] == again.json()["game_count"] == 2
    games = api.get(f"/api/weeks/{first_week.pk}/games/").json()
    assert [len(g["sides"]) for g in games["results"]] == [3, 2]


def test_an_appeal_decided_by_the_api(world, client_of):
    response = client_of("commissioner").post(
        f"/api/appeals/{world.appeal}/decide/", {"granted": True, "note": "Fine"}, format="json"
    )
    assert response.status_code == 200
    assert (response.json()["state"], response.json()["decided_by"]) == ("granted", "commissioner")
    assert not GameSide.objects.filter(game_id=world.game, team_id=Appeal.objects.get().team_id).exists()


# --- Query counts -----------------------------------------------------------------------------------------------------


def grown_world(league: Any, commissioner: Any, size: int) -> SimpleNamespace:
    """A league of `size` teams, three weeks played (a draw, then two filled rounds), an appeal."""
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    add_teams(league, size)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    for _ in range(2):
        current = next_week(season, commissioner, challenges_due=None)
        round_fill(week=current, user=commissioner)
        confirm_week(current)
    current = next_week(season, commissioner, challenges_due=None)
    round_fill(week=current, user=commissioner)
    challenge, target_id = next(
        (c, t)
        for c in Challenge.objects.filter(week=current)
        for t in c.targets
        if GameSide.objects.filter(game=c.game, team_id=t).exists()
    )
    target = Team.objects.select_related("coach").get(pk=target_id)
    game = Game.objects.select_related("week__season__league").get(pk=challenge.game_id)
    appeal_create(game=game, user=target.coach, team_id=target.pk, reason="Away")
    return SimpleNamespace(league=league.pk, season=season.pk, week=current.pk, game=game.pk)


LISTS = [
    # 1 league; 1 count; 1 page of seasons with their team count, champion and previous season.
    pytest.param("/api/leagues/{league}/seasons/", 3, id="seasons"),
    # 1 season with its league, champion, previous and team count.
    pytest.param("/api/seasons/{season}/", 1, id="season"),
    # 1 league; 1 latest season; 1 count; 1 page of weeks with their game counts.
    pytest.param("/api/leagues/{league}/weeks/", 4, id="weeks"),
    # 1 week with season and league; 1 its counts (games, and the season's teams for the warnings); warnings: 1 the
    # small games of this week and of the one before with their teams' names.
    pytest.param("/api/weeks/{week}/", 3, id="week"),
    # 1 week; 1 count; 1 page of games; 1 the requesting coach's games (none: a commissioner); 1 the page's sides
    # with team and coach.
    pytest.param("/api/weeks/{week}/games/", 5, id="week-games"),
    # 1 week; 1 its counts (the season's teams for the warnings, and its appeals: some); 1 games' teams (round state);
    # 1 the small games of this week and of the one before with their teams' names (warnings); 1 appeals per coach;
    # 1 the week's appeals; 1 the order's teams; 1 challenges.
    pytest.param("/api/weeks/{week}/challenges/", 8, id="challenges"),
    # 1 season; 1 count; 1 a page of the current column with teams and coaches.
    pytest.param("/api/seasons/{season}/ranking/", 3, id="ranking"),
    # 1 season; 1 playoff week (none yet).
    pytest.param("/api/seasons/{season}/playoffs/", 2, id="playoffs"),
    # 1 game; 1 its appeals with coach and decider.
    pytest.param("/api/games/{game}/appeals/", 2, id="appeals"),
]


@pytest.mark.parametrize("size", [6, 14])
@pytest.mark.parametrize(("url", "queries"), LISTS)
def test_query_counts_do_not_grow_with_the_league(url, queries, size, league, commissioner, client_of, django_assert_num_queries):
    world = grown_world(league, commissioner, size)
    api = client_of("commissioner")
    url = url.format(**vars(world))

    with django_assert_num_queries(queries):
        response = api.get(url)

    assert response.status_code == 200


def test_a_weeks_games_are_a_page_with_the_coachs_own_on_any_page(world, client_of):
    week1 = world.week1  # drawn: two 4-team games of the eight teams
    games = list(Game.objects.filter(week_id=week1).order_by("number").values_list("pk", flat=True))
    coach_game = GameSide.objects.get(game__week_id=week1, team_id=world.team).game_id

    first = client_of("coach").get(f"/api/weeks/{week1}/games/?page_size=1").json()
    assert first["count"] == 2
    assert [g["id"] for g in first["results"]] == games[:1]
    assert first["next"].endswith("page=2&page_size=1")
    assert first["previous"] is None
    assert [g["id"] for g in first["own"]] == [coach_game]  # whichever page it is on
    assert [len(g["sides"]) for g in first["own"]] == [4]
    assert world.team in [side["team"] for side in first["own"][0]["sides"]]

    anonymous = client_of("anonymous").get(f"/api/weeks/{week1}/games/?page=2&page_size=1").json()
    assert [g["id"] for g in anonymous["results"]] == games[1:]
    assert anonymous["own"] == []
    assert client_of("anonymous").get(f"/api/weeks/{week1}/games/?page=9").status_code == 404
    assert client_of("anonymous").get(f"/api/weeks/{week1}/").json()["game_count"] == 2
    weeks = client_of("anonymous").get(f"/api/leagues/{world.league}/weeks/").json()
    assert [(w["number"], w["game_count"]) for w in weeks["results"]] == [(1, 2), (2, 1)]


def test_a_page_of_a_weeks_games_holds_the_week_pages_number_by_default(world, client_of, monkeypatch):
    monkeypatch.setattr("slaughterball.apis.calendar.GAMES_A_PAGE", 1)  # games of four teams: fewer to a page
    body = client_of("anonymous").get(f"/api/weeks/{world.week1}/games/").json()
    assert (body["count"], len(body["results"])) == (2, 1)
    assert body["next"].endswith("page=2")


def test_a_weeks_counts_are_its_rows_counted_in_one_query(world, django_assert_num_queries):
    """Week 1 (drawn): eight teams in two games, no challenge; week 2: the rival's challenge into one game, appealed.
    The season's teams and appeals are the same from either week."""
    drawn, current = Week.objects.get(pk=world.week1), Week.objects.get(pk=world.week)
    with django_assert_num_queries(1):
        counts = week_counts(current)
    assert counts == WeekCounts(teams=8, games=1, challenges=1, appeals=1)
    assert week_counts(drawn) == WeekCounts(teams=8, games=2, challenges=0, appeals=1)
