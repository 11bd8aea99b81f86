"""Property: the standings SQL (slaughterball.services.standings, written for speed) agrees with the engine's
rules it copies, whatever the season: League Points are the engine's award summed over the confirmed games
that count (Award League Points; playoffs and unconfirmed or voided games left out), Team Potential is the
engine's (Recalculate Team Potential, with Athlete Value Adjustments), and the rank is the engine's League
Rank (most League Points, then higher Team Potential, then the recorded draw; GAPS.md). Run it on
PostgreSQL as well as SQLite: the SQL is the same on both."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.slaughterball.games import SideResult, award
from engine.slaughterball.schedule import RankingEntry, league_rank
from rosters.services import grant_create
from slaughterball.models import AthleteAdjustment, Game, GameSide, SeasonTeam, Standing, Week
from slaughterball.selectors import NOT_COUNTED
from slaughterball.selectors_teams import team_get, team_summary
from slaughterball.services.standings import standings_now, standings_recompute
from slaughterball.services.teams import purchase_make
from tests.factories import UserFactory
from tests.slaughterball.results.helpers import make_season, make_team_for

TEAMS = 6
# Two teams per portfolio: equal Team Potential until something changes it, so its tie-breakers are tried.
PORTFOLIOS = ["carnage", "carnage", "nemesis", "nemesis", "valkyries", "valkyries"]

GAME = st.fixed_dictionaries(
    {
        "kind": st.sampled_from([Week.Kind.DRAW, Week.Kind.CHALLENGE, Week.Kind.MAKEUP, Week.Kind.PLAYOFF]),
        "state": st.sampled_from([Game.State.CONFIRMED, Game.State.CONFIRMED, Game.State.SUBMITTED, Game.State.VOIDED]),
        "teams": st.lists(st.integers(0, TEAMS - 1), min_size=2, max_size=4, unique=True),
        "scores": st.lists(st.integers(0, 4), min_size=4, max_size=4),  # few values: tied places
        "no_shows": st.lists(st.booleans(), min_size=4, max_size=4),
    }
)
SEASON = st.fixed_dictionaries(
    {
        "games": st.lists(GAME, max_size=6),
        "draws": st.lists(st.sampled_from([0.25, 0.5, 0.75]), min_size=TEAMS, max_size=TEAMS),  # tied draws too
        "cheerleaders": st.lists(st.integers(0, TEAMS - 1), max_size=3),
        "injured": st.lists(st.integers(0, TEAMS - 1), max_size=3),
    }
)


@pytest.fixture
def six(league, commissioner):
    teams = [make_team_for(league, UserFactory(username=f"six{i}"), f"Six {i}", p) for i, p in enumerate(PORTFOLIOS)]
    for team in teams:
        grant_create(league=league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Staff money")
    return teams, make_season(league, teams)


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=SEASON)
def test_the_standings_sql_agrees_with_the_engine(data, six):
    teams, season = six
    with transaction.atomic():  # every example starts from the same fresh season
        for team, draw in zip(teams, data["draws"], strict=True):
            SeasonTeam.objects.filter(season=season, team=team).update(draw=draw)
        for index in data["cheerleaders"]:
            purchase_make(team_id=teams[index].pk, user=teams[index].coach, kind="staff", item="cheerleader")
        for index in data["injured"]:
            athlete = teams[index].athletes.order_by("number").first()
            AthleteAdjustment.objects.create(athlete=athlete, value_change=-100_000, reason="Lasting injury")

        points = dict.fromkeys((t.pk for t in teams), 0)
        for number, game in enumerate(data["games"], start=1):
            week = Week.objects.create(season=season, number=number, kind=game["kind"])
            row = Game.objects.create(league_id=season.league_id, week=week, number=1, state=game["state"])
            sides = [
                SideResult(teams[t].pk, 0 if absent else score, 0, absent)
                for t, score, absent in zip(game["teams"], game["scores"], game["no_shows"], strict=False)
            ]
            for side in award(sides):
                GameSide.objects.create(game=row, team_id=side.team, league_points=side.league_points, place=side.place)
                if game["state"] == Game.State.CONFIRMED and game["kind"] not in NOT_COUNTED:
                    points[side.team] += side.league_points
        standings_recompute(season_id=season.pk)

        potentials = {t.pk: team_summary(team_get(t.pk)).team_potential for t in teams}
        draws = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "draw"))
        expected = [
            (e.team, e.league_points, e.team_potential)
            for e in league_rank(RankingEntry(t, points[t], potentials[t], draws[t]) for t in points)
        ]
        week = Standing.objects.filter(season=season).order_by("-week").values_list("week", flat=True).first()
        stored = Standing.objects.filter(season=season, week=week).order_by("rank")
        assert [(r.team_id, r.league_points, r.team_potential) for r in stored] == expected
        assert [r.rank for r in stored] == list(range(1, TEAMS + 1))
        assert [(r.team, r.league_points, r.team_potential) for r in standings_now(season_id=season.pk)] == expected
        transaction.set_rollback(True)
