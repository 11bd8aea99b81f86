"""The demo leagues (seed_demo) played on through the services, and a few more leagues of the same commissioner and
coaches, until every irreversible page action is on some page in a state where it can be done: a result confirmed in
each game system (its void), a Slaughterball season in sign-up, one with its challenge round past the deadline,
one ready for its Slaughterbrawl, one whose Slaughterbrawl is played, a maverick up for auction, a Blood Bowl star
player roll to choose and a written challenge to answer, tournaments at their final and finished, a Blitz Bowl league
whose league play is over with a Coach Trait to choose, a Pit Fighter with a point to spread, a channel and API
tokens."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone
from rest_framework.authtoken.models import Token

from blitzbowl import services as blitz_services
from blitzbowl.models import Match as BlitzMatch
from bloodbowl.models import Match as BloodBowlMatch
from bloodbowl.services import matches as bloodbowl_matches
from bloodbowl.services import tournaments as bloodbowl_tournaments
from games.models import Game, Roll
from leagues.models import League
from leagues.services import SUGGESTED, league_create
from pitfighter import services as pit_services
from pitside.errors import Invalid
from rosters.models import Team
from slaughterball.demo import demo_athletes, demo_house_values
from slaughterball.models import Game as SlaughterballGame
from slaughterball.models import Season, Week
from slaughterball.services import auctions as auction_services
from slaughterball.services import calendar as calendar_services
from slaughterball.services import playoffs as playoff_services
from slaughterball.services import results as slaughterball_results
from slaughterball.services.teams import team_create
from tests.blitzbowl.helpers import play as play_blitz
from tests.bloodbowl.match_helpers import bloodbowl_league
from tests.bloodbowl.tournament_helpers import play as play_tournament_match
from tests.bloodbowl.tournament_helpers import run_to_final, teams_of
from tests.slaughterball.pregame.helpers import maverick_house_values, scripted_dice
from tests.slaughterball.results.helpers import result
from webhooks.services import channel_create

PASSWORD = "demo-password"
DEMO_OPTIONS = {"skill_budget": 300_000, "staff_budget": 200_000}


def play_the_demo(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """seed_demo, then every state above; the demo users by name."""
    call_command("seed_demo", password=PASSWORD, stdout=io.StringIO())
    users = {user.username: user for user in get_user_model().objects.all()}
    _slaughterball(users, monkeypatch)
    _blood_bowl(users)
    _blitz_bowl(users)
    _pit_fighter(users)
    demo = League.objects.get(name="Pitside Demo League")
    channel_create(
        league_id=demo.pk,
        user=users["commissioner"],
        kind="discord",
        url="https://discord.com/api/webhooks/1/x",
        events=["signup"],
    )
    for name in ("commissioner", "coach1"):
        Token.objects.create(user=users[name])
    return users


# --- Slaughterball ------------------------------------------------------------------------------------------------


def _slaughterball(users: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    commissioner = users["commissioner"]
    # The demo league: week 1 played and confirmed (its prize money paid), week 2's challenge round past its deadline,
    # every team one game short of its two.
    demo = League.objects.get(name="Pitside Demo League")
    season = _started(demo, commissioner, games_per_team=2)
    _play_week_1(season)
    week = calendar_services.week_create(season=season, user=commissioner, challenges_due=timezone.now() + timedelta(days=1))
    Week.objects.filter(pk=week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    # Ready for its Slaughterbrawl: every team has played its one game.
    _play_week_1(_started(_league(users, "Walk: the Slaughterbrawl to set"), commissioner, games_per_team=1))
    # The Slaughterbrawl played and confirmed: the season to finish.
    season = _started(_league(users, "Walk: the season to finish"), commissioner, games_per_team=1)
    _play_week_1(season)
    brawl, _ = playoff_services.playoff_create(season=season, user=commissioner)
    _confirm(brawl)
    # A season in sign-up, its teams spending.
    calendar_services.season_create(league=_league(users, "Walk: the season to start"), user=commissioner, name="Season 1")
    # A maverick (a rogue) up for auction, nobody bidding yet.
    auctioned = _league(users, "Walk: the auction", options={"rogues": True}, house_values=maverick_house_values())
    game = SlaughterballGame.objects.get(week__season=_started(auctioned, commissioner, games_per_team=1))
    first = game.sides.order_by("pk").first()
    assert first is not None
    monkeypatch.setattr(auction_services, "new_rng", lambda: (scripted_dice(game, {first.team_id: ["knife"]}), "scripted"))
    auction, _ = auction_services.auction_open(game_id=game.pk, user=commissioner)
    auction_services.lot_nominate(auction_id=auction.pk, user=first.team.coach, rogue_portfolio="nemesis", rogue_type="razor")


def _league(
    users: dict[str, Any], name: str, *, options: dict[str, Any] | None = None, house_values: dict[str, Any] | None = None
) -> League:
    """A Slaughterball league of the demo's commissioner with the suggested house values, coach1's and coach2's teams."""
    league = league_create(
        user=users["commissioner"],
        name=name,
        game_system="slaughterball",
        options={**DEMO_OPTIONS, **(options or {})},
        house_values_from=SUGGESTED,
    )
    if house_values:
        league.house_values = {**demo_house_values(), **league.house_values, **house_values}
        league.save(update_fields=["house_values"])
    for index, (coach, portfolio) in enumerate((("coach1", "carnage"), ("coach2", "nemesis"))):
        team_create(
            league=league,
            coach=users[coach],
            name=f"{name.removeprefix('Walk: ')} {index + 1}",
            portfolio=portfolio,
            athletes=demo_athletes(index),
        )
    return league


def _started(league: League, commissioner: Any, *, games_per_team: int) -> Season:
    """A season of the league's teams started (the Slaughterbrawl of two), week 1 drawn."""
    season = calendar_services.season_create(
        league=league, user=commissioner, name="Season 1", games_per_team=games_per_team, playoff_size=2
    )
    season, _ = calendar_services.season_start(season=season, user=commissioner)
    calendar_services.week_draw(week=Week.objects.get(season=season, number=1), user=commissioner)
    return season


def _play_week_1(season: Season) -> None:
    for game in SlaughterballGame.objects.filter(week__season=season, week__number=1):
        _confirm(game)


def _confirm(game: SlaughterballGame) -> None:
    """The first side's coach submits a result (the first side first), the others confirm it: its post-game runs."""
    sides = list(game.sides.order_by("pk").select_related("team__coach"))
    teams = [side.team for side in sides]
    scores = [10 * (len(teams) - place) for place in range(len(teams))]
    slaughterball_results.result_submit(game_id=game.pk, user=teams[0].coach, sides=result(teams, scores))
    for team in teams[1:]:
        slaughterball_results.result_confirm(game_id=game.pk, user=team.coach)
    assert SlaughterballGame.objects.get(pk=game.pk).state == Game.State.CONFIRMED


# --- Blood Bowl ---------------------------------------------------------------------------------------------------


def _blood_bowl(users: dict[str, Any]) -> None:
    commissioner = users["commissioner"]
    # The demo league: a match confirmed whose touchdown and MVP give coach1's #1 a star player roll to choose; a
    # Spike! Magazine Trophy in its play-offs, coach1's team challenging coach2's.
    demo = League.objects.get(game_system="bloodbowl", name__contains="Demo")
    home, away = Team.objects.filter(league=demo).order_by("pk")
    match = bloodbowl_matches.match_create(league=demo, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    bloodbowl_matches.prematch_roll(match_id=match.pk, user=home.coach)
    scorer, their_mvp = home.bb_players.get(number=1), away.bb_players.get(number=1)
    report = {
        "home": {"score": 1, "mvp": scorer.pk, "players": [{"player": scorer.pk, "touchdowns": 1}]},
        "away": {"score": 0, "mvp": their_mvp.pk, "players": []},
    }
    bloodbowl_matches.report_submit(match_id=match.pk, user=home.coach, report=report)
    bloodbowl_matches.report_confirm(match_id=match.pk, user=away.coach)
    assert BloodBowlMatch.objects.get(pk=match.pk).star_player_rolls.filter(player=scorer).exists()
    spike, _ = bloodbowl_tournaments.tournament_create(league=demo, user=commissioner, kind="spike")
    for team in (home, away):
        bloodbowl_tournaments.entry_create(tournament_id=spike.pk, user=team.coach, team_id=team.pk)
    bloodbowl_tournaments.challenge_issue(tournament_id=spike.pk, user=home.coach, challenger_id=home.pk, challenged_id=away.pk)
    # A league of eight more teams (table dice, as the tournament helpers play): a Chaos Cup with its final confirmed,
    # its prizes to give, and a Spike! Magazine Trophy finished, its Player of the Year to name.
    league = bloodbowl_league(commissioner, table_dice=True)
    cup, (winner, runner_up) = run_to_final(league, "chaos-cup", teams_of(league, "Ash", "Birch", "Cedar", "Dogwood"))
    play_tournament_match(cup, winner, runner_up, 2, 1)
    spike, (winner, runner_up) = run_to_final(league, "spike", teams_of(league, "Elm", "Fir", "Gum", "Hazel"))
    play_tournament_match(spike, winner, runner_up, 2, 1)
    bloodbowl_tournaments.final_prizes_apply(tournament_id=spike.pk, user=commissioner)


# --- Blitz Bowl, Pit Fighter --------------------------------------------------------------------------------------


def _blitz_bowl(users: dict[str, Any]) -> None:
    """The demo league's league play to its end, every coach rolling Bribe the Ref after each match (the dice stored
    before the match is played): his second match leaves him a Coach Trait to choose; the final is next."""
    league = League.objects.get(game_system="blitzbowl")
    arranged = list(BlitzMatch.objects.filter(league=league, state=Game.State.SCHEDULED))
    while arranged:
        for match in arranged:
            for side in ("home", "away"):
                Roll.objects.create(game=match, label=f"trait.{side}", purpose="coach_trait", dice=[1, 4])
            play_blitz(match)
        try:
            arranged = blitz_services.round_generate(league_id=league.pk, user=users["commissioner"])
        except Invalid:  # league play is over: no legal pairing is left
            arranged = []


def _pit_fighter(users: dict[str, Any]) -> None:
    """A free combat of coach1's first fighter and coach2's: coach1's wins and survives, with a point to spread."""
    league = League.objects.get(game_system="pitfighter")
    ours, theirs = (
        Team.objects.get(league=league, coach=users[name]).pit_fighters.order_by("pk").first() for name in ("coach1", "coach2")
    )
    assert ours is not None
    assert theirs is not None
    combat = pit_services.combat_create(
        league_id=league.pk, user=users["coach1"], style="free", fighters=[{"fighter": ours.pk}, {"fighter": theirs.pk}]
    )
    report = {
        "fighters": [
            {"fighter": ours.pk, "taken_down_by": None, "wounds_left": False, "criticals": []},
            {"fighter": theirs.pk, "taken_down_by": ours.pk, "wounds_left": False, "criticals": []},
        ],
        "winner": ours.pk,
    }
    pit_services.result_submit(combat_id=combat.pk, user=users["coach1"], report=report)
    pit_services.result_confirm(combat_id=combat.pk, user=users["coach2"])
