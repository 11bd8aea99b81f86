"""Every kind of notification, each sent by its own service as in play: its text names its league first (a coach of
two leagues has a "week 2" and a "game 1" in each) and shows no engine key (tests/words.py: `leg-hurt`,
`dirty_tricks`, `athletes.carnage.butcher.accuracy`). A kind is an event's name before its first colon; a new kind
fails here until it is added to KINDS, and so built below. The result lifecycle's notices are built in every game
system by tests/games/test_dispute_notices.py; here in Slaughterball and Blood Bowl."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from bloodbowl.services import matches as bloodbowl
from leagues.models import League
from notifications.models import Notification
from rosters.models import Team
from slaughterball.demo import demo_house_values
from slaughterball.models import Game, GameSide, Week
from slaughterball.selectors_calendar import round_state
from slaughterball.services import auctions
from slaughterball.services.calendar import deadline_reminders, week_draw
from slaughterball.services.challenges import appeal_create, appeal_decide, challenge_issue, rearrange
from slaughterball.services.playoffs import playoff_create, playoff_finish
from slaughterball.services.results import result_dispute, result_submit, result_void
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.test_match_services import _played_match as played_match
from tests.factories import LeagueFactory, UserFactory, make_team
from tests.slaughterball.calendar.helpers import add_teams, confirm, confirm_week, next_week, started_season, week
from tests.slaughterball.pregame.helpers import (
    auction_order,
    fund,
    make_game,
    make_season,
    make_team_for,
    maverick_house_values,
    scripted_dice,
)
from tests.slaughterball.results.helpers import result
from tests.webhooks.receiver import Answer, running_receiver
from tests.words import engine_keys
from webhooks.services import channel_create, delivery_attempt

pytestmark = pytest.mark.django_db

KINDS = {
    # Anyone's league
    "team-signed-up", "house-values-unset", "channel-failed",
    # The result lifecycle (games.lifecycle), every game system's
    "arranged", "result-confirm", "result-disputed", "result-confirmed", "result-voided",
    # Blood Bowl
    "bb-star-player-rolls",
    # Slaughterball's calendar: the draw, the challenge round, appeals, rearrangements, deadlines, the playoffs
    "scheduled", "challenge-turn", "challenged", "appeal", "appeal-decided", "moved", "deadline", "playoff", "champion",
    # Slaughterball's pre-game: the maverick auction and the lineups
    "pregame-open", "auction-open", "nominate-turn", "bid-turn", "lineup-turn",
}  # fmt: skip


def coach_of(team_id: int):
    return Team.objects.select_related("coach").get(pk=team_id).coach


def a_challenge_round(commissioner) -> None:
    """Week 1 drawn and played, week 2 a challenge round (its challenges due within a day): a challenge, an appeal
    decided, a rearrangement, the deadlines' reminders."""
    league = LeagueFactory(commissioner=commissioner, name="Rustbelt League")
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    add_teams(league, 8)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)  # scheduled
    confirm_week(week(season, 1))
    current = next_week(season, commissioner, challenges_due=timezone.now() + timedelta(hours=12))  # challenge-turn
    state = round_state(current)
    targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != state.turn.team][: state.turn.picks]
    challenge, _ = challenge_issue(week=current, user=coach_of(state.turn.team), team_id=state.turn.team, challenged=targets)
    game = Game.objects.select_related("week__season__league").get(pk=challenge.game_id)
    appeal, _ = appeal_create(game=game, user=coach_of(targets[0]), team_id=targets[0], reason="Away that weekend")
    appeal_decide(appeal=appeal, user=commissioner, granted=False, note="Play it")
    deadline_reminders()  # the teams without a game, their challenges due within a day
    Week.objects.filter(pk=current.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    free = next(t for t in round_state(current).unscheduled)
    rearrange(week=current, user=commissioner, team_id=free, to_game_id=game.pk, swap_with_id=targets[1])  # moved


def a_season_decided(commissioner) -> None:
    """A season of one game a team; the Slaughterbrawl, its result disputed and voided, then its champion."""
    league = LeagueFactory(commissioner=commissioner, name="Lakeside League")
    teams = add_teams(league, 8, start=10)
    season = started_season(league, commissioner, games_per_team=1)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    game, _ = playoff_create(season=season, user=commissioner)  # playoff
    seeds = list(GameSide.objects.filter(game=game).values_list("team_id", flat=True))
    seeded = sorted((t for t in teams if t.pk in seeds), key=lambda t: seeds.index(t.pk))
    result_submit(game_id=game.pk, user=seeded[0].coach, sides=result(seeded, [40, 30, 20, 10]))  # result-confirm
    result_dispute(game_id=game.pk, user=seeded[1].coach, reason="We scored more.")  # result-disputed
    result_void(game_id=game.pk, user=commissioner, reason="Play it again.")  # result-voided
    confirm(game, seeds)
    playoff_finish(season)  # champion


def an_auction_and_lineups(commissioner, monkeypatch) -> None:
    """A game with a maverick auction: a maverick drawn, a rogue nominated, bid on and hired; then the lineups."""
    options = {"skill_budget": 300_000, "staff_budget": 200_000, "rogues": True}
    league = LeagueFactory(
        commissioner=commissioner,
        name="Harbour League",
        options=options,
        house_values=demo_house_values() | maverick_house_values(),
    )
    teams = [
        make_team_for(league, UserFactory(username=f"harbour{n}"), f"Harbour {n}", portfolio)
        for n, portfolio in enumerate(["carnage", "valkyries", "nemesis"])
    ]
    for team in teams:
        fund(team, 1_000_000)
    game = make_game(make_season(league, teams), teams, week=2)
    order = auction_order(game)
    drawn = {order[1]: ["knife"]}  # he draws a maverick: his turn to put it up
    monkeypatch.setattr(auctions, "new_rng", lambda: (scripted_dice(game, drawn), "scripted"))
    auction, _ = auctions.auction_open(game_id=game.pk, user=commissioner)  # auction-open, nominate-turn
    rotation = [coach_of(t) for t in (order[1], order[0], order[2])]  # the nominator first, then ascending
    lot = auctions.lot_nominate(auction_id=auction.pk, user=rotation[0], rogue_portfolio="nemesis", rogue_type="razor")
    auctions.bid_place(lot_id=lot.pk, user=rotation[0], amount=50_000)  # bid-turn
    for coach in rotation[1:]:
        auctions.lot_pass(lot_id=lot.pk, user=coach)  # hired
    auctions.draw_return(draw_id=auction.draws.get().pk, user=coach_of(order[1]))  # the auction is over: lineup-turn


def a_match_with_star_player_rolls(commissioner) -> None:
    league = bloodbowl_league(commissioner, table_dice=True)
    home = bloodbowl_team(league, UserFactory(username="hannah"), "Croakers")  # a username is his own: no underscore
    away = bloodbowl_team(league, UserFactory(username="bruno"), "Bog Kings", players=12)
    scorer = home.bb_players.get(number=1)
    played_match(league, home, away, {f"spr.{scorer.pk}.1": [3, 4]})  # arranged, confirmed, bb-star-player-rolls
    bloodbowl.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)


def a_refusal_and_a_failed_post(commissioner, coach, api_as, settings) -> None:
    """A coach signs up (team-signed-up) in a league whose channel fails (channel-failed), then buys a skill whose
    cost the league has not set (house-values-unset)."""
    league = LeagueFactory(commissioner=commissioner, name="Quarry League")
    settings.WEBHOOKS_ALLOW_PRIVATE, settings.WEBHOOKS_TIMEOUT, settings.WEBHOOKS_MAX_TRIES = True, 2, 1
    with running_receiver() as receiver:
        receiver.script = [Answer(500)]
        channel_create(league_id=league.pk, user=commissioner, kind="discord", url=receiver.url, events=["signup"])
        team = make_team(league, coach)
        [delivery] = league.channels.get().deliveries.all()
        delivery_attempt(delivery_id=delivery.pk)
    League.objects.filter(pk=league.pk).update(house_values={})
    athlete = team.athletes.get(number=3)
    refused = api_as(coach).post(
        f"/api/teams/{team.pk}/purchases/", {"kind": "skill", "item": "leadership", "athlete": athlete.pk}, format="json"
    )
    assert refused.status_code == 400


def test_every_kind_of_notification_names_its_league_in_peoples_words(commissioner, coach, api_as, settings, monkeypatch):
    a_challenge_round(commissioner)
    a_season_decided(commissioner)
    an_auction_and_lineups(commissioner, monkeypatch)
    a_match_with_star_player_rolls(commissioner)
    a_refusal_and_a_failed_post(commissioner, coach, api_as, settings)

    notices = list(Notification.objects.all())
    assert {notice.event.split(":")[0] for notice in notices} == KINDS
    leagues = {league.name for league in League.objects.all()}
    for notice in notices:
        assert any(notice.text.startswith(f"{name}: ") for name in leagues), notice.text
        assert not engine_keys(notice.text), (notice.event, notice.text)
