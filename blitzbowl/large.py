"""A large Blitz Bowl league for measuring (`manage.py seed_large --game-system blitzbowl`, bench/): coaches and
rounds of confirmed league matches, written in bulk.

The services are not what is built with: a match is what they would have left (arranged by the commissioner,
its result submitted by the home coach and confirmed by the away one, its sides' lines, each coach's Coach Trait
rolled and stored, a trait rolled twice chosen again by its coach). The rounds are a round robin (the circle
method), which keeps the pairing rule: two coaches meet again only after a whole cycle of the others.
"""

from __future__ import annotations

import random
import secrets

from django.contrib.auth import get_user_model
from django.utils import timezone

from blitzbowl.models import CoachProfile, Match, MatchSide, TraitGain
from blitzbowl.services import DRAW_RANGE
from engine.blitzbowl import traits as trait_rules
from engine.blitzbowl.league import MAX_MATCHES, Pair, SideResult
from engine.blitzbowl.match import MatchResult
from engine.blitzbowl.ruleset import RULESET
from games.dice import SeededDice
from games.models import GameEvent, Roll, create_games
from leagues.models import League
from leagues.services import league_create
from rosters.models import LedgerEntry, Team

BATCH = 4000


def round_robin(coaches: list[int], rounds: int) -> list[list[Pair]]:
    """`rounds` rounds of the circle method (the first coach stays, the others turn; one sits out of each round
    when they are odd), home and away swapped every other round."""
    ring: list[int | None] = [*coaches, None] if len(coaches) % 2 else list(coaches)
    made = []
    for number in range(rounds):
        turn = number % (len(ring) - 1)
        order = [ring[0], *ring[1:][turn:], *ring[1:][:turn]]
        pairs = [(order[i], order[-1 - i]) for i in range(len(order) // 2)]
        made.append([(a, b) if number % 2 == 0 else (b, a) for a, b in pairs if a is not None and b is not None])
    return made


def seed_large(team_count: int, weeks: int, seed: int = 7) -> League:
    """A league of `team_count` coaches (they and the commissioner have no password) who have each played `weeks`
    confirmed league matches (one fewer for a coach who sat out a round of an odd count), in a league of
    `weeks + 1` matches a coach (a house choice): it stands as after a round fully played, with a round to arrange.
    The same seed gives the same results."""
    rng = random.Random(seed)
    users = get_user_model()
    prefix = f"large-{secrets.token_hex(3)}"
    boss = users.objects.create_user(f"{prefix}-commissioner")
    coaches = users.objects.bulk_create(users(username=f"{prefix}-coach{i}") for i in range(team_count))
    options = {"matches": min(weeks + 1, MAX_MATCHES)}
    league = league_create(user=boss, name=f"Large league ({team_count} coaches)", game_system=RULESET.slug, options=options)
    teams = Team.objects.bulk_create(
        (Team(league=league, coach=coaches[i], name=f"Team {i + 1}", faction="") for i in range(team_count)), batch_size=BATCH
    )
    CoachProfile.objects.bulk_create((CoachProfile(team=t, draw=rng.randrange(DRAW_RANGE)) for t in teams), batch_size=BATCH)
    coach_of = {t.pk: t.coach for t in teams}
    pairs = [pair for round_ in round_robin([t.pk for t in teams], weeks) for pair in round_]
    reports = [
        {
            name: {"score": rng.randint(0, 4), "challenge_cards": rng.randint(0, 6), "injuries": rng.randint(0, 3)}
            for name in ("home", "away")
        }
        for _ in pairs
    ]
    now = timezone.now()
    ledger_from = LedgerEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    matches = create_games(
        [
            Match(
                league=league,
                stage="league",
                state=Match.State.CONFIRMED,
                report=report,
                submitted_by=coach_of[home],
                confirmed_at=now,
                effects={"ledger_from": ledger_from, "ledger": []},  # Blitz Bowl has no money: nothing to reverse
                created_by=boss,
            )
            for (home, _), report in zip(pairs, reports, strict=True)
        ]
    )
    sides, events, rolls, gains = [], [], [], []
    held: dict[int, set[str]] = {t.pk: set() for t in teams}
    for match, (home, away), report in zip(matches, pairs, reports, strict=True):
        lines = {name: SideResult(**report[name]) for name in ("home", "away")}
        for name, team_id in (("home", home), ("away", away)):
            sides.append(MatchSide(match=match, team_id=team_id, home=name == "home", **report[name]))
        events += [
            GameEvent(game=match, user=boss, action="created"),
            GameEvent(game=match, user=coach_of[home], team_id=home, action=GameEvent.Action.SUBMITTED, payload=report),
            GameEvent(game=match, user=coach_of[away], team_id=away, action=GameEvent.Action.CONFIRMED),
        ]
        dice = SeededDice(rng)
        result = MatchResult("league", home, away, lines["home"], lines["away"], {c: frozenset(held[c]) for c in (home, away)})
        outcome = RULESET.post_game(result, dice)
        rolls += dice.rows(match, coach_of[away])
        for gain in outcome.gains:
            chosen = gain.trait or (rng.choice(trait_rules.choices(frozenset(held[gain.coach]))).slug if gain.choose else None)
            if chosen is None:
                continue  # he holds every trait: nothing to gain
            held[gain.coach].add(chosen)
            by = None if gain.trait else coach_of[gain.coach]
            gains.append(
                TraitGain(team_id=gain.coach, match=match, dice=list(gain.dice), rolled=gain.rolled, trait=chosen, chosen_by=by)
            )
    MatchSide.objects.bulk_create(sides, batch_size=BATCH)
    GameEvent.objects.bulk_create(events, batch_size=BATCH)
    Roll.objects.bulk_create(rolls, batch_size=BATCH)
    TraitGain.objects.bulk_create(gains, batch_size=BATCH)
    return league
