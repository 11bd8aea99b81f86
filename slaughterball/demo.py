"""The Slaughterball demo league that `seed_demo` creates. Its house values are Pitside's suggested set, not the rulebook's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from leagues.services import SUGGESTED, league_create
from slaughterball.services.teams import team_create

TEAMS = [
    ("coach1", "Great Lakes Ogres", "carnage"),
    ("coach2", "Venture Cabal", "nemesis"),
    ("coach3", "Olympian Hoplites", "swords-of-damocles"),
    ("coach4", "Brutal Berthas", "valkyries"),
]
LINEUP = ["razor", "razor", "cleaver", "cleaver", "slasher", "slasher", "butcher", "butcher"]
NAMES = ["Vex", "Quill", "Gristle", "Marrow", "Sinew", "Cleft", "Hackjaw", "Brisket"]


def demo_house_values() -> dict[str, object]:
    """Pitside's suggested house values (engine/slaughterball/data/suggested-house-values.toml): a value for every
    cell the rulebook leaves out, so every action works in the demo league."""
    return SLAUGHTERBALL.suggested_house_values()


def demo_athletes(team_index: int) -> list[dict[str, object]]:
    return [
        {"type": athlete_type, "name": f"{NAMES[i]} {team_index + 1}", "number": i + 1} for i, athlete_type in enumerate(LINEUP)
    ]


DEMO_LEAGUE = "Pitside Demo League"


def seed_demo(users: Mapping[str, Any]) -> str:
    """The demo league with one team from each pro team (see `seed_demo`); safe to run again."""
    if League.objects.filter(name=DEMO_LEAGUE).exists():
        return f"{DEMO_LEAGUE} already exists."
    commissioner = users["commissioner"]
    league = league_create(
        user=commissioner,
        name=DEMO_LEAGUE,
        game_system="slaughterball",
        options={"skill_budget": 300_000, "staff_budget": 200_000},
        house_values_from=SUGGESTED,
    )
    for index, (coach, team_name, portfolio) in enumerate(TEAMS):
        team_create(league=league, coach=users[coach], name=team_name, portfolio=portfolio, athletes=demo_athletes(index))
    return f"Created {DEMO_LEAGUE} with {len(TEAMS)} teams (its house values are labelled as such)."
