"""The Slaughterball demo league that `seed_demo` creates. Its house values are the demo's own choices, not the rulebook's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from leagues.models import League
from leagues.services import league_create, league_update
from slaughterball.services.teams import team_create

TRAITS = ("accuracy", "agility", "brawling", "speed", "toughness")
DEMO_BUTCHER = {"value": 2_800_000, "accuracy": 2, "agility": 2, "brawling": 6, "speed": 4, "toughness": 6, "skills": []}
DEMO_SLASHER_VALUE = 2_400_000
DEMO_SKILL_COST = 100_000
DEMO_LEVEL_TYPES = {
    "awesome-dodger-2": ["razor", "cleaver", "slasher"],
    "awesome-sharpshooter-1": ["razor", "cleaver"],
    "awesome-snagger-1": ["razor", "cleaver", "slasher"],
}

# Mavericks: their cards are not reproduced (GAPS.md), so the demo sets its own Pit Power adjustment,
# traits (accuracy, agility, brawling, speed, toughness) and skills, labelled as house values like the rest.
DEMO_MAVERICKS: dict[str, tuple[int, tuple[int, ...], list[str]]] = {
    "gibraltar": (600_000, (3, 3, 6, 5, 6), ["daunt", "counter-interference"]),
    "fugue": (500_000, (5, 5, 2, 7, 3), ["fake-out"]),
    "simba-khan": (700_000, (2, 2, 8, 4, 8), ["automatic-carve", "savagery"]),
    "toccata": (500_000, (6, 5, 2, 7, 3), ["divert"]),
}

TEAMS = [
    ("coach1", "Great Lakes Ogres", "carnage"),
    ("coach2", "Venture Cabal", "nemesis"),
    ("coach3", "Olympian Hoplites", "swords-of-damocles"),
    ("coach4", "Brutal Berthas", "valkyries"),
]
LINEUP = ["razor", "razor", "cleaver", "cleaver", "slasher", "slasher", "butcher", "butcher"]
NAMES = ["Vex", "Quill", "Gristle", "Marrow", "Sinew", "Cleft", "Hackjaw", "Brisket"]


def demo_house_values() -> dict[str, object]:
    """A value for every cell the rulebook leaves out, so every action works in the demo league."""
    values: dict[str, object] = {}
    for field in SLAUGHTERBALL.house_value_fields():
        if field.printed is not None:
            continue
        key = field.key
        if key.startswith("mavericks."):
            _, slug, cell = key.split(".")
            adjustment, traits, skills = DEMO_MAVERICKS[slug]
            if cell == "pit_power_adjustment":
                values[key] = adjustment
            elif cell == "skills":
                values[key] = skills
            else:
                values[key] = traits[TRAITS.index(cell)]
        elif key.startswith("athletes."):
            _, _, athlete_type, cell = key.split(".")
            values[key] = DEMO_SLASHER_VALUE if athlete_type == "slasher" else DEMO_BUTCHER[cell]
        elif key.endswith(".cost"):
            values[key] = DEMO_SKILL_COST
        elif key.endswith(".types"):
            values[key] = DEMO_LEVEL_TYPES[key.split(".")[1]]
    return values


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
    )
    league_update(league=league, user=commissioner, house_values=demo_house_values())
    for index, (coach, team_name, portfolio) in enumerate(TEAMS):
        team_create(league=league, coach=users[coach], name=team_name, portfolio=portfolio, athletes=demo_athletes(index))
    return f"Created {DEMO_LEAGUE} with {len(TEAMS)} teams (its house values are labelled as such)."
