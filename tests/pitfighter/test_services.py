"""Pit Fighter through its services: stables, combats, the result's lifecycle with its post-game, and the void."""

from __future__ import annotations

import pytest

from engine.core.violations import RuleViolation
from games.models import Game, Roll
from leagues.models import League
from pitfighter import services
from pitfighter.models import Fighter
from pitfighter.selectors import standings_top
from pitside.errors import Invalid, NotPermitted
from tests.pitfighter.conftest import fighter, fighters
from webhooks.models import Delivery
from webhooks.services import channel_create


def duel(user, a, b, style="free"):
    return services.combat_create(
        league_id=a.stable.league_id, user=user, style=style, fighters=[{"fighter": a.pk}, {"fighter": b.pk}]
    )


def report(*lines, winner=None):
    return {"fighters": list(lines), "winner": winner}


def line(f, by=None, *criticals, wounds_left=False):
    return {"fighter": f.pk, "taken_down_by": by.pk if by else None, "wounds_left": wounds_left, "criticals": list(criticals)}


def test_a_stable_of_five_with_the_house_starting_values(ann):
    orc = fighter(ann, "orc")
    assert (orc.ws, orc.s, orc.t, orc.i, orc.w) == (34, 35, 34, 26, 21)  # the demo's house values + 10 bonus points
    assert ann.pit_fighters.count() == 5


def test_a_stable_is_refused_until_the_starting_values_are_set(commissioner, coach):
    # The service names each unset value; the boundary answers a coach with one sentence (tests/leagues/test_setup.py).
    league = League.objects.create(name="Empty", game_system="pitfighter", options={})
    league.commissioners.add(commissioner)
    with pytest.raises(RuleViolation) as refused:
        services.stable_create(league=league, coach=coach, name="A", fighters=fighters("A"))
    assert refused.value.violations[0].path == "fighters.orc.ws"
    assert {v.code for v in refused.value.violations} == {"house-value-required"}


def test_one_stable_an_owner(ann, campaign, coach):
    with pytest.raises(Invalid):
        services.stable_create(league=campaign, coach=coach, name="Again", fighters=fighters("A2"))


def test_taken_out_with_kneecap_and_broken_arm_misses_two_fights(ann, bob, coach, rival):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    combat = duel(coach, a, b)
    crits = [{"chart": "leg", "result": "kneecap-damaged", "by": a.pk}, {"chart": "arm", "result": "arm-broken", "by": a.pk}]
    services.result_submit(combat_id=combat.pk, user=coach, report=report(line(a), line(b, a, *crits), winner=a.pk))
    confirmed, _ = services.result_confirm(combat_id=combat.pk, user=rival)
    assert confirmed.state == Game.State.CONFIRMED
    b.refresh_from_db()
    a.refresh_from_db()
    assert (b.misses, b.kneecaps, b.points) == (2, 1, 1)
    assert (a.wins, a.takedowns, a.points) == (1, 1, 1)
    # b must miss his stable's next two fights
    with pytest.raises(RuleViolation) as refused:
        duel(rival, b, a)
    assert refused.value.violations[0].code == "fighter-must-miss"
    # Bob's Ogre... cannot fight Free style; his Skink fights, and b has missed one fight
    services.fighter_train(fighter_id=a.pk, user=coach, points={"ws": 1})
    second = duel(rival, fighter(bob, "skink"), a)
    services.result_submit(
        combat_id=second.pk,
        user=rival,
        report=report(line(fighter(bob, "skink")), line(a, fighter(bob, "skink")), winner=fighter(bob, "skink").pk),
    )
    services.result_confirm(combat_id=second.pk, user=coach)
    b.refresh_from_db()
    assert b.misses == 1


def test_the_lifecycle_and_the_void_put_everything_back(ann, bob, coach, rival, commissioner):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    before = Fighter.objects.get(pk=b.pk)
    combat = duel(coach, a, b)
    slain = report(line(a), line(b, a, {"chart": "body", "result": "chest-ripped-open", "by": a.pk}), winner=a.pk)
    with pytest.raises(Invalid):
        services.result_confirm(combat_id=combat.pk, user=coach)  # nothing to confirm yet
    services.result_submit(combat_id=combat.pk, user=coach, report=slain)
    services.result_dispute(combat_id=combat.pk, user=rival, reason="He never ripped it open")
    services.result_confirm(combat_id=combat.pk, user=commissioner)  # a commissioner approves
    b.refresh_from_db()
    a.refresh_from_db()
    assert b.status == "slain"
    assert (a.takedowns, a.skill_points) == (1, 3)
    recruit = bob.pit_fighters.get(recruited_in=combat)
    assert (recruit.type, recruit.points, recruit.name) == ("chaos", 10, "Bob chaos II")
    services.result_void(combat_id=combat.pk, user=commissioner, reason="Wrong fighters")
    b.refresh_from_db()
    a.refresh_from_db()
    assert (b.status, b.misses, b.points) == (before.status, 0, 0)
    assert (a.takedowns, a.skill_points, a.wins, a.points) == (0, 0, 0, 0)
    assert not bob.pit_fighters.filter(recruited_in=combat).exists()


def test_a_skill_is_rolled_and_stored(ann, bob, coach, rival):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    Fighter.objects.filter(pk=a.pk).update(skill_points=4)
    combat = duel(coach, a, b)
    services.result_submit(combat_id=combat.pk, user=coach, report=report(line(a), line(b, a), winner=a.pk))
    services.result_confirm(combat_id=combat.pk, user=rival)
    a.refresh_from_db()
    assert len(a.skills) == 1
    assert Roll.objects.filter(game=combat, purpose="skill").exists()
    assert combat.skill_rolls.filter(learnt=True).get().skill == a.skills[0]


def test_only_an_owner_taking_part_or_a_commissioner_arranges(ann, bob, third):
    with pytest.raises(NotPermitted):
        duel(third, fighter(ann, "orc"), fighter(bob, "orc"))


def test_the_pit_king(ann, bob, cid, coach, rival, third, commissioner):
    king = fighter(ann, "orc")
    three = [fighter(bob, "chaos"), fighter(bob, "skink"), fighter(cid, "orc")]
    combat = services.combat_create(
        league_id=ann.league_id,
        user=commissioner,
        style="sigmar",
        fighters=[{"fighter": king.pk, "team": 1}, *({"fighter": f.pk, "team": 2} for f in three)],
    )
    services.result_submit(combat_id=combat.pk, user=coach, report=report(line(king), *(line(f, king) for f in three)))
    services.result_confirm(combat_id=combat.pk, user=rival)
    assert Game.objects.get(pk=combat.pk).state == Game.State.SUBMITTED  # Cid confirms too
    services.result_confirm(combat_id=combat.pk, user=third)
    king.refresh_from_db()
    assert king.pit_king
    assert king.points == 21
    assert king.crowned_in_id == combat.pk


def test_a_void_is_refused_once_a_stable_has_a_later_result(ann, bob, coach, rival, commissioner):
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    strength = a.s
    first = duel(coach, a, b)
    services.result_submit(combat_id=first.pk, user=coach, report=report(line(a), line(b, a), winner=a.pk))
    services.result_confirm(combat_id=first.pk, user=rival)
    services.fighter_train(fighter_id=a.pk, user=coach, points={"s": 1})
    skink = fighter(bob, "skink")
    second = duel(coach, a, skink)
    services.result_submit(combat_id=second.pk, user=coach, report=report(line(a), line(skink, a), winner=a.pk))
    with pytest.raises(Invalid) as refused:
        services.result_void(combat_id=first.pk, user=commissioner, reason="Wrong")
    assert refused.value.items[0].code == "combat-not-voidable"
    services.result_void(combat_id=second.pk, user=commissioner, reason="Wrong")
    services.result_void(combat_id=first.pk, user=commissioner, reason="Wrong")
    a.refresh_from_db()
    assert (a.wins, a.points, a.s) == (0, 0, strength)  # the training after it is undone too


def test_a_confirmed_combat_is_posted_with_the_campaign_standings(ann, bob, cid, coach, rival, commissioner):
    channel_create(
        league_id=ann.league_id,
        user=commissioner,
        kind="discord",
        url="https://discord.com/api/webhooks/1/x",
        events=["result-confirmed"],
    )
    a, b = fighter(ann, "orc"), fighter(bob, "chaos")
    combat = duel(coach, a, b)
    services.result_submit(combat_id=combat.pk, user=coach, report=report(line(a), line(b, a), winner=a.pk))
    assert not Delivery.objects.exists()  # not before it is confirmed

    services.result_confirm(combat_id=combat.pk, user=rival)

    [posted] = Delivery.objects.all()
    assert posted.event == "result-confirmed"
    assert standings_top(ann.league, 3) == [
        "1. Ann's School: 1 wins, 1 takedowns",
        "2. Bob's Pit: 0 wins, 0 takedowns",
        "3. Cid's Hall: 0 wins, 0 takedowns",
    ]
