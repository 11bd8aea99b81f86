"""What each event posts, through the real services: sign-ups, the draw, challenges, an auction, a result
(only once confirmed, with the standings' top lines), a dispute, the Slaughterbrawl and its champion."""

from __future__ import annotations

import pytest

from slaughterball.demo import demo_house_values
from slaughterball.models import Game
from slaughterball.selectors import game_label
from slaughterball.services.auctions import auction_open
from slaughterball.services.challenges import challenge_issue
from slaughterball.services.playoffs import playoff_create, playoff_finish
from slaughterball.services.results import result_confirm, result_dispute, result_submit
from tests.factories import LeagueFactory
from tests.slaughterball.calendar.helpers import (
    add_teams,
    confirm,
    confirm_week,
    drawn_week_1,
    next_week,
    started_season,
    week,
)
from tests.slaughterball.calendar.test_challenges import first_move
from tests.slaughterball.pregame.helpers import maverick_house_values
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for, result
from webhooks.models import Channel, Delivery
from webhooks.services import channel_create, delivery_attempt

pytestmark = pytest.mark.django_db

EVERYTHING = [event for event, _ in Channel.Event.choices]


def everything(league, commissioner, url="https://hooks.example.org/pitside"):
    return channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=url, secret="s", events=EVERYTHING)


def posted(event: str) -> list[Delivery]:
    return list(Delivery.objects.filter(event=event).order_by("pk"))


def test_signups_the_draw_and_a_challenge_are_posted(league, commissioner):
    everything(league, commissioner)
    teams = add_teams(league, 8)
    assert [d.text for d in posted("signup")] == [f"{t.name} signed up for {league.name}" for t in teams]

    season = started_season(league, commissioner)
    drawn_week_1(season, commissioner)
    [draw] = posted("draw")
    assert draw.text == f"{season.name}, week 1: the draw."
    assert len(draw.lines) == 2
    assert draw.lines[0].startswith("Game 1: ")
    assert draw.lines[0].count(" v ") == 3

    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    challenger, targets = first_move(current)
    challenge_issue(
        week=current, user=teams[[t.pk for t in teams].index(challenger)].coach, team_id=challenger, challenged=targets
    )
    [challenge] = posted("challenges")
    names = {t.pk: t.name for t in teams}
    assert challenge.text.startswith(f"{season.name}, week 2: {names[challenger]} challenged ")
    assert all(names[t] in challenge.text for t in targets)


def test_a_result_is_posted_only_once_confirmed_with_the_standings_top_lines(
    league, commissioner, coach, rival, team, rival_team, receiver, settings
):
    everything(league, commissioner, url=receiver.url)
    teams = [team, rival_team]
    season = make_season(league, teams)
    game = make_game(season, teams, week=1)

    result_submit(game_id=game.pk, user=coach, sides=result(teams, [20, 10]))
    assert posted("result-confirmed") == []  # submitted, not yet vetted
    result_confirm(game_id=game.pk, user=rival)

    [delivery] = posted("result-confirmed")
    assert delivery.text == f"Result confirmed: {game_label(game)}: 1st {team.name}, 2nd {rival_team.name}."
    assert delivery.lines is None  # filled when first sent
    delivery_attempt(delivery_id=delivery.pk)
    [post] = [r for r in receiver.received if r.headers["X-Pitside-Event"] == "result-confirmed"]
    assert post.json()["lines"] == [f"1. {team.name}: 1 LP", f"2. {rival_team.name}: 0 LP"]


def test_a_dispute_is_posted_to_the_channels_that_take_disputes(league, commissioner, coach, rival, team, rival_team):
    everything(league, commissioner)
    only_results = channel_create(
        league_id=league.pk,
        user=commissioner,
        kind="discord",
        url="https://discord.com/api/webhooks/1/x",
        events=["result-confirmed"],
    )
    teams = [team, rival_team]
    game = make_game(make_season(league, teams), teams, week=1)
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [20, 10]))

    result_dispute(game_id=game.pk, user=rival, reason="The score was 10 to 20.")

    [dispute] = posted("dispute")
    assert dispute.text == f"rival_coach disputes the result of {game_label(game)}: The score was 10 to 20."
    assert not Delivery.objects.filter(channel=only_results).exists()
    assert posted("result-confirmed") == []


def test_the_slaughterbrawl_and_its_champion_are_posted(league, commissioner):
    add_teams(league, 8)
    season = started_season(league, commissioner, games_per_team=1)
    drawn_week_1(season, commissioner)
    confirm_week(week(season, 1))
    everything(league, commissioner)

    game, _ = playoff_create(season=season, user=commissioner)
    confirm(Game.objects.get(pk=game.pk))
    assert playoff_finish(season)

    brawl, champion = posted("playoffs")
    assert brawl.text == f"{season.name}, week 2: the Slaughterbrawl."
    assert len(brawl.lines) == 1
    assert champion.text.endswith(f"won the Slaughterbrawl: champion of {season.name}!")


def test_an_auction_opening_is_posted(commissioner, coach, rival):
    league = LeagueFactory(commissioner=commissioner, house_values=demo_house_values() | maverick_house_values())
    everything(league, commissioner)
    teams = [make_team_for(league, coach, "Brutal Berthas"), make_team_for(league, rival, "Venture Cabal", "nemesis")]
    game = make_game(make_season(league, teams), teams, week=1)

    auction_open(game_id=game.pk, user=coach)

    [opened] = posted("auction")
    assert opened.text == f"The maverick auction of {game} is open."
    assert opened.url == f"/games/{game.pk}/auction/"
