"""`manage.py seed_large --game-system bloodbowl`: a large Blood Bowl league for measuring, built in bulk,
whose matches read like confirmed ones on the standings and the rosters."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Sum

from bloodbowl.models import Match, Player, Standing
from leagues.models import League


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
