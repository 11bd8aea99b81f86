"""Rulebook tables transcribed by hand for the engine tests (slaughterball-rulebook.txt).

Kept apart from engine/slaughterball/data so that the tests compare the engine with the printed
page, not with itself.
"""

from __future__ import annotations

import pytest

from engine.slaughterball.catalog import ATHLETE_TYPES

PORTFOLIOS = {"carnage": "Carnage", "nemesis": "Nemesis", "swords-of-damocles": "Swords of Damocles", "valkyries": "Valkyries"}

# Trait Increase maximum table. Columns: razor, cleaver, slasher, butcher; an * marks the traits
# that get the 50% discount.
TRAIT_TABLE = {
    "accuracy": ("11*", "7*", "5", "4"),
    "agility": ("10*", "7*", "5", "4"),
    "brawling": ("3", "5", "7*", "11*"),
    "speed": ("11*", "9*", "7", "5"),
    "toughness": ("4", "6", "8*", "10*"),
}
# One pytest.param(trait, athlete_type, maximum, starred) per cell of the table.
TRAIT_CELLS = [
    pytest.param(trait, athlete_type, int(cell.rstrip("*")), cell.endswith("*"), id=f"{trait}-{athlete_type}-{cell}")
    for trait, row in TRAIT_TABLE.items()
    for athlete_type, cell in zip(ATHLETE_TYPES, row, strict=True)
]

# Support Staff: slug, name, cost in credits, maximum per team (None: no maximum).
STAFF_TABLE = [
    ("cheerleader", "Cheerleader", 100_000, None),
    ("defensive-coach", "Defensive Coach", 500_000, 1),
    ("mascot", "Mascot", 100_000, 1),
    ("maverick-agent", "Maverick Agent", 50_000, 1),
    ("offensive-coach", "Offensive Coach", 500_000, 1),
    ("physician", "Physician", 200_000, 1),
]
STAFF_IDS = [row[0] for row in STAFF_TABLE]

# Mavericks: "The following mavericks are included in the game: Gibraltar, Fugue, Simba Khan, and Toccata."
MAVERICKS = {"gibraltar": "Gibraltar", "fugue": "Fugue", "simba-khan": "Simba Khan", "toccata": "Toccata"}
