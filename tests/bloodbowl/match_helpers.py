"""Blood Bowl matches for tests: a league with the engine's sample team lists and two teams, made
straight in the database (team creation has its own tests)."""

from __future__ import annotations

from bloodbowl.demo import BLOOD_BOWL_HOUSE_VALUES
from bloodbowl.models import Player, TeamProfile
from bloodbowl.services.teamlists import SAMPLE
from engine.core.money import TREASURY
from leagues.services import league_create
from rosters.models import LedgerEntry, LedgerKind, Team

# The demo league's house values, but a field goal scores 1 here (the tests count scores in touchdowns).
HOUSE_VALUES = {**BLOOD_BOWL_HOUSE_VALUES, "points.field_goal": 1}


def bloodbowl_league(commissioner, **options):
    league = league_create(
        user=commissioner,
        name="Old World League",
        game_system="bloodbowl",
        options=options,
        data_from={"team_lists_from": SAMPLE},
    )
    league.house_values = HOUSE_VALUES
    league.save()
    return league


def bloodbowl_team(league, coach, name, *, players=11, fan_factor=3, treasury=100_000, **profile):
    """A team of `players` Bog Linemen (value 50,000 each) with `fan_factor` and the treasury given."""
    team = Team.objects.create(league=league, coach=coach, name=name, faction="bogmire-croakers")
    TeamProfile.objects.create(team=team, race_name="Bogmire Croakers", reroll_cost=60_000, fan_factor=fan_factor, **profile)
    line = {"ma": 6, "st": 3, "ag": 3, "av": 8}
    for number in range(1, players + 1):
        Player.objects.create(
            team=team,
            number=number,
            name=f"{name} {number}",
            position="bog-lineman",
            position_name="Bog Lineman",
            value=50_000,
            categories=["general"],
            base=line,
            stats=line,
        )
    LedgerEntry.objects.create(team=team, account=TREASURY, amount=treasury, kind=LedgerKind.OPENING, reason="Starting treasury")
    return team
