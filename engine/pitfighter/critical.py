"""The Critical Damage charts (6.6; 8.0 makes the arms one location) and each result's campaign effect (8.4
Campaign Injuries), from data/critical.toml. Only the results above "None" are recorded."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

SCAR_SIDES = 10  # Scar: "Roll a D10"
SCAR_EAR, SCAR_EYE = 9, 10  # 9 = Ear hacked off, 10 = Blinded in one eye; 1-8 an impressive scar
TROPHY_TAKEDOWNS = 3  # Chest Ripped Open, Decapitated: "worth three opponents towards the five"


@dataclass(frozen=True)
class CriticalResult:
    slug: str
    name: str
    damage: str
    chart: str
    misses: int = 0
    injury: str = ""
    hatred: bool = False
    slain: bool = False
    trophy: bool = False
    taken_out: bool = False
    knocked_out: bool = False
    scar: bool = False


@dataclass(frozen=True)
class Chart:
    slug: str
    name: str
    results: dict[str, CriticalResult]


def _charts() -> dict[str, Chart]:
    data = tomllib.loads(resources.files("engine.pitfighter").joinpath("data", "critical.toml").read_text("utf-8"))
    return {
        chart["slug"]: Chart(
            chart["slug"],
            chart["name"],
            {row["slug"]: CriticalResult(chart=chart["slug"], **row) for row in chart["results"]},
        )
        for chart in data["chart"]
    }


CHARTS = _charts()


def critical_name(chart: str, result: str) -> str:
    """A recorded critical result in the rulebook's words: its chart's name and the result's ("Leg: Leg Hurt")."""
    found = CHARTS[chart]
    return f"{found.name}: {found.results[result].name}"
