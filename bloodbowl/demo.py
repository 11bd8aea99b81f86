"""The Blood Bowl demo league that `seed_demo` creates: the engine's sample house team lists and house values that
are the demo's own choices, labelled as house values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from bloodbowl.services.teamlists import SAMPLE
from bloodbowl.services.teams import team_create
from engine.bloodbowl.ruleset import RULESET
from leagues.models import League
from leagues.services import SUGGESTED, league_create

# The transcription prints no team lists and none of these costs (GAPS.md): the demo league imports the
# engine's sample house team and sets Pitside's suggested house values (engine/bloodbowl/data), labelled as such.
BLOOD_BOWL_HOUSE_VALUES = RULESET.suggested_house_values()
BLOOD_BOWL_TEAMS = [("coach1", "Bogmire Bullfrogs"), ("coach2", "Reedwater Wardens")]
# 12 players for 800,000, two Team Re-rolls at 60,000 and Fan Factor 3 at 10,000: 950,000 of the
# 1,000,000 starting budget, so 50,000 open the treasury.
BLOOD_BOWL_LINEUP = ["bog-lineman"] * 6 + ["reed-runner"] * 2 + ["croak-thrower"] + ["mud-bruiser"] * 2 + ["swamp-hulk"]
BLOOD_BOWL_NAMES = ["Grub", "Tadpole", "Murk", "Silt", "Reed", "Bog", "Skitter", "Dart", "Lob", "Thud", "Wallow", "Big Croak"]


class DemoBloodBowlTeam(TypedDict):
    """The keyword arguments of bloodbowl.services.teams.team_create, past the league, coach and name."""

    race: str
    players: list[dict[str, str | int]]
    rerolls: int
    fan_factor: int


def demo_bloodbowl_team(team_index: int) -> DemoBloodBowlTeam:
    """The sign-up of a demo Blood Bowl team from the sample house team lists (engine/bloodbowl/samples)."""
    players: list[dict[str, str | int]] = [
        {"position": position, "name": f"{BLOOD_BOWL_NAMES[i]} {team_index + 1}", "number": i + 1}
        for i, position in enumerate(BLOOD_BOWL_LINEUP)
    ]
    return {"race": "bogmire-croakers", "players": players, "rerolls": 2, "fan_factor": 3}


BLOOD_BOWL_DEMO_LEAGUE = "Pitside Blood Bowl Demo League"


def seed_demo(users: Mapping[str, Any]) -> str:
    """The Blood Bowl demo league: the sample house team lists, its house values set and a team each for coach1 and
    coach2; safe to run again."""
    if League.objects.filter(name=BLOOD_BOWL_DEMO_LEAGUE).exists():
        return f"{BLOOD_BOWL_DEMO_LEAGUE} already exists."
    commissioner = users["commissioner"]
    league = league_create(
        user=commissioner,
        name=BLOOD_BOWL_DEMO_LEAGUE,
        game_system="bloodbowl",
        options={},
        house_values_from=SUGGESTED,
        data_from={"team_lists_from": SAMPLE},
    )
    for index, (coach, team_name) in enumerate(BLOOD_BOWL_TEAMS):
        team_create(league=league, coach=users[coach], name=team_name, **demo_bloodbowl_team(index))
    return (
        f"Created {BLOOD_BOWL_DEMO_LEAGUE} with {len(BLOOD_BOWL_TEAMS)} teams (sample house team lists; "
        "its house values are labelled as such)."
    )
