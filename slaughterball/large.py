"""A large Slaughterball league for measuring (`manage.py seed_large`, bench/): teams with the demo
rosters, a running season and weeks of confirmed 4-team games, written in bulk.

The services are not what is built with: a week of results is what they would have left (places,
League Points, prize money in the ledger, a few purchases), then its standings column (the League Ranking
Sheet shows one a week).
"""

from __future__ import annotations

import random
import secrets
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from engine.core.money import TREASURY
from engine.slaughterball.roster import AthleteRequest, SignUp
from engine.slaughterball.ruleset import RULESET
from games.models import create_games
from leagues.models import League
from leagues.services import league_create, league_update
from rosters.models import LedgerEntry, LedgerKind, Team
from slaughterball.demo import demo_athletes, demo_house_values
from slaughterball.models import Athlete, Game, GameSide, Purchase, Season, SeasonTeam, Week
from slaughterball.services.calendar import frozen_order
from slaughterball.services.standings import standings_recompute

BATCH = 4000


def seed_large(team_count: int, weeks: int, seed: int = 7) -> League:
    """A league of `team_count` teams (its coaches and commissioner have no password) in a running season
    with `weeks` weeks of confirmed games; the same seed gives the same results."""
    rng = random.Random(seed)
    users = get_user_model()
    prefix = f"large-{secrets.token_hex(3)}"
    boss = users.objects.create_user(f"{prefix}-commissioner")
    coaches = users.objects.bulk_create(users(username=f"{prefix}-coach{i}") for i in range(team_count))
    league = league_create(user=boss, name=f"Large league ({team_count} teams)", game_system=RULESET.slug, options={})
    league_update(league=league, user=boss, house_values=demo_house_values())
    catalog = RULESET.catalog(league.house_values)
    portfolios = list(catalog.portfolios)
    teams = Team.objects.bulk_create(
        Team(league=league, coach=coaches[i], name=f"Team {i + 1}", faction=portfolios[i % len(portfolios)])
        for i in range(team_count)
    )
    athletes = [
        Athlete(
            team=team,
            type=built.type,
            name=built.name,
            number=built.number,
            base_traits=built.traits,
            starting_skills=list(built.skills),
            base_value=built.value,
        )
        for index, team in enumerate(teams)
        for built in RULESET.check_team(SignUp(catalog, team.faction, [_request(a) for a in demo_athletes(index)]))
    ]
    Athlete.objects.bulk_create(athletes, batch_size=BATCH)
    season = Season.objects.create(league=league, number=1, name="Season 1", status=Season.Status.RUNNING)
    SeasonTeam.objects.bulk_create((SeasonTeam(season=season, team=t, draw=rng.random()) for t in teams), batch_size=BATCH)
    # Each team fields its first six athletes, recorded as lineup_pick records a lineup (with the value at the game).
    lineups: dict[int, list[dict[str, Any]]] = {}
    for athlete_id, team_id, number, name, type_, value in (
        Athlete.objects.filter(team__league=league)
        .order_by("team_id", "number")
        .values_list("id", "team_id", "number", "name", "type", "base_value")
    ):
        entry = {"id": athlete_id, "number": number, "name": name, "type": type_, "value": value}
        lineups.setdefault(team_id, []).append(entry)
    now = timezone.now()
    previous = None
    for number in range(1, weeks + 1):
        # A challenge round keeps its challenge order as week_create records it (its games here are drawn at random).
        draws: list[dict[str, Any]] = [frozen_order(season, previous)] if previous else []
        kind = Week.Kind.CHALLENGE if previous else Week.Kind.DRAW
        previous = week = Week.objects.create(season=season, number=number, kind=kind, draws=draws)
        _confirmed_week(league, week, [t.pk for t in teams], lineups, boss, rng, now)
        standings_recompute(season_id=season.pk)  # this week's column, as the next week's creation leaves it
    return league


def _confirmed_week(
    league: League,
    week: Week,
    team_ids: list[int],
    lineups: dict[int, list[dict[str, Any]]],
    boss: Any,
    rng: random.Random,
    now: datetime,
) -> None:
    """A week of 4-team games, confirmed: places and League Points from random scores, prize money paid,
    a skill bought in one window of four and a cheerleader in one of ten."""
    order = list(team_ids)
    rng.shuffle(order)
    games = create_games(
        [
            Game(league=league, week=week, number=g + 1, state=Game.State.CONFIRMED, confirmed_at=now)
            for g in range(len(order) // 4)
        ]
    )
    sides, prizes = [], []
    for g, game in enumerate(games):
        members = order[4 * g : 4 * g + 4]
        scores = rng.sample(range(40), 4)
        for position, team_id in enumerate(members):
            beaten = sum(1 for other in scores if other < scores[position])
            prize = 100_000 + 100_000 * beaten
            prizes.append(
                LedgerEntry(
                    team_id=team_id,
                    account=TREASURY,
                    amount=prize,
                    kind=LedgerKind.WINNINGS,
                    reason=f"Prize money (week {week.number})",
                )
            )
            sides.append(
                GameSide(
                    game=game,
                    team_id=team_id,
                    order_of_play=position + 1,
                    score=scores[position],
                    place=4 - beaten,
                    league_points=beaten,
                    prize_money=prize,
                    pit_power=17_000_000,
                    edge_tokens=0,
                    lineup=[dict(entry) for entry in lineups[team_id][:6]],
                )
            )
    sides = GameSide.objects.bulk_create(sides, batch_size=BATCH)
    ledger_from = LedgerEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    prizes = LedgerEntry.objects.bulk_create(prizes, batch_size=BATCH)
    # The ledger rows each game's post-game wrote (its four prizes, in the order written), which a void reverses.
    for g, game in enumerate(games):
        game.effects = {"ledger_from": ledger_from, "ledger": [row.pk for row in prizes[4 * g : 4 * g + 4]]}
    Game.objects.bulk_update(games, ["effects"], batch_size=BATCH)
    purchases = []
    for side in sides:
        if rng.random() < 0.25:
            learner = lineups[side.team_id][rng.randrange(6)]
            learner["value"] += 50_000  # a skill bought adds its cost to the athlete's value (his next lineups show it)
            purchases.append(
                Purchase(
                    team_id=side.team_id,
                    athlete_id=learner["id"],
                    kind="skill",
                    item="assist-chop",
                    name="Assist Chop",
                    cost=50_000,
                    created_by=boss,
                    game_side=side,
                )
            )
        if rng.random() < 0.1:
            purchases.append(
                Purchase(
                    team_id=side.team_id,
                    kind="staff",
                    item="cheerleader",
                    name="Cheerleader",
                    cost=100_000,
                    created_by=boss,
                    game_side=side,
                )
            )
    purchases = Purchase.objects.bulk_create(purchases, batch_size=BATCH)
    LedgerEntry.objects.bulk_create(
        (
            LedgerEntry(team_id=p.team_id, account=TREASURY, amount=-p.cost, kind=LedgerKind.PURCHASE, reason=p.name, purchase=p)
            for p in purchases
        ),
        batch_size=BATCH,
    )


def _request(athlete: dict[str, object]) -> AthleteRequest:
    return AthleteRequest(type=str(athlete["type"]), name=str(athlete["name"]), number=int(str(athlete["number"])))
