"""The stored Blood Bowl standings and leaders: the recompute stores what the engine computes, after a confirmed
or voided result (a dispute changes nothing), writes only the rows that differ, and the pages and the API read
them a page at a time, the coach's own team always shown."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from bloodbowl.large import seed_large
from bloodbowl.models import Match, Player, PlayerTotals, Standing
from bloodbowl.selectors import league_house, team_line, teams
from bloodbowl.selectors_standings import TeamKey, league_standings_computed
from bloodbowl.services import matches as services
from bloodbowl.services.standings import PENDING_KEY, standings_recompute
from bloodbowl.sheets import LEAGUE_PAGE_TEAMS
from bloodbowl.tasks import standings_recompute_all_task, standings_recompute_task
from engine.bloodbowl import standings
from engine.bloodbowl.report import report_from_data
from engine.bloodbowl.ruleset import RULESET
from pitside.pagination import Pagination
from pitside.paging import PAGE_SIZE
from tests.bloodbowl.factories import make_bb_team
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory

LINE = ("position", "played", "won", "drawn", "lost", "points", "td_for", "td_against", "cas_for", "cas_against", "team_rating")


@pytest.fixture
def four(db, commissioner):
    league = bloodbowl_league(commissioner)
    return league, [bloodbowl_team(league, UserFactory(), name) for name in ("Croakers", "Bog Kings", "Marsh Lords", "Reeds")]


def _report(home, away, home_tds, away_tds):
    def side(team, tds):
        players = list(team.bb_players.order_by("number"))
        return {
            "score": tds,
            "casualties": 1,
            "mvp": players[-1].pk,
            "players": [{"player": p.pk, "touchdowns": 1} for p in players[:tds]],
        }

    return {"home": side(home, home_tds), "away": side(away, away_tds)}


def _reported(league, home, away, home_tds, away_tds) -> Match:
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=home.coach, report=_report(home, away, home_tds, away_tds))
    return match


def _stored(league):
    return [(s.team_id, *(getattr(s, name) for name in LINE)) for s in Standing.objects.filter(league=league).order_by("rank")]


def _computed(league):
    return [(row.team.pk, *(getattr(row, name) for name in LINE)) for row in league_standings_computed(league).table]


def test_the_stored_table_is_the_engines_after_a_confirmation_a_dispute_and_a_void(
    four, commissioner, django_capture_on_commit_callbacks
):
    league, (croakers, kings, lords, reeds) = four
    with django_capture_on_commit_callbacks(execute=True):  # each write's queued recompute runs on commit
        first = _reported(league, croakers, kings, 2, 1)
        services.report_confirm(match_id=first.pk, user=kings.coach)
        second = _reported(league, lords, reeds, 0, 0)
        services.report_confirm(match_id=second.pk, user=reeds.coach)
    confirmed = _stored(league)
    assert confirmed == _computed(league)
    assert {team: (points, played) for team, _, played, _, _, _, points, *_ in confirmed} == {
        croakers.pk: (3, 1),
        lords.pk: (1, 1),
        reeds.pk: (1, 1),
        kings.pk: (0, 1),
    }
    assert (confirmed[0][0], confirmed[-1][0]) == (croakers.pk, kings.pk)

    with django_capture_on_commit_callbacks(execute=True):
        disputed = _reported(league, croakers, lords, 3, 0)
        services.report_dispute(match_id=disputed.pk, user=lords.coach, reason="Two of those were field goals")
    assert _stored(league) == confirmed == _computed(league)  # a disputed result counts for nothing yet

    with django_capture_on_commit_callbacks(execute=True):
        services.match_void(match_id=first.pk, user=commissioner, reason="Replayed")
    voided = _stored(league)
    assert voided == _computed(league)
    assert {team: played for team, _, played, *_ in voided} == {croakers.pk: 0, kings.pk: 0, lords.pk: 1, reeds.pk: 1}


def test_the_leaders_are_the_stored_totals_of_the_confirmed_reports(four, django_capture_on_commit_callbacks):
    league, (croakers, kings, *_) = four
    with django_capture_on_commit_callbacks(execute=True):
        match = _reported(league, croakers, kings, 2, 1)
        services.report_confirm(match_id=match.pk, user=kings.coach)
    scorers = list(croakers.bb_players.order_by("number")[:2])
    totals = {t.player_id: (t.touchdowns, t.spp) for t in PlayerTotals.objects.filter(league=league)}
    assert totals[scorers[0].pk] == (1, 3)  # a touchdown is 3 SPP

    page = Client().get(f"/bloodbowl/leagues/{league.pk}/standings/").content.decode()

    touchdowns = page[page.index("<h3>Touchdowns</h3>") : page.index("<h3>Casualties</h3>")]
    assert f"{scorers[0].name} <span" in touchdowns
    assert f"{scorers[1].name} <span" in touchdowns


def test_a_second_recompute_writes_nothing_and_a_wrong_row_is_put_right(four, django_capture_on_commit_callbacks):
    league, (croakers, kings, *_) = four
    with django_capture_on_commit_callbacks(execute=True):
        match = _reported(league, croakers, kings, 1, 0)
        services.report_confirm(match_id=match.pk, user=kings.coach)
    right = _stored(league)
    assert standings_recompute(league_id=league.pk) == 0

    Standing.objects.filter(team=croakers).update(points=99)
    other = bloodbowl_league(UserFactory())
    stray = bloodbowl_team(other, UserFactory(), "Strays")
    Standing.objects.create(league=league, team=stray, **dict.fromkeys(("rank", *LINE), 0))

    assert standings_recompute(league_id=league.pk) == 2  # the wrong row updated, the stray one deleted
    assert _stored(league) == right


def test_a_team_signing_up_gets_its_line_and_the_periodic_task_recomputes_every_league(
    bb_league, coach, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        team = make_bb_team(bb_league, coach)
    assert Standing.objects.get(team=team).team_rating == 100  # a 1,000,000 gold pieces team

    Standing.objects.filter(team=team).delete()
    assert standings_recompute_all_task.delay().get() >= 1
    assert _stored(bb_league) == _computed(bb_league)
    assert standings_recompute_all_task.delay().get() == 0


def test_a_write_while_a_recompute_waits_in_the_queue_queues_no_other(four, django_capture_on_commit_callbacks):
    league, (croakers, kings, *_) = four
    cache.add(PENDING_KEY.format(league.pk), 1)  # a recompute queued, not started yet
    with django_capture_on_commit_callbacks(execute=True):
        match = _reported(league, croakers, kings, 1, 0)
        services.report_confirm(match_id=match.pk, user=kings.coach)
    assert not Standing.objects.filter(league=league).exists()  # no other task ran

    standings_recompute_task.delay(league.pk).get()  # the queued one runs: it reads the confirmation too

    assert _stored(league) == _computed(league)
    assert Standing.objects.get(team=croakers).points == 3
    assert cache.add(PENDING_KEY.format(league.pk), 1)  # the mark is cleared: the next write queues a recompute


# --- The database's sums against the full rows ----------------------------------------------------------------


def _table_from_full_rows(league):
    """The engine's table as it was computed before the database summed: every roster built into the engine's facts
    (its Team Rating), every confirmed league match's report decoded (its touchdowns)."""
    lines = [team_line(team, league_house(league)) for team in teams().filter(league=league)]
    keys = {line.team.pk: TeamKey(line.team.name, line.team.pk) for line in lines}
    counted = Match.objects.filter(league=league, state=Match.State.CONFIRMED, stage="league", tournament=None)
    results = []
    for match in counted.prefetch_related("sides"):
        home, away = sorted(match.sides.all(), key=lambda side: not side.home)
        report = report_from_data(match.report)
        results.append(
            standings.MatchResult(
                keys[home.team_id],
                keys[away.team_id],
                home.score,
                away.score,
                report.touchdowns("home"),
                report.touchdowns("away"),
                home.casualties,
                away.casualties,
            )
        )
    ratings = {keys[line.team.pk]: line.rating or 0 for line in lines}
    table = standings.standings(results, ratings, RULESET.standings_options(league.options))
    return [(row.team.pk, *(getattr(row, name) for name in LINE)) for row in table]


def _totals_from_full_rows(league):
    """Each of the league's players' touchdowns and casualties in its confirmed reports, and his SPP (those with any)."""
    counts: dict[int, list[int]] = {}
    for data in Match.objects.filter(league=league, state=Match.State.CONFIRMED).values_list("report", flat=True):
        for player, (touchdowns, casualties) in report_from_data(data).player_counts().items():
            both = counts.setdefault(player, [0, 0])
            both[0], both[1] = both[0] + touchdowns, both[1] + casualties
    players = Player.objects.filter(team__league=league)
    return {p.pk: (*counts.get(p.pk, (0, 0)), p.spp) for p in players if p.spp or any(counts.get(p.pk, ()))}


@pytest.mark.parametrize(
    "options",
    [{}, {"points_draw": 2, "tie_breakers": ["head_to_head", "team_rating", "cas_diff", "td_diff"]}],
    ids=["default", "head-to-head-first"],
)
def test_the_table_from_the_databases_sums_is_the_engines_from_the_full_rows(
    db, options, four, django_capture_on_commit_callbacks
):
    league = seed_large(16, 4)
    league.options = options
    league.save(update_fields=["options"])
    retired, dead = Player.objects.filter(team__league=league).order_by("pk")[:2]
    Player.objects.filter(pk=retired.pk).update(status=Player.Status.RETIRED)
    Player.objects.filter(pk=dead.pk).update(status=Player.Status.DEAD)
    assert _computed(league) == _table_from_full_rows(league)

    played, (croakers, kings, *_) = four  # a league played through the services: casualties in the report too
    report = _report(croakers, kings, 2, 1)
    report["home"]["casualties"] = 3
    report["home"]["players"][0]["casualties"] = 2
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(league=played, user=croakers.coach, home_team_id=croakers.pk, away_team_id=kings.pk)
        services.prematch_roll(match_id=match.pk, user=croakers.coach)
        services.report_submit(match_id=match.pk, user=croakers.coach, report=report)
        services.report_confirm(match_id=match.pk, user=kings.coach)
    for each in (league, played):
        standings_recompute(league_id=each.pk)
        assert _stored(each) == _computed(each) == _table_from_full_rows(each)
        stored = PlayerTotals.objects.filter(league=each)
        assert {t.player_id: (t.touchdowns, t.casualties, t.spp) for t in stored} == _totals_from_full_rows(each)
    assert PlayerTotals.objects.get(player=report["home"]["players"][0]["player"]).casualties == 2


# --- A page at a time ----------------------------------------------------------------------------------------


@pytest.fixture
def large(db):
    """A league of more than a page of teams, with a round of confirmed matches, its standings stored."""
    league = seed_large(PAGE_SIZE + 10, 1)
    return league, list(Standing.objects.filter(league=league).select_related("team__coach").order_by("rank"))


def test_the_standings_page_shows_a_page_the_coachs_own_team_and_all_on_request(large):
    league, lines = large
    last = lines[-1].team
    client = Client()
    client.force_login(last.coach)
    url = f"/bloodbowl/leagues/{league.pk}/standings/"

    first = client.get(url).content.decode()
    assert f">{lines[PAGE_SIZE - 1].team.name}<" in first
    assert f">{lines[PAGE_SIZE].team.name}<" not in first
    assert first.count('class="own pinned"') == 1  # the coach's own line, past the page, above it
    assert f">{last.name}<" in first
    assert f"1\N{EN DASH}{PAGE_SIZE} of {PAGE_SIZE + 10} · page 1 of 2" in first
    assert "?page=2" in first
    assert "?all=1" in first

    second = client.get(f"{url}?page=2").content.decode()
    assert f">{lines[PAGE_SIZE].team.name}<" in second
    assert 'class="own pinned"' not in second  # on this page already
    assert second.count('class="own"') == 1
    assert client.get(f"{url}?page=99").content.decode().count("<tr") == second.count("<tr")  # the last page

    everything = client.get(f"{url}?all=1").content.decode()
    assert all(f">{line.team.name}<" in everything for line in lines)
    assert f"All {PAGE_SIZE + 10}" in everything

    assert client.get(f"{url}?page=two").status_code == 400


def test_the_standings_api_pages_with_count_next_previous_results_and_own(large, api):
    league, lines = large
    last = lines[-1].team
    api.force_authenticate(last.coach)
    url = f"/api/bloodbowl/leagues/{league.pk}/standings/"

    size = PAGE_SIZE  # a page of the API as large as the page's, so that the league has two
    first = api.get(f"{url}?page_size={size}").json()
    assert (first["count"], first["previous"], len(first["results"])) == (PAGE_SIZE + 10, None, size)
    assert first["next"].endswith(f"{url}?page=2&page_size={size}")
    assert [row["team"] for row in first["results"]] == [line.team_id for line in lines[:size]]
    assert [row["team"] for row in first["own"]] == [last.pk]

    second = api.get(first["next"]).json()
    assert second["next"] is None
    assert "page=" not in second["previous"]  # the first page
    assert [row["team"] for row in second["results"]] == [line.team_id for line in lines[size:]]
    assert [row["team"] for row in second["own"]] == [last.pk]  # the requester's lines, on any page

    everything = api.get(f"{url}?page_size={Pagination.max_page_size}").json()
    assert (everything["next"], len(everything["results"])) == (None, PAGE_SIZE + 10)
    assert [row["position"] for row in everything["results"]] == [line.position for line in lines]

    assert api.get(f"{url}?page=-1").status_code == 404  # as every paged list of the API (DRF's "Invalid page.")


def test_the_league_page_shows_the_first_teams_and_the_coachs_own(large):
    league, lines = large
    last = lines[-1].team
    client = Client()
    client.force_login(last.coach)

    page = client.get(f"/leagues/{league.pk}/").content.decode()

    assert f">{lines[LEAGUE_PAGE_TEAMS - 1].team.name}<" in page
    assert f">{lines[LEAGUE_PAGE_TEAMS].team.name}<" not in page
    assert f">{last.name}<" in page
    assert page.count('class="own pinned"') == 1
    assert f"1\N{EN DASH}{LEAGUE_PAGE_TEAMS} of {PAGE_SIZE + 10}" in page
