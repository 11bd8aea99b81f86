"""`manage.py seed_large --game-system bloodbowl`: a large Blood Bowl league for measuring, built in bulk,
whose matches read like confirmed ones on the standings and the rosters."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Sum
from rest_framework.test import APIClient

from bloodbowl.large import WINNINGS, seed_large
from bloodbowl.models import Match, Player, Standing
from leagues.models import League
from rosters.models import Team
from rosters.selectors import team_balances


@pytest.mark.django_db
def test_rounds_of_confirmed_matches_count_in_the_standings_and_the_players_spp():
    out = StringIO()
    call_command("seed_large", teams=6, weeks=2, game_system="bloodbowl", stdout=out, stderr=StringIO())
    league = League.objects.get(pk=int(out.getvalue()))
    assert (league.game_system, league.teams.count()) == ("bloodbowl", 6)
    matches = Match.objects.filter(league=league)
    assert matches.count() == 2 * 3
    assert set(matches.values_list("state", flat=True)) == {"confirmed"}
    table = Standing.objects.filter(league=league)  # the seed stores them, as the recompute after a match
    assert [row.played for row in table] == [2] * 6
    touchdowns = sum(len(m.report[side]["players"]) for m in matches for side in ("home", "away"))
    assert sum(row.td_for for row in table) == touchdowns
    # A touchdown is 3 SPP and each side's MVP 5 (Star Player Points table).
    assert Player.objects.filter(team__league=league).aggregate(spp=Sum("spp"))["spp"] == 3 * touchdowns + 5 * 2 * 6


@pytest.mark.django_db
def test_a_match_of_its_last_round_is_voided_as_a_played_one_is():
    """Each match keeps what its post-match changed (`effects`), as a confirmed one does: a void puts back its
    players' SPP and takes its winnings back. Found fuzzing: without them voiding a seeded match was a 500."""
    league = seed_large(6, 2)
    last = Match.objects.filter(league=league).latest("pk")
    teams = [side.team_id for side in last.sides.all()]
    earned = {side: 3 * len(last.report[side]["players"]) + 5 for side in ("home", "away")}  # touchdowns and the MVP
    spp_before = Player.objects.filter(team_id__in=teams).aggregate(spp=Sum("spp"))["spp"]
    treasury = {team: team_balances(Team.objects.get(pk=team))["treasury"] for team in teams}
    api = APIClient()
    api.force_authenticate(league.commissioners.get())

    response = api.post(f"/api/bloodbowl/matches/{last.pk}/void/", {"reason": "Replayed"}, format="json")

    assert response.status_code == 200, response.content
    assert Match.objects.get(pk=last.pk).state == "voided"
    assert Player.objects.filter(team_id__in=teams).aggregate(spp=Sum("spp"))["spp"] == spp_before - sum(earned.values())
    assert {team: team_balances(Team.objects.get(pk=team))["treasury"] for team in teams} == {
        team: before - WINNINGS for team, before in treasury.items()
    }
