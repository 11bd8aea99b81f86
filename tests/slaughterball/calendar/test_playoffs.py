"""End of the Season: the Slaughterbrawl, the champion, makeup games, the archive, and the periodic task."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from pitside.errors import Invalid, NotPermitted
from slaughterball.models import Game, GameSide, Season, Week
from slaughterball.selectors_calendar import season_archive, season_ranking
from slaughterball.services.calendar import deadline_reminders, makeup_game_create, week_draw
from slaughterball.services.playoffs import playoff_create, playoff_finish, season_finish
from slaughterball.services.standings import standings_recompute
from slaughterball.tasks_calendar import calendar_periodic
from tests.slaughterball.calendar.helpers import confirm, confirm_week, games_of, next_week, started_season, week


@pytest.fixture
def played(league, commissioner, eight):
    """A season of one game per team, played and confirmed."""
    season = started_season(league, commissioner, games_per_team=1)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    return season


def test_the_top_four_by_league_rank_play_the_slaughterbrawl(played, commissioner):
    ranking = season_ranking(played)
    game, created = playoff_create(season=played, user=commissioner)
    assert created
    assert game.week.kind == Week.Kind.PLAYOFF
    assert list(GameSide.objects.filter(game=game).values_list("team_id", flat=True)) == [r.team.pk for r in ranking[:4]]
    season = Season.objects.get(pk=played.pk)
    assert season.status == Season.Status.PLAYOFFS
    record = game.week.draws[0]
    assert record["kind"] == "final-standings"
    assert [row[0] for row in record["ranking"]] == [r.team.pk for r in ranking]
    for team_id in record["seeds"]:
        assert Notification.objects.filter(event=f"playoff:{game.pk}:{team_id}").exists()
    again, created_again = playoff_create(season=played, user=commissioner)
    assert (again, created_again) == (game, False)


def test_the_playoffs_wait_for_every_result(league, commissioner, eight):
    season = started_season(league, commissioner, games_per_team=1)
    week_draw(week=week(season, 1), user=commissioner)
    with pytest.raises(Invalid) as refused:
        playoff_create(season=season, user=commissioner)
    assert refused.value.items[0].code == "season-unfinished"


def test_teams_short_of_games_need_the_commissioners_word(league, commissioner, eight):
    season = started_season(league, commissioner, games_per_team=2)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    with pytest.raises(Invalid) as refused:
        playoff_create(season=season, user=commissioner)
    assert (refused.value.items[0].code, refused.value.items[0].field) == ("season-short-games", "allow_short")
    game, created = playoff_create(season=season, user=commissioner, allow_short=True)
    assert created
    assert game.week.draws[0]["short"] == {str(t.pk): 1 for t in eight}


def test_makeup_games_for_lagging_teams_and_whether_they_pay(league, commissioner, eight):
    season = started_season(league, commissioner, games_per_team=2)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    lagging = [eight[0].pk, eight[1].pk, eight[2].pk]
    game = makeup_game_create(season=season, user=commissioner, teams=lagging, pays=False)
    assert (game.week.kind, game.pays) == (Week.Kind.MAKEUP, False)
    assert list(GameSide.objects.filter(game=game).values_list("team_id", flat=True)) == lagging
    other = makeup_game_create(season=season, user=commissioner, teams=[eight[3].pk, eight[4].pk], pays=True)
    assert other.week == game.week
    assert other.number == 2
    # A team already in this makeup week gets a new makeup week.
    third = makeup_game_create(season=season, user=commissioner, teams=[eight[0].pk, eight[5].pk], pays=True)
    assert third.week != game.week
    with pytest.raises(Invalid) as refused:
        makeup_game_create(season=season, user=commissioner, teams=[eight[0].pk], pays=True)
    assert refused.value.items[0].code == "makeup-size"


def test_the_confirmed_winner_is_champion_once(played, commissioner):
    game, _ = playoff_create(season=played, user=commissioner)
    assert playoff_finish(played) is False  # not played yet
    seeds = list(GameSide.objects.filter(game=game).values_list("team_id", flat=True))
    confirm(game, [seeds[2], seeds[0], seeds[1], seeds[3]])
    assert playoff_finish(played) is True
    assert playoff_finish(played) is False  # idempotent: finished once
    season = Season.objects.get(pk=played.pk)
    assert (season.status, season.champion_id) == (Season.Status.FINISHED, seeds[2])
    assert Notification.objects.filter(event=f"champion:{season.pk}").count() == 8
    assert season_finish(season=season, user=commissioner).champion_id == seeds[2]


def test_the_commissioner_finishes_only_a_decided_season(played, commissioner, coach):
    playoff_create(season=played, user=commissioner)
    with pytest.raises(Invalid) as refused:
        season_finish(season=played, user=commissioner)
    assert refused.value.items[0].code == "playoff-unconfirmed"
    with pytest.raises(NotPermitted):
        season_finish(season=played, user=coach)


def test_the_archive_keeps_final_standings_and_champion(played, commissioner, league):
    game, _ = playoff_create(season=played, user=commissioner)
    ranking = season_ranking(played)
    confirm(game)
    playoff_finish(played)
    # A later change (a result edited by hand, say) moves neither the finished season's standings nor its archive.
    last = ranking[-1].team.pk
    GameSide.objects.filter(game__week__season=played, game__week__number=1, team_id=last).update(league_points=99)
    assert standings_recompute(season_id=played.pk) == 0
    assert [r.team.pk for r in season_ranking(played)] == [r.team.pk for r in ranking]
    archive = season_archive(league)
    assert len(archive) == 1
    assert [line.team_id for line in archive[0].standings] == [r.team.pk for r in ranking]
    assert archive[0].season.champion is not None
    assert archive[0].playoff_game == game


def test_the_periodic_task_finishes_a_decided_season_and_reminds_of_deadlines(league, commissioner, eight, played):
    game, _ = playoff_create(season=played, user=commissioner)
    confirm(game)
    assert calendar_periodic() == {"reminders": 0, "finished": 1}
    assert calendar_periodic() == {"reminders": 0, "finished": 0}


def test_coaches_are_reminded_once_before_a_deadline(league, commissioner, eight):
    season = started_season(league, commissioner)
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    confirm_week(first)
    soon = timezone.now() + timedelta(hours=3)
    current = next_week(season, commissioner, challenges_due=soon, games_due=soon + timedelta(days=3))
    assert deadline_reminders() == 8  # nobody has a game yet
    assert deadline_reminders() == 0  # once per event
    for team in eight:
        assert (
            Notification.objects.filter(user=team.coach, event=f"deadline:{current.pk}:{team.coach_id}:challenges").count() == 1
        )
    # Games due soon: the coaches whose game has no result yet.
    Week.objects.filter(pk=first.pk).update(games_due=soon)
    Game.objects.filter(week=first).update(state=Game.State.SCHEDULED)
    assert deadline_reminders() == 8
    assert {len(g) for g in games_of(first)} == {4}


def test_setting_the_slaughterbrawl_and_finishing_the_season_ask_first_on_the_page(played, commissioner, client):
    client.force_login(commissioner)
    seeds = [row.team.name for row in season_ranking(played)[:4]]

    asked = client.post(f"/seasons/{played.pk}/playoffs/new/")
    assert asked.status_code == 200
    text = html.unescape(asked.content.decode())
    assert f"The regular season of {played.name} ends" in text
    assert f"The top 4 play the Slaughterbrawl, as the League Rank stands: {', '.join(seeds)}." in text
    assert Season.objects.get(pk=played.pk).status == Season.Status.RUNNING
    assert client.post(f"/seasons/{played.pk}/playoffs/new/", {"confirm": "1"}).status_code == 302

    game = Game.objects.get(week__season=played, week__kind=Week.Kind.PLAYOFF)
    sides = list(GameSide.objects.filter(game=game).values_list("team_id", flat=True))
    assert client.post(f"/seasons/{played.pk}/finish/").status_code == 400  # not decided: refused, not asked
    confirm(game, [sides[1], sides[0], sides[2], sides[3]])
    asked = client.post(f"/seasons/{played.pk}/finish/")
    assert asked.status_code == 200
    assert f"{seeds[1]} won the Slaughterbrawl: they are the champions of {played.name}." in html.unescape(asked.content.decode())
    assert Season.objects.get(pk=played.pk).status == Season.Status.PLAYOFFS
    assert client.post(f"/seasons/{played.pk}/finish/", {"confirm": "1"}).status_code == 302
    assert Season.objects.get(pk=played.pk).champion_id == sides[1]
