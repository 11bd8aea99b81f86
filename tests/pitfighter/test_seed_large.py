"""`manage.py seed_large --game-system pitfighter`: a large campaign for measuring, built in bulk, whose combats
read like confirmed ones on the standings, the fighters' records, the pages and the API."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Sum
from rest_framework.test import APIClient

from leagues.models import League
from pitfighter.large import seed_large
from pitfighter.models import Combat, CombatSide, Fighter, SkillRoll
from pitfighter.services import RECORD, RESULTS


@pytest.mark.django_db
def test_rounds_of_confirmed_combats_count_in_the_standings_and_the_fighters_records():
    out = StringIO()
    call_command("seed_large", teams=6, weeks=3, game_system="pitfighter", stdout=out, stderr=StringIO())
    league = League.objects.get(pk=int(out.getvalue()))
    assert (league.game_system, league.teams.count()) == ("pitfighter", 6)
    combats = Combat.objects.filter(league=league)
    assert combats.count() == 3 * 3
    assert set(combats.values_list("state", flat=True)) == {"confirmed"}
    fighters = Fighter.objects.filter(stable__league=league)
    totals = fighters.aggregate(combats=Sum("combats"), wins=Sum("wins"), takedowns=Sum("takedowns"))
    assert totals == {"combats": 2 * 9, "wins": 9, "takedowns": 9}  # duels: one wins, taking the other down
    sides = CombatSide.objects.filter(combat__league=league)
    assert sides.filter(won=True).count() == 9
    assert sides.aggregate(takedowns=Sum("takedowns")) == {"takedowns": 9}
    standings = APIClient().get(f"/api/pitfighter/leagues/{league.pk}/").json()["standings"]
    assert sorted(line["combats"] for line in standings) == [3] * 6
    assert sum(line["wins"] for line in standings) == 9


@pytest.mark.django_db
def test_every_combat_is_one_the_engine_accepts_and_its_skill_rolls_are_stored():
    league = seed_large(4, 40)  # each fighter fights ten times: five takedowns earn a skill
    for combat in Combat.objects.filter(league=league).prefetch_related("entries__fighter", "sides"):
        RESULTS.check_report(combat, None, combat.report)  # raises a RuleViolation on a result the engine refuses
    learnt = Fighter.objects.filter(stable__league=league).exclude(skills=[])
    assert learnt.exists()
    assert all(len(f.skills) == f.skill_points // 5 for f in learnt)  # a skill every five takedowns
    assert SkillRoll.objects.filter(combat__league=league, learnt=True).count() == sum(len(f.skills) for f in learnt)


@pytest.mark.django_db
def test_a_combat_of_the_last_round_is_voided_as_a_played_one_is():
    """Each combat keeps its fighters' records from before it (`effects`), as a confirmed one does: a void puts them
    back, and the campaign page and API answer after it."""
    league = seed_large(6, 2)
    last = Combat.objects.filter(league=league).latest("pk")
    before = last.effects["fighters"]
    api = APIClient()
    api.force_authenticate(league.commissioners.get())

    response = api.post(f"/api/pitfighter/combats/{last.pk}/void/", {"reason": "Replayed"}, format="json")

    assert response.status_code == 200, response.content
    for pk, record in before.items():
        fighter = Fighter.objects.get(pk=pk)
        assert {name: getattr(fighter, name) for name in RECORD} == {name: record[name] for name in RECORD}
    assert api.get(f"/api/pitfighter/leagues/{league.pk}/").status_code == 200
    assert api.get(f"/pitfighter/leagues/{league.pk}/").status_code == 200
