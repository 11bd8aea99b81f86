"""`manage.py seed_large`: a large league for measuring, built in bulk, whose results read like played ones."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count, Sum
from rest_framework.test import APIClient

from leagues.models import League
from rosters.models import LedgerEntry
from rosters.selectors import team_balances
from slaughterball.large import seed_large
from slaughterball.models import Athlete, Game, GameSide, Purchase, Standing, Week
from slaughterball.selectors_calendar import ORDER_RECORD, record, round_state
from slaughterball.selectors_teams import team_get
from tests.api.helpers import problems


@pytest.mark.django_db
def test_a_league_of_teams_with_weeks_of_confirmed_results():
    out = StringIO()
    call_command("seed_large", teams=12, weeks=3, stdout=out, stderr=StringIO())
    league = League.objects.get(pk=int(out.getvalue()))
    assert (league.game_system, league.teams.count()) == ("slaughterball", 12)
    assert Athlete.objects.filter(team__league=league).count() == 12 * 8
    games = Game.objects.filter(league=league)
    assert games.count() == 3 * 3
    assert set(games.values_list("state", flat=True)) == {"confirmed"}
    sides = GameSide.objects.filter(game__league=league)
    # Each game's places 1-4 and League Points 3-0; every team played every week.
    for game in games:
        assert sorted(game.sides.values_list("place", "league_points")) == [(1, 3), (2, 2), (3, 1), (4, 0)]
    assert all(count == 3 for count in sides.values("team").annotate(n=Count("id")).values_list("n", flat=True))
    prizes = LedgerEntry.objects.filter(team__league=league, purchase=None).aggregate(total=Sum("amount"))["total"]
    assert prizes == sides.aggregate(total=Sum("prize_money"))["total"]
    # The standings are recomputed each week, as each week closing leaves them: every column ranks all twelve teams.
    for week in (1, 2, 3):
        column = Standing.objects.filter(season__league=league, week=week)
        assert sorted(column.values_list("rank", flat=True)) == list(range(1, 13))
        assert column.aggregate(points=Sum("league_points"))["points"] == week * 3 * (3 + 2 + 1)
    # The first week is drawn; each later one is a challenge round that keeps its challenge order, by the League Rank
    # the week before left, as a week made by the commissioner does.
    weeks = list(Week.objects.filter(season__league=league).order_by("number"))
    assert [w.kind for w in weeks] == ["draw", "challenge", "challenge"]
    ranked = list(Standing.objects.filter(season__league=league, week=1).order_by("rank").values_list("team_id", flat=True))
    assert [row[0] for row in record(weeks[1], ORDER_RECORD)["ranking"]] == ranked
    assert sorted(round_state(weeks[2]).frozen.order) == sorted(league.teams.values_list("pk", flat=True))


@pytest.mark.django_db
@pytest.mark.parametrize("arguments", [{"teams": 3}, {"game_system": "chess"}])
def test_too_few_teams_or_a_game_system_without_a_builder_is_refused(arguments):
    with pytest.raises(CommandError):
        call_command("seed_large", stdout=StringIO(), **{"teams": 8, "weeks": 1, **arguments})
    assert not League.objects.exists()


@pytest.mark.django_db
def test_its_lineups_are_recorded_as_a_coach_choosing_them_records_them():
    """Each side's lineup is what lineup_pick keeps: the athlete's number, name, type and value at the game (a skill
    bought after a game counts in his later lineups). Found by schemathesis: lineups of ids alone made the lineup
    and pre-game APIs of every seeded game a 500."""
    league = seed_large(8, 3)
    athletes = {a.pk: a for a in Athlete.objects.filter(team__league=league)}
    for side in GameSide.objects.filter(game__league=league).select_related("game__week"):
        assert len(side.lineup) == 6
        for entry in side.lineup:
            athlete = athletes[entry["id"]]
            learned = Purchase.objects.filter(
                athlete=athlete, kind="skill", game_side__game__week__number__lt=side.game.week.number
            ).count()
            assert entry == {
                "id": athlete.pk,
                "number": athlete.number,
                "name": athlete.name,
                "type": athlete.type,
                "value": athlete.base_value + 50_000 * learned,
            }


@pytest.mark.django_db
def test_the_lineup_and_pre_game_apis_answer_on_its_games():
    league = seed_large(16, 1)
    game = Game.objects.filter(league=league).exclude(sides__purchases__isnull=False).earliest("pk")  # nothing spent
    side = game.sides.earliest("order_of_play")
    for user in (league.commissioners.get(), side.team.coach):
        api = APIClient()
        api.force_authenticate(user)

        lineup = api.get(f"/api/games/{game.pk}/lineup/")
        pregame = api.get(f"/api/games/{game.pk}/pregame/")
        again = api.post(f"/api/games/{game.pk}/lineup/", {"team": side.team_id, "athletes": ids(side)}, format="json")
        other = api.post(f"/api/games/{game.pk}/lineup/", {"team": side.team_id, "athletes": ids(side)[1:]}, format="json")

        assert (lineup.status_code, pregame.status_code, again.status_code) == (200, 200, 200)
        shown = next(s for s in pregame.json()["sides"] if s["team"] == side.team_id)
        assert shown["lineup"] == side.lineup
        assert problems(other) == {("lineup-picked", "athletes")}


def ids(side: GameSide) -> list[int]:
    return [entry["id"] for entry in side.lineup]


@pytest.mark.django_db
def test_a_voided_game_gives_its_prize_money_back_as_a_played_one_does():
    """Each game keeps the ledger rows its post-game wrote (`effects`), as a confirmed one does, so that a void
    takes the prize money back; without them a seeded game's void left every prize paid."""
    league = seed_large(16, 1)
    game = Game.objects.filter(league=league).exclude(sides__purchases__isnull=False).earliest("pk")  # nothing spent
    prizes = dict(game.sides.values_list("team_id", "prize_money"))
    treasury = {team: team_balances(team_get(team))["treasury"] for team in prizes}
    api = APIClient()
    api.force_authenticate(league.commissioners.get())

    response = api.post(f"/api/games/{game.pk}/void/", {"reason": "Replayed"}, format="json")

    assert response.status_code == 201, response.content
    assert {team: team_balances(team_get(team))["treasury"] for team in prizes} == {
        team: before - prizes[team] for team, before in treasury.items()
    }
