"""A large Pit Fighter campaign for measuring (`manage.py seed_large --game-system pitfighter`, bench/): stables of
the demo's five, and rounds of confirmed combats, written in bulk.

The services are not what is built with, but the engine is: each round pairs the stables at random for a Free
style duel (one fighter a stable, the first of the four who may fight it in turn), checked by the engine (line-up
and result); its post-combat (training, skills by D66, missed fights) is the engine's, applied to the fighters'
records kept in memory. What is stored is what the services would have left: the report, each fighter's line,
the sides' wins and takedowns, the skill rolls with their dice, and each fighter's record before the combat kept
on it for a void to put back.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import replace
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from engine.pitfighter import campaign as campaign_rules
from engine.pitfighter import combat as combat_rules
from engine.pitfighter.combat import FREE, Line
from engine.pitfighter.fighters import OGRE, TYPES, HouseValues, NewFighter, StableSignUp, train
from engine.pitfighter.ruleset import RULESET
from games.dice import SeededDice
from games.models import Roll, create_games
from leagues.models import League
from leagues.services import SUGGESTED, league_create
from pitfighter.demo import BONUS, STABLES
from pitfighter.models import Combat, CombatFighter, CombatSide, Fighter, SkillRoll
from pitfighter.selectors import characteristics_of
from pitfighter.services import RECORD
from rosters.models import Team

BATCH = 4000
ROSTER = STABLES[0][2]  # every stable signs up the demo's first five (two Classic, two Pursuit, an Ogre)


def seed_large(stable_count: int, weeks: int, seed: int = 7) -> League:
    """A campaign of `stable_count` stables (their owners and commissioner have no password) with `weeks` rounds in
    which every stable fights one confirmed combat (one sits out when they are odd); the same seed gives the same
    results."""
    rng = random.Random(seed)
    users = get_user_model()
    prefix = f"large-{secrets.token_hex(3)}"
    boss = users.objects.create_user(f"{prefix}-commissioner")
    owners = users.objects.bulk_create(users(username=f"{prefix}-owner{i}") for i in range(stable_count))
    name = f"Large campaign ({stable_count} stables)"
    league = league_create(user=boss, name=name, game_system=RULESET.slug, options={}, house_values_from=SUGGESTED)
    house = RULESET.house_values(league.house_values)
    profiles = RULESET.check_team(StableSignUp("Stable", [NewFighter(n, t, BONUS) for n, t in ROSTER], house))
    teams = Team.objects.bulk_create(
        (Team(league=league, coach=owners[i], name=f"Stable {i + 1}", faction="") for i in range(stable_count)),
        batch_size=BATCH,
    )
    Fighter.objects.bulk_create(
        (
            Fighter(stable=team, name=f"{p.name} {i + 1}", type=p.type, **p.characteristics)
            for i, team in enumerate(teams)
            for p in profiles
        ),
        batch_size=BATCH,
    )
    fighters = {f.pk: f for f in Fighter.objects.filter(stable__league=league)}
    states = {pk: campaign_rules.FighterState(pk, f.stable_id, f.type, characteristics_of(f)) for pk, f in fighters.items()}
    by_stable: dict[int, list[int]] = {}
    for pk in sorted(states):
        by_stable.setdefault(states[pk].stable, []).append(pk)
    for week in range(weeks):
        _confirmed_round(league, week, by_stable, states, fighters, house, boss, rng)
    for pk, fighter in fighters.items():
        record = _record(states[pk])
        for name in RECORD:
            setattr(fighter, name, record[name])
    # One statement run for every fighter (bulk_update's CASE over 500 fighters x 20 fields takes Django seconds).
    fields = [f for f in Fighter._meta.concrete_fields if f.name in RECORD]
    quote = connection.ops.quote_name
    sql = f"UPDATE {quote(Fighter._meta.db_table)} SET {', '.join(f'{quote(f.attname)} = %s' for f in fields)} WHERE id = %s"
    with connection.cursor() as cursor:
        rows = [[*(f.get_db_prep_save(getattr(x, f.attname), connection) for f in fields), x.pk] for x in fighters.values()]
        cursor.executemany(sql, rows)
    return league


def _confirmed_round(
    league: League,
    week: int,
    by_stable: dict[int, list[int]],
    states: dict[int, campaign_rules.FighterState],
    fighters: dict[int, Fighter],
    house: HouseValues,
    boss: Any,
    rng: random.Random,
) -> None:
    order = list(by_stable)
    rng.shuffle(order)
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    now = timezone.now()
    fought = []
    for pair in pairs:
        chosen = [_fighter_for(by_stable[s], week, states) for s in pair]
        for f in (f for f in chosen if states[f].points):  # his owner spreads the points his combats gave him first
            trained = train(states[f].characteristics, states[f].points, {"ws": states[f].points})
            states[f] = replace(states[f], characteristics=trained, points=0)
        entries = RULESET.check_lineup(FREE, [_entry(fighters[f], states) for f in chosen])
        winner, loser = rng.sample([e.fighter for e in entries], 2)
        result = combat_rules.CombatResult(FREE, entries, (Line(winner, None), Line(loser, winner)), winner)
        facts = campaign_rules.Combat(result, {f: states[f] for s in pair for f in by_stable[s]}, False, house)
        RULESET.check_result(facts)
        dice = SeededDice(rng)
        outcome = RULESET.post_game(facts, dice)
        fought.append((pair, result, facts, outcome, dice))
    combats = create_games(
        [
            Combat(
                league=league,
                style=FREE,
                created_by=boss,
                state=Combat.State.CONFIRMED,
                confirmed_at=now,
                submitted_by=boss,
                report={
                    "fighters": [
                        {"fighter": line.fighter, "taken_down_by": line.taken_down_by, "wounds_left": False, "criticals": []}
                        for line in result.lines
                    ],
                    "winner": result.winner,
                },
                effects={"fighters": {str(s.id): _record(facts.fighters[s.id]) for s in outcome.fighters}},
            )
            for _, result, facts, outcome, _ in fought
        ]
    )
    sides = CombatSide.objects.bulk_create(
        (
            CombatSide(combat=combat, team_id=line.stable, won=line.won, takedowns=line.takedowns)
            for combat, (_, _, _, outcome, _) in zip(combats, fought, strict=True)
            for line in outcome.stables
        ),
        batch_size=BATCH,
    )
    side_of = {(side.combat_id, side.team_id): side for side in sides}
    taken_down_by: dict[tuple[int, int], int | None] = {}
    for combat, (_, result, _, outcome, _) in zip(combats, fought, strict=True):
        taken_down_by |= {(combat.pk, line.fighter): line.taken_down_by for line in result.lines}
        for state in outcome.fighters:
            states[state.id] = state
    CombatFighter.objects.bulk_create(
        (
            CombatFighter(
                combat=combat,
                side=side_of[(combat.pk, entry.stable)],
                fighter_id=entry.fighter,
                team=entry.team,
                taken_down_by_id=taken_down_by[(combat.pk, entry.fighter)],
            )
            for combat, (_, result, _, _, _) in zip(combats, fought, strict=True)
            for entry in result.entries
        ),
        batch_size=BATCH,
    )
    SkillRoll.objects.bulk_create(
        (
            SkillRoll(combat=combat, fighter_id=r.fighter, dice=list(r.dice), skill=r.skill, learnt=r.learnt)
            for combat, (_, _, _, outcome, _) in zip(combats, fought, strict=True)
            for r in outcome.skill_rolls
        ),
        batch_size=BATCH,
    )
    Roll.objects.bulk_create(
        (roll for combat, (_, _, _, _, dice) in zip(combats, fought, strict=True) for roll in dice.rows(combat, boss)),
        batch_size=BATCH,
    )


def _fighter_for(stable: list[int], week: int, states: dict[int, campaign_rules.FighterState]) -> int:
    """The stable's fighter for this round's Free combat: the next in turn who may fight it (no Ogre, no Pit King,
    no fight to miss)."""
    turn = [f for f in stable if TYPES[states[f].type].kind != OGRE]
    return next(
        f
        for f in turn[week % len(turn) :] + turn[: week % len(turn)]
        if not states[f].misses and not states[f].pit_king and states[f].status == combat_rules.ACTIVE
    )


def _entry(fighter: Fighter, states: dict[int, campaign_rules.FighterState]) -> combat_rules.Entry:
    state = states[fighter.pk]
    return combat_rules.Entry(
        fighter=fighter.pk,
        stable=state.stable,
        name=fighter.name,
        type=state.type,
        pit_king=state.pit_king,
        status=state.status,
        misses=state.misses,
        points=state.points,
    )


def _record(state: campaign_rules.FighterState) -> dict[str, Any]:
    """A fighter's record as the post-game keeps it on the combat (pitfighter.services._record)."""
    values = {**state.characteristics, **vars(state.injuries), "skills": list(state.skills)}
    return {**{name: values[name] if name in values else getattr(state, name) for name in RECORD}, "hates": sorted(state.hates)}
