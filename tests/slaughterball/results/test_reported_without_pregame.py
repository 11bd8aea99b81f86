"""Issue 28, item 2, as it was found: a season started and drawn, a coach reports his game's result at /games/<id>/ with
no auction and no lineups, the others confirm. The page asked first; afterwards his athletes can still learn (any six:
engine.slaughterball.games.took_part), paid from the prize money, where before every spend page said "Nothing can be
bought"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from slaughterball.models import Game, Purchase
from slaughterball.services.calendar import week_draw
from tests.slaughterball.calendar.helpers import add_teams, started_season, week

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_game_reported_without_its_pre_game_leaves_its_teams_able_to_spend(league, commissioner, coach, team, rival_team):
    add_teams(league, 2)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    game = Game.objects.get(week__season=season, sides__team=team)
    sides = list(game.sides.select_related("team__coach"))
    form = {"idempotency_key": "k-1"}
    for order, side in enumerate(sides, start=1):
        team_id = side.team_id
        form |= {f"order_{team_id}": str(order), f"score_{team_id}": str(10 * (5 - order)), f"unused_{team_id}": "0"}
    own = client_of(coach)

    asked = own.post(f"/games/{game.pk}/result/", form)
    assert "Report the result without its pre-game?" in asked.content.decode()
    assert own.post(f"/games/{game.pk}/result/", {**form, "confirm": "1"}).status_code == 302
    for side in sides:
        if side.team.coach != coach:
            client_of(side.team.coach).post(f"/games/{game.pk}/confirm/", {"idempotency_key": f"c-{side.pk}"})
    assert Game.objects.get(pk=game.pk).state == Game.State.CONFIRMED

    athletes = list(team.athletes.order_by("number"))
    for athlete in athletes:
        page = own.get(f"/athletes/{athlete.pk}/spend/").content.decode()
        assert "Nothing can be bought" not in page
        assert "did not play in the last game" not in page
    page = own.get(f"/athletes/{athletes[0].pk}/spend/").content.decode()
    item = re.search(r'name="kind" value="skill">\s*<input type="hidden" name="item" value="([^"]+)"', page)
    assert item is not None, "a skill on offer"
    bought = own.post(
        f"/athletes/{athletes[0].pk}/spend/", {"kind": "skill", "item": item[1], "idempotency_key": "buy-1", "confirm": "1"}
    )
    assert bought.status_code == 302
    assert Purchase.objects.filter(team=team, athlete=athletes[0], kind="skill", item=item[1]).exists()
