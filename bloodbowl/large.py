"""A large Blood Bowl league for measuring (`manage.py seed_large --game-system bloodbowl`, bench/): teams of
the demo sign-up from the sample house team lists, and rounds of confirmed league matches, written in bulk.

The services are not what is built with: a round of results is what they would have left (each side's
score, touchdowns, casualties and winnings paid in, a report whose touchdowns and MVPs earned their SPP, its
players' touchdowns kept for the leaders, and what the post-match changed kept on the match for a void to put
back).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from bloodbowl.demo import BLOOD_BOWL_HOUSE_VALUES, demo_bloodbowl_team
from bloodbowl.models import Match, MatchSide, Player, PlayerLine, TeamProfile
from bloodbowl.selectors import league_house, team_lists_of, team_rating_of
from bloodbowl.selectors import teams as bloodbowl_teams
from bloodbowl.services.matches import teams_state
from bloodbowl.services.standings import standings_recompute
from bloodbowl.services.teamlists import team_lists_import
from bloodbowl.services.teams import new_player
from engine.bloodbowl import team as team_rules
from engine.bloodbowl.report import report_from_data
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.teamlists import team_lists_sample
from engine.core.money import TREASURY
from games.models import create_games
from leagues.models import League
from leagues.services import league_create, league_update
from rosters.models import LedgerEntry, LedgerKind, Team

BATCH = 4000
GATE = 40_000
WINNINGS = 50_000


def seed_large(team_count: int, weeks: int, seed: int = 7) -> League:
    """A league of `team_count` teams (its coaches and commissioner have no password) with `weeks` rounds in
    which every team plays one confirmed league match; the same seed gives the same results."""
    rng = random.Random(seed)
    users = get_user_model()
    prefix = f"large-{secrets.token_hex(3)}"
    boss = users.objects.create_user(f"{prefix}-commissioner")
    coaches = users.objects.bulk_create(users(username=f"{prefix}-coach{i}") for i in range(team_count))
    league = league_create(user=boss, name=f"Large league ({team_count} teams)", game_system=RULESET.slug, options={})
    league_update(league=league, user=boss, house_values=BLOOD_BOWL_HOUSE_VALUES)
    team_lists_import(league=league, user=boss, fmt="yaml", text=team_lists_sample("house-team.yaml"))
    team_lists = team_lists_of(league)
    assert team_lists is not None  # imported just above
    signup = demo_bloodbowl_team(0)
    request = team_rules.NewTeamRequest(
        race=signup["race"],
        players=tuple(team_rules.NewPlayer(str(p["position"]), str(p["name"]), int(p["number"])) for p in signup["players"]),
        rerolls=signup["rerolls"],
        fan_factor=signup["fan_factor"],
    )
    budget = RULESET.option_value(league.options, "starting_budget")
    cost = RULESET.check_team(team_rules.SignUp(team_lists, league_house(league), budget, request))
    race = team_lists.race(request.race)
    assert race is not None  # check_team refuses an unknown race
    positions = {position.slug: position for position in race.positions}
    teams = Team.objects.bulk_create(
        (Team(league=league, coach=coaches[i], name=f"Team {i + 1}", faction=race.slug) for i in range(team_count)),
        batch_size=BATCH,
    )
    TeamProfile.objects.bulk_create(
        (
            TeamProfile(
                team=team,
                race_name=race.name,
                reroll_cost=race.reroll_cost,
                rerolls=request.rerolls,
                fan_factor=request.fan_factor,
            )
            for team in teams
        ),
        batch_size=BATCH,
    )
    Player.objects.bulk_create(
        (
            new_player(team, positions[p.position], f"{p.name} {i + 1}", p.number)
            for i, team in enumerate(teams)
            for p in request.players
        ),
        batch_size=BATCH,
    )
    LedgerEntry.objects.bulk_create(
        (
            LedgerEntry(team=team, account=TREASURY, amount=cost.treasury, kind=LedgerKind.OPENING, reason="Starting budget")
            for team in teams
        ),
        batch_size=BATCH,
    )
    rosters: dict[int, list[int]] = {}
    for player_id, team_id in Player.objects.filter(team__league=league).order_by("number").values_list("id", "team_id"):
        rosters.setdefault(team_id, []).append(player_id)
    rating = team_rating_of(bloodbowl_teams().get(pk=teams[0].pk), league_house(league))  # every team starts alike
    spp: dict[int, int] = {}
    for _ in range(weeks):
        _confirmed_round(league, [t.pk for t in teams], rosters, spp, rating, boss, rng)
    players = list(Player.objects.filter(pk__in=spp))
    for player in players:
        player.spp = spp[player.pk]
    Player.objects.bulk_update(players, ["spp"], batch_size=BATCH)
    standings_recompute(league_id=league.pk)  # the stored table and leaders, as after the last match
    return league


def _confirmed_round(
    league: League,
    team_ids: list[int],
    rosters: dict[int, list[int]],
    spp: dict[int, int],
    rating: int,
    boss: Any,
    rng: random.Random,
) -> None:
    """Every team in one confirmed league match (one sits out when they are odd), with random touchdowns
    (0-4) and casualties (0-3), an MVP each side, and the same winnings paid in."""
    order = list(team_ids)
    rng.shuffle(order)
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    spp_before = dict(spp)
    reports = []
    for pair in pairs:
        report: dict[str, dict[str, Any]] = {}
        for name, team_id in zip(("home", "away"), pair, strict=True):
            scorers = rng.sample(rosters[team_id], rng.randint(0, 4))
            mvp = rng.choice(rosters[team_id])
            for player in scorers:
                spp[player] = spp.get(player, 0) + 3  # a touchdown
            spp[mvp] = spp.get(mvp, 0) + 5
            report[name] = {
                "score": len(scorers),
                "casualties": rng.randint(0, 3),
                "players": [{"player": p, "touchdowns": 1} for p in scorers],
                "mvp": mvp,
            }
        reports.append(report)
    now = timezone.now()
    matches = create_games(
        [
            Match(league=league, state=Match.State.CONFIRMED, confirmed_at=now, report=report, gate=GATE, created_by=boss)
            for report in reports
        ]
    )
    MatchSide.objects.bulk_create(
        (
            MatchSide(
                match=match,
                team_id=team_id,
                home=name == "home",
                team_rating=rating,
                score=report[name]["score"],
                touchdowns=report[name]["score"],
                casualties=report[name]["casualties"],
                winnings=WINNINGS,
                fan_factor_change=0,
            )
            for match, report, pair in zip(matches, reports, pairs, strict=True)
            for name, team_id in zip(("home", "away"), pair, strict=True)
        ),
        batch_size=BATCH,
    )
    PlayerLine.objects.bulk_create(
        (
            PlayerLine(match=match, player_id=player, touchdowns=touchdowns, casualties=casualties)
            for match, report in zip(matches, reports, strict=True)
            for player, (touchdowns, casualties) in report_from_data(report).player_counts().items()
        ),
        batch_size=BATCH,
    )
    ledger_from = LedgerEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    winnings = LedgerEntry.objects.bulk_create(
        (
            LedgerEntry(
                team_id=team_id,
                account=TREASURY,
                amount=WINNINGS,
                kind=LedgerKind.WINNINGS,
                reason=f"Match winnings, match {match.pk}",
            )
            for match, pair in zip(matches, pairs, strict=True)
            for team_id in pair
        ),
        batch_size=BATCH,
    )
    # What the post-match keeps for a void (BloodBowlResults.undo_post_game, the lifecycle's ledger reversal): the
    # teams as they were, their players' SPP before this round (the only thing a seeded match changes on them; the
    # players' own rows get theirs at the end) and the winnings rows, two a match in the order written.
    state = teams_state(team_ids)
    for index, (match, pair) in enumerate(zip(matches, pairs, strict=True)):
        match.effects = {
            "players": {
                str(p): {**state["players"][str(p)], "spp": spp_before.get(p, 0)} for team in pair for p in rosters[team]
            },
            "profiles": {str(team): state["profiles"][str(team)] for team in pair},
            "ledger_from": ledger_from,
            "ledger": [row.pk for row in winnings[2 * index : 2 * index + 2]],
        }
    Match.objects.bulk_update(matches, ["effects"], batch_size=BATCH)
