"""The Pit Fighter demo campaign that `seed_demo` creates: its house values (the demo's own choices, since the
transcription prints no starting characteristics, no D66 numbers and no scrolls: labelled as house values), and a
stable for two owners."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.pitfighter.ruleset import RULESET
from leagues.models import League
from leagues.services import SUGGESTED, league_create
from pitfighter.services import stable_create

PIT_FIGHTER_DEMO_LEAGUE = "Pitside Pit Fighter Demo Campaign"
# House values: Pitside's suggested set (engine/pitfighter/data), not the rulebook's (its Fighter Starting
# Characteristics Table is not transcribed).
DEMO_HOUSE_VALUES: dict[str, Any] = RULESET.suggested_house_values()
BONUS = {"ws": 4, "s": 2, "t": 2, "i": 1, "w": 1}
STABLES = [
    (
        "coach1",
        "The Blood Sand School",
        [("Grimgor", "orc"), ("Vlad", "undead"), ("Tik", "skink"), ("Nyx", "witch-elf"), ("Gorg", "ogre")],
    ),
    (
        "coach2",
        "House of the Iron Pit",
        [("Karl", "empire"), ("Balor", "chaos"), ("Ssk", "skink"), ("Hel", "witch-elf"), ("Grunt", "ogre")],
    ),
]


def seed_demo(users: Mapping[str, Any]) -> str:
    """The Pit Fighter demo campaign; safe to run again."""
    if League.objects.filter(name=PIT_FIGHTER_DEMO_LEAGUE).exists():
        return f"{PIT_FIGHTER_DEMO_LEAGUE} already exists."
    league = league_create(
        user=users["commissioner"],
        name=PIT_FIGHTER_DEMO_LEAGUE,
        game_system="pitfighter",
        options={},
        house_values_from=SUGGESTED,
    )
    for username, name, fighters in STABLES:
        stable_create(
            league=league,
            coach=users[username],
            name=name,
            fighters=[{"name": n, "type": t, "bonus": BONUS} for n, t in fighters],
        )
    return f"{PIT_FIGHTER_DEMO_LEAGUE}: {len(STABLES)} stables of five; its starting characteristics are house values."
