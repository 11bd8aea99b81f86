"""The standings: the current week's League Rank recomputed from every confirmed result, earlier
weeks kept as they closed (rulebook: Games for Later Weeks, League Ranking Sheet; GAPS.md: higher
Team Potential first, then a recorded draw), idempotent, and the last places of games never played
(Teams That Haven't Played 10 Games)."""

from __future__ import annotations

import pytest

from pitside.errors import Invalid, NotPermitted
from rosters.services import grant_create
from slaughterball.models import MissedGame, Season, SeasonTeam, Standing, Week
from slaughterball.services.results import result_approve, result_submit, result_void
from slaughterball.services.standings import standings_fill_missing_games, standings_recompute
from slaughterball.services.teams import purchase_make
from slaughterball.tasks import standings_recompute_all_task, standings_recompute_task
from tests.factories import UserFactory
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for, result


def play(season, teams, scores, commissioner, *, week, kind=Week.Kind.DRAW):
    game = make_game(season, teams, week=week, kind=kind)
    result_submit(game_id=game.pk, user=commissioner, sides=result(teams, scores))
    result_approve(game_id=game.pk, user=commissioner)
    return game


def table(season, week):
    return [
        (row.team_id, row.rank, row.league_points, row.games_played)
        for row in Standing.objects.filter(season=season, week=week).order_by("rank")
    ]


def snapshot(season):
    return list(
        Standing.objects.filter(season=season)
        .order_by("week", "rank")
        .values_list("week", "team_id", "rank", "league_points", "team_potential", "games_played", "draw")
    )


def test_every_week_is_ranked_from_the_confirmed_results(season, teams, commissioner):
    a, b, c, d = teams
    play(season, [a, b, c, d], [30, 20, 10, 5], commissioner, week=1)
    play(season, [a, b, c, d], [1, 2, 3, 40], commissioner, week=2)
    standings_recompute(season_id=season.pk)

    assert sorted(set(Standing.objects.filter(season=season).values_list("week", flat=True))) == [0, 1, 2]
    assert table(season, 1) == [(a.pk, 1, 3, 1), (b.pk, 2, 2, 1), (c.pk, 3, 1, 1), (d.pk, 4, 0, 1)]
    # After week 2: a 3, b 2+1, c 1+2, d 0+3: all tied on 3 League Points, so Team Potential decides.
    after = Standing.objects.filter(season=season, week=2).order_by("rank")
    assert {row.league_points for row in after} == {3}
    assert [row.team_potential for row in after] == sorted((row.team_potential for row in after), reverse=True)
    assert {row.games_played for row in after} == {2}


def test_a_recompute_run_twice_gives_the_same_rows(season, teams, commissioner):
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    first = standings_recompute(season_id=season.pk)
    rows = snapshot(season)
    version = Season.objects.get(pk=season.pk).standings_version
    assert first > 0
    assert standings_recompute(season_id=season.pk) == 0
    assert snapshot(season) == rows
    assert Season.objects.get(pk=season.pk).standings_version == version  # what the ranking sheet is known by
    Standing.objects.filter(season=season, week=1).delete()  # lost rows come back, nothing else moves
    assert standings_recompute(season_id=season.pk) == 4
    assert snapshot(season) == rows
    assert Season.objects.get(pk=season.pk).standings_version == version + 1


def test_league_points_tie_goes_to_higher_team_potential_then_the_draw(league, commissioner):
    same = [make_team_for(league, UserFactory(username=f"twin{i}"), f"Twin {i}", "carnage") for i in range(4)]
    season = make_season(league, same, draws=[0.9, 0.1, 0.5, 0.3])
    standings_recompute(season_id=season.pk)
    # Equal League Points and Team Potential: the lowest draw ranks highest.
    assert [team for team, *_ in table(season, 0)] == [same[1].pk, same[3].pk, same[2].pk, same[0].pk]
    grant_create(league=league, user=commissioner, team_id=same[0].pk, amount=1_000_000, reason="Staff money")
    purchase_make(team_id=same[0].pk, user=same[0].coach, kind="staff", item="cheerleader")
    standings_recompute(season_id=season.pk)
    assert table(season, 0)[0][0] == same[0].pk  # higher Team Potential now


def test_a_missing_draw_is_drawn_once_and_reused(season, teams):
    SeasonTeam.objects.filter(season=season).update(draw=None)
    standings_recompute(season_id=season.pk)
    draws = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw"))
    assert None not in draws.values()
    Standing.objects.all().delete()
    standings_recompute(season_id=season.pk)
    assert dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw")) == draws
    assert {row.team_id: row.draw for row in Standing.objects.filter(season=season)} == draws


def test_team_potential_is_the_one_after_that_week(season, teams, team, commissioner, coach):
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Money")
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    standings_recompute(season_id=season.pk)
    week1 = Standing.objects.get(season=season, week=1, team=team).team_potential
    play(season, teams, [30, 20, 10, 5], commissioner, week=2)
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")  # in week 2's window
    standings_recompute(season_id=season.pk)
    assert Standing.objects.get(season=season, week=1, team=team).team_potential == week1
    assert Standing.objects.get(season=season, week=2, team=team).team_potential == week1 + 100_000


def test_a_voided_week_disappears_from_the_table(season, teams, commissioner):
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    second = play(season, teams, [30, 20, 10, 5], commissioner, week=2)
    standings_recompute(season_id=season.pk)
    result_void(game_id=second.pk, user=commissioner, reason="Replay")
    standings_recompute(season_id=season.pk)
    assert sorted(set(Standing.objects.filter(season=season).values_list("week", flat=True))) == [0, 1]
    assert table(season, 1)[0][2] == 3


def test_playoff_games_do_not_count(season, teams, commissioner):
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    play(season, teams, [1, 2, 3, 40], commissioner, week=2, kind=Week.Kind.PLAYOFF)
    standings_recompute(season_id=season.pk)
    assert sorted(set(Standing.objects.filter(season=season).values_list("week", flat=True))) == [0, 1]


def test_teams_short_of_games_get_last_places_without_points_or_money(season, teams, commissioner):
    Season.objects.filter(pk=season.pk).update(games_per_team=3)
    a, b, c, d = teams
    play(season, [a, b, c, d], [30, 20, 10, 5], commissioner, week=1)
    play(season, [a, b], [3, 1], commissioner, week=2)
    play(season, [a, c], [3, 1], commissioner, week=3)

    recorded = standings_fill_missing_games(season_id=season.pk, user=commissioner)
    assert recorded == 1 + 1 + 2  # b and c one each, d two; a has its three
    assert sorted(MissedGame.objects.values_list("team_id", "number", "week")) == sorted(
        [(b.pk, 1, 3), (c.pk, 1, 3), (d.pk, 1, 3), (d.pk, 2, 3)]
    )
    assert standings_fill_missing_games(season_id=season.pk, user=commissioner) == 0
    standings_recompute(season_id=season.pk)
    assert {team: games for team, _, _, games in table(season, 3)} == dict.fromkeys([a.pk, b.pk, c.pk, d.pk], 3)
    assert {team: lp for team, _, lp, _ in table(season, 3)} == {a.pk: 5, b.pk: 2, c.pk: 1, d.pk: 0}


def test_filling_missing_games_waits_for_every_result_and_the_commissioner(
    season, teams, commissioner, coach, other_commissioner
):
    make_game(season, teams, week=1)
    with pytest.raises(Invalid) as refused:
        standings_fill_missing_games(season_id=season.pk, user=commissioner)
    assert refused.value.items[0].code == "games-unsettled"
    for user in (coach, other_commissioner):
        with pytest.raises(NotPermitted):
            standings_fill_missing_games(season_id=season.pk, user=user)


def test_the_tasks_recompute_one_season_or_every_running_one(season, teams, commissioner, league):
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    Standing.objects.all().delete()
    assert standings_recompute_task.delay(season.pk).get() == 4  # the current column: week 1's
    finished = make_season(league, teams, number=2)
    Season.objects.filter(pk=finished.pk).update(status=Season.Status.FINISHED)
    Standing.objects.all().delete()
    assert standings_recompute_all_task.delay().get() == 4
    assert not Standing.objects.filter(season=finished).exists()  # a finished season is its archive
    assert standings_recompute(season_id=finished.pk) == 0


def test_a_recompute_costs_a_fixed_number_of_queries(league, commissioner, django_assert_max_num_queries):
    many = [make_team_for(league, UserFactory(username=f"many{i}"), f"Many {i}", "carnage") for i in range(12)]
    season = make_season(league, many)
    for first in range(0, 12, 4):
        play(season, many[first : first + 4], [30, 20, 10, 5], commissioner, week=1)
    # The lock, the season, the draws, the current column, the stale rows, the table, the standings' version; and a
    # savepoint.
    with django_assert_max_num_queries(9):
        assert standings_recompute(season_id=season.pk) == 12


def test_every_input_change_is_seen(season, teams, team, commissioner, coach, league):
    from slaughterball.models import AthleteAdjustment

    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    standings_recompute(season_id=season.pk)
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Money")
    assert standings_recompute(season_id=season.pk) == 0  # money is not Team Potential
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")
    assert standings_recompute(season_id=season.pk) > 0
    AthleteAdjustment.objects.create(athlete=team.athletes.first(), value_change=-100_000, reason="Lasting injury")
    assert standings_recompute(season_id=season.pk) > 0
    Standing.objects.filter(season=season, week=1, team=team).update(league_points=99)  # a table edited by hand
    assert standings_recompute(season_id=season.pk) == 1
    assert Standing.objects.get(season=season, week=1, team=team).league_points == 3


def test_team_potential_in_bulk_agrees_with_the_team_page(season, teams, team, commissioner, coach, league):
    from slaughterball.models import AthleteAdjustment
    from slaughterball.selectors_teams import team_get, team_summary

    grant_create(league=league, user=commissioner, team_id=team.pk, amount=2_000_000, reason="Money")
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="mascot")
    purchase_make(team_id=team.pk, user=coach, kind="skill", item="leadership", athlete_id=team.athletes.get(number=3).pk)
    purchase_make(team_id=team.pk, user=coach, kind="trait", item="speed", athlete_id=team.athletes.get(number=5).pk)
    play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")
    AthleteAdjustment.objects.create(athlete=team.athletes.first(), value_change=-100_000, reason="Lasting injury")
    standings_recompute(season_id=season.pk)
    for each in teams:
        latest = Standing.objects.get(season=season, week=1, team=each)
        assert latest.team_potential == team_summary(team_get(each.pk)).team_potential


def test_missing_games_through_the_api_and_the_page(client, season, teams, commissioner, coach):
    from rest_framework.test import APIClient

    Season.objects.filter(pk=season.pk).update(games_per_team=1)
    play(season, teams[:2], [3, 1], commissioner, week=1)
    client.force_login(commissioner)
    asked = client.post(f"/seasons/{season.pk}/missed-games/")  # the page asks first, naming the teams short
    assert asked.status_code == 200
    assert f"{teams[2].name} (1)" in asked.content.decode()
    assert f"{teams[3].name} (1)" in asked.content.decode()
    assert not MissedGame.objects.exists()
    api = APIClient()
    api.force_authenticate(coach)
    assert api.post(f"/api/seasons/{season.pk}/missed-games/").status_code == 403
    api.force_authenticate(commissioner)
    assert api.post(f"/api/seasons/{season.pk}/missed-games/").json() == {"recorded": 2}
    assert api.post(f"/api/seasons/{season.pk}/missed-games/").json() == {"recorded": 0}
    client.force_login(commissioner)
    page = client.get(f"/leagues/{season.league_id}/standings/").content.decode()
    assert "Record the missing games as last places" in page
    response = client.post(f"/seasons/{season.pk}/missed-games/", follow=True)
    assert "nothing to record" in response.content.decode()


def test_the_ranks_are_the_engines_league_rank(league, commissioner):
    """The database ranks the rows itself: its order is the engine's League Rank of the stored figures."""
    from engine.slaughterball.schedule import RankingEntry, league_rank

    eight = [make_team_for(league, UserFactory(username=f"eight{i}"), f"Eight {i}", "carnage") for i in range(8)]
    season = make_season(league, eight, draws=[0.8, 0.3, 0.6, 0.1, 0.7, 0.2, 0.5, 0.4])
    play(season, eight[:4], [30, 20, 10, 5], commissioner, week=1)
    play(season, eight[4:], [30, 20, 20, 5], commissioner, week=1)
    play(season, eight[::2], [5, 10, 20, 30], commissioner, week=2)
    standings_recompute(season_id=season.pk)
    for week in (0, 1, 2):
        rows = list(Standing.objects.filter(season=season, week=week).order_by("rank"))
        entries = [RankingEntry(r.team_id, r.league_points, r.team_potential, r.draw) for r in rows]
        assert [r.team_id for r in rows] == [e.team for e in league_rank(entries)]
        assert [r.rank for r in rows] == list(range(1, 9))


def test_earlier_weeks_are_kept_as_they_closed(season, teams, team, commissioner, coach):
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Money")
    first = play(season, teams, [30, 20, 10, 5], commissioner, week=1)
    play(season, teams, [5, 10, 20, 30], commissioner, week=2)
    standings_recompute(season_id=season.pk)
    third = play(season, teams, [10, 30, 5, 20], commissioner, week=3)  # week 2 closes first
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")  # in week 3's window
    before = snapshot(season)  # weeks 0 to 2
    assert standings_recompute(season_id=season.pk) == 4  # week 3's rows, and nothing else
    assert snapshot(season)[: len(before)] == before
    assert Standing.objects.get(season=season, week=3, team=team).team_potential == (
        Standing.objects.get(season=season, week=2, team=team).team_potential + 100_000
    )
    # A late void of week 1 changes the current column; the columns of weeks 1 and 2 are history.
    result_void(game_id=first.pk, user=commissioner, reason="Replay")
    standings_recompute(season_id=season.pk)
    assert snapshot(season)[: len(before)] == before
    assert {games for *_, games in table(season, 3)} == {2}
    # Voiding the current week's only game makes week 2 the current column again, recomputed.
    result_void(game_id=third.pk, user=commissioner, reason="Replay")
    standings_recompute(season_id=season.pk)
    assert sorted(set(Standing.objects.filter(season=season).values_list("week", flat=True))) == [0, 1, 2]
    assert {games for *_, games in table(season, 2)} == {1}
