"""The demo league: what `seed_demo` creates. Its house values are the demo's own choices, not the rulebook's."""

from __future__ import annotations

from typing import TypedDict

from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL

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


# --- Blood Bowl (Death Zone) -----------------------------------------------------------------------
# The transcription prints no team lists and none of these costs (GAPS.md): the demo league imports the
# engine's sample house team and sets these house values, its own choices, labelled as house values.
BLOOD_BOWL_HOUSE_VALUES = {
    "costs.fan_factor": 10_000,
    "costs.apothecary": 50_000,
    "costs.assistant_coach": 10_000,
    "costs.cheerleader": 10_000,
    "roster.minimum": 11,
    "roster.maximum": 16,
    "tournament.draw_points": 10,
    "points.field_goal": 3,
}
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
