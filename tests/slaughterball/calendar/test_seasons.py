"""Seasons, their start, weeks with deadlines and the recorded draws (rulebook: Scheduling Rounds,
Games for First Week, Optional Rules: Support Staff Budget, Random League Games; Linked Seasons)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.slaughterball.schedule import draw_games, game_sizes
from games import models as core
from leagues.models import League
from notifications.models import Notification
from pitside.errors import Invalid, NotPermitted
from rosters.models import LedgerEntry, LedgerKind
from rosters.selectors import team_balances
from slaughterball.models import Game, GameSide, Season, SeasonTeam, Standing, Week
from slaughterball.selectors_calendar import season_ranking
from slaughterball.selectors_teams import team_get
from slaughterball.services.calendar import season_create, season_start, week_create, week_draw, week_update
from tests.factories import LeagueFactory
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, games_of, next_week, started_season, week

# --- Creating and starting a season --------------------------------------------------------------------------------


def test_a_season_has_ten_games_per_team_and_four_in_the_playoffs_by_default(league, commissioner):
    season = season_create(league=league, user=commissioner, name="Spring")
    assert (season.number, season.status, season.games_per_team, season.playoff_size) == (1, "signup", 10, 4)


@pytest.mark.parametrize(
    ("values", "code"),
    [({"games_per_team": 0}, "games-per-team"), ({"playoff_size": 5}, "playoff-size"), ({"playoff_size": 1}, "playoff-size")],
)
def test_season_settings_are_checked(league, commissioner, values, code):
    with pytest.raises(Invalid) as refused:
        season_create(league=league, user=commissioner, name="Spring", **values)
    assert refused.value.items[0].code == code


def test_only_one_unfinished_season_at_a_time(league, commissioner):
    season_create(league=league, user=commissioner, name="Spring")
    with pytest.raises(Invalid) as refused:
        season_create(league=league, user=commissioner, name="Summer")
    assert refused.value.items[0].code == "season-open"


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_only_the_leagues_commissioner_makes_seasons(league, who, request):
    with pytest.raises(NotPermitted):
        season_create(league=league, user=request.getfixturevalue(who), name="Spring")
    assert not Season.objects.exists()


def test_starting_enters_every_team_closes_signups_and_makes_week_one(league, commissioner, eight):
    season = season_create(league=league, user=commissioner, name="Spring")
    season, started = season_start(season=season, user=commissioner)
    assert started
    assert season.status == Season.Status.RUNNING
    assert set(SeasonTeam.objects.filter(season=season).values_list("team_id", flat=True)) == {t.pk for t in eight}
    assert not League.objects.get(pk=league.pk).open_for_signups
    first = Week.objects.get(season=season)
    assert (first.number, first.kind) == (1, Week.Kind.DRAW)
    assert not Game.objects.exists()  # the commissioner makes the draw


def test_unspent_support_staff_budget_is_lost_with_a_ledger_row(league, commissioner, eight):
    # add_teams bought 0, 1 and 2 cheerleaders (100,000 each) from the 200,000 budget.
    season_create(league=league, user=commissioner, name="Spring")
    before = {t.pk: team_balances(team_get(t.pk))["staff_budget"] for t in eight}
    season_start(season=Season.objects.get(), user=commissioner)
    for team in eight:
        rows = LedgerEntry.objects.filter(team=team, account="staff_budget", kind=LedgerKind.WRITE_OFF)
        if before[team.pk]:
            assert [r.amount for r in rows] == [-before[team.pk]]
            assert "Unspent Support Staff Budget is lost" in rows[0].reason
        else:
            assert not rows.exists()
        assert team_balances(team_get(team.pk))["staff_budget"] == 0
        assert team_balances(team_get(team.pk))["skill_budget"] == 300_000  # the Skill Budget is kept


def test_starting_twice_changes_nothing(league, commissioner, eight):
    season = started_season(league, commissioner)
    draws = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw"))
    rows = LedgerEntry.objects.count()
    _again, started = season_start(season=season, user=commissioner)
    assert not started
    assert dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw")) == draws
    assert LedgerEntry.objects.count() == rows
    assert Week.objects.filter(season=season).count() == 1


def test_league_ranks_tie_break_is_drawn_once_and_recorded(season):
    draws = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw"))
    assert all(d is not None and 0 <= d < 1 for d in draws.values())
    assert len(set(draws.values())) == len(draws)
    record = week(season, 1).draws[0]
    assert record["kind"] == "tie-break"
    replay = random.Random(record["seed"])
    assert {t: replay.random() for t in record["teams"]} == draws
    # No games yet: League Rank is Team Potential, and the draw decides between equal teams (the
    # cast's Valkyries and Team 03, Valkyries too, with no staff).
    ranking = season_ranking(season)
    assert [r.team_potential for r in ranking] == sorted((r.team_potential for r in ranking), reverse=True)
    tied = [r for r in ranking if r.team.name in ("Brutal Berthas", "Team 03")]
    assert tied[0].team_potential == tied[1].team_potential
    assert tied[0].draw < tied[1].draw


def test_a_season_needs_two_teams(league, commissioner, team):
    season = season_create(league=league, user=commissioner, name="Spring")
    with pytest.raises(Invalid) as refused:
        season_start(season=season, user=commissioner)
    assert refused.value.items[0].code == "too-few-teams"
    assert Season.objects.get().status == Season.Status.SIGNUP


# --- Linked Seasons ----------------------------------------------------------------------------------------------------


def test_a_linked_season_carries_the_teams_of_the_previous_one(league, commissioner, eight):
    first = started_season(league, commissioner)
    Season.objects.filter(pk=first.pk).update(status=Season.Status.FINISHED)
    treasury = {t.pk: team_balances(team_get(t.pk)) for t in eight}
    second = season_create(league=league, user=commissioner, name="Season 2", previous_id=first.pk)
    assert second.previous == first
    assert second.number == 2
    assert set(SeasonTeam.objects.filter(season=second).values_list("team_id", flat=True)) == {t.pk for t in eight}
    # The same team rows carry on: skills, traits, staff and treasury are untouched.
    assert {t.pk: team_balances(team_get(t.pk)) for t in eight} == treasury
    Season.objects.filter(pk=second.pk).update(status=Season.Status.FINISHED)
    with pytest.raises(Invalid) as refused:
        season_create(league=league, user=commissioner, name="Season 3", previous_id=first.pk)
    assert refused.value.items[0].code == "previous-linked"


def test_only_a_finished_season_of_the_league_can_be_linked(league, commissioner, eight):
    first = started_season(league, commissioner)
    Season.objects.filter(pk=first.pk).update(status=Season.Status.FINISHED)
    elsewhere = LeagueFactory(commissioner=commissioner)
    with pytest.raises(Invalid) as refused:
        season_create(league=elsewhere, user=commissioner, name="X", previous_id=first.pk)
    assert refused.value.items[0].code == "previous-unknown"


# --- Week 1: the recorded draw --------------------------------------------------------------------------------------


def test_week_one_is_a_recorded_draw_into_four_team_games(season, commissioner, eight):
    first, drawn = week_draw(week=week(season, 1), user=commissioner)
    assert drawn
    games = games_of(first)
    assert [len(g) for g in games] == game_sizes(8) == [4, 4]
    record = next(r for r in first.draws if r["kind"] == "games")
    assert record["games"] == games
    # Replaying the stored seed gives the same games.
    assert draw_games(record["teams"], random.Random(record["seed"])) == games


def test_the_drawn_games_are_inserted_whole_in_bulk(season, commissioner, eight):
    """games.models.create_games: each game is one games.Game row and one Slaughterball row with the same id."""
    first, _ = week_draw(week=week(season, 1), user=commissioner)
    drawn = list(Game.objects.filter(week=first).order_by("number"))
    assert [(g.number, g.state, g.league_id, g.pays) for g in drawn] == [
        (1, "scheduled", season.league_id, True),
        (2, "scheduled", season.league_id, True),
    ]
    assert set(core.Game.objects.filter(pk__in=[g.pk for g in drawn]).values_list("league_id", flat=True)) == {season.league_id}
    assert all(g.created_at for g in drawn)


def test_a_week_is_drawn_once(season, commissioner):
    first, _ = week_draw(week=week(season, 1), user=commissioner)
    games = games_of(first)
    again, drawn = week_draw(week=week(season, 1), user=commissioner)
    assert not drawn
    assert games_of(again) == games
    assert Game.objects.count() == 2


@pytest.mark.parametrize("size", [5, 6, 7, 9, 10])
def test_the_draw_makes_three_team_games_only_when_needed(league, commissioner, team, size):
    add_teams(league, size - 1)
    season = started_season(league, commissioner)
    first, _ = week_draw(week=week(season, 1), user=commissioner)
    assert sorted(len(g) for g in games_of(first)) == sorted(game_sizes(size))


def test_every_coach_hears_of_the_draw(season, commissioner, eight):
    week_draw(week=week(season, 1), user=commissioner)
    for team in eight:
        side = GameSide.objects.get(team=team)
        assert Notification.objects.filter(user=team.coach, event=f"scheduled:{side.game_id}:{team.pk}").count() == 1


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_only_the_commissioner_draws(season, who, request):
    with pytest.raises(NotPermitted):
        week_draw(week=week(season, 1), user=request.getfixturevalue(who))
    assert not Game.objects.exists()


# --- Later weeks, deadlines, Random League Games ---------------------------------------------------------------------


def test_the_next_week_waits_for_the_results(season, commissioner):
    with pytest.raises(Invalid) as refused:
        next_week(season, commissioner)
    assert refused.value.items[0].code == "previous-week-empty"
    week_draw(week=week(season, 1), user=commissioner)
    with pytest.raises(Invalid) as refused:
        next_week(season, commissioner)
    assert (refused.value.items[0].code, refused.value.items[0].field) == ("previous-week-unfinished", "allow_unfinished")
    second = next_week(season, commissioner, allow_unfinished=True)
    assert (second.number, second.kind) == (2, Week.Kind.CHALLENGE)


def test_a_challenge_week_fixes_its_order_from_league_rank(season, commissioner):
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    confirm_week(first)
    second = next_week(season, commissioner)
    record = next(r for r in second.draws if r["kind"] == "challenge-order")
    ranking = season_ranking(season)
    assert [row[0] for row in record["ranking"]] == [r.team.pk for r in ranking]
    assert record["order"] == [r.team.pk for r in reversed(ranking)]


def test_making_the_next_week_closes_the_last_weeks_standings_column(season, commissioner):
    assert set(Standing.objects.filter(season=season).values_list("week", flat=True)) == {0}  # written at the start
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    confirm_week(first)  # straight in the database: no recompute task has run
    second = next_week(season, commissioner)
    record = next(r for r in second.draws if r["kind"] == "challenge-order")
    column = Standing.objects.filter(season=season, week=1).order_by("rank")
    assert [(s.team_id, s.league_points) for s in column] == [(row[0], row[1]) for row in record["ranking"]]


def test_deadlines_are_set_and_checked(season, commissioner):
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    soon = timezone.now() + timedelta(days=1)
    with pytest.raises(Invalid) as refused:
        next_week(season, commissioner, challenges_due=soon + timedelta(days=3), games_due=soon)
    assert refused.value.items[0].code == "deadlines-order"
    second = next_week(season, commissioner, challenges_due=soon, games_due=soon + timedelta(days=5))
    updated = week_update(week=second, user=commissioner, games_due=None)
    assert (updated.challenges_due, updated.games_due) == (soon, None)
    with pytest.raises(Invalid):
        week_update(week=week(season, 1), user=commissioner, challenges_due=soon)


def test_random_league_games_make_every_week_a_draw(league, commissioner, eight):
    league.options = {**league.options, "random_league_games": True}
    league.save()
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    second = week_create(season=season, user=commissioner)
    assert second.kind == Week.Kind.RANDOM
    second, drawn = week_draw(week=second, user=commissioner)
    assert drawn
    assert sorted(len(g) for g in games_of(second)) == [4, 4]


def test_no_week_after_every_team_played_its_games(league, commissioner, eight):
    season = started_season(league, commissioner, games_per_team=1)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    with pytest.raises(Invalid) as refused:
        next_week(season, commissioner)
    assert refused.value.items[0].code == "season-complete"
