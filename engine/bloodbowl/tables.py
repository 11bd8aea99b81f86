"""The Death Zone rule tables, loaded once from data/ into typed objects.

Every printed table lives in one TOML file in data/; this module only reads them. Rules look a
value up with `band` (the row whose range holds it) or by key.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Level:
    """One row of a Star Player Progression Table: from this many SPP, the title and rolls earned in all."""

    from_spp: int
    title: str
    rolls: int


@dataclass(frozen=True)
class RangeRow:
    """One row of a dice table: the rolls from `low` to `high` (inclusive) give `result`."""

    low: int
    high: int
    result: str
    kind: str = ""
    name: str = ""
    text: str = ""


@dataclass(frozen=True)
class Deck:
    slug: str
    name: str
    size: int


@dataclass(frozen=True)
class Tables:
    spp: Mapping[str, int]
    progression: Mapping[str, tuple[Level, ...]]  # "normal" and "big_guy"
    star_player_roll: tuple[RangeRow, ...]
    aging: tuple[RangeRow, ...]
    handicap: tuple[tuple[int, int], ...]  # (smallest difference, bonus cards)
    special_play_cards: tuple[RangeRow, ...]  # result is the number of cards, as text
    decks: Mapping[str, Deck]
    magic_item_maximum: int
    fans_per_point: int
    gate_per_die: Mapping[str, int]  # stage -> modifier per die
    gold_per_point: int
    gate_from: tuple[int, ...]
    rating_from: tuple[int, ...]
    winnings_modifiers: tuple[tuple[int, ...], ...]
    negative_winnings: tuple[RangeRow, ...]
    fan_factor_down_at_most: int
    fan_factor_up_from: int
    fan_factor_minimum: int
    fan_factor_modifiers: Mapping[str, int]


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("engine.bloodbowl").joinpath("data", name).read_text("utf-8"))


def _rows(raw: Sequence[Mapping[str, Any]], result: str) -> tuple[RangeRow, ...]:
    return tuple(
        RangeRow(r["from"], r["to"], str(r[result]), r.get("kind", ""), r.get("name", ""), r.get("text", "")) for r in raw
    )


@functools.cache
def tables() -> Tables:
    progression = _load("progression.toml")
    special = _load("special_play.toml")
    gate = _load("gate.toml")
    winnings = _load("winnings.toml")
    fan_factor = _load("fan_factor.toml")
    return Tables(
        spp=_load("spp.toml"),
        progression={
            kind: tuple(Level(r["from"], r["title"], r["rolls"]) for r in progression[kind]) for kind in ("normal", "big_guy")
        },
        star_player_roll=_rows(_load("star_player_roll.toml")["rows"], "result"),
        aging=_rows(_load("aging.toml")["rows"], "effect"),
        handicap=tuple((r["from"], r["cards"]) for r in _load("handicap.toml")["rows"]),
        special_play_cards=_rows(special["cards"], "cards"),
        decks={slug: Deck(slug, d["name"], d["size"]) for slug, d in special["decks"].items()},
        magic_item_maximum=special["magic_item_maximum"],
        fans_per_point=gate["fans_per_point"],
        gate_per_die=gate["per_die"],
        gold_per_point=winnings["gold_per_point"],
        gate_from=tuple(winnings["gate_from"]),
        rating_from=tuple(winnings["rating_from"]),
        winnings_modifiers=tuple(tuple(row) for row in winnings["modifiers"]),
        negative_winnings=_rows(_load("negative_winnings.toml")["rows"], "effect"),
        fan_factor_down_at_most=fan_factor["down_at_most"],
        fan_factor_up_from=fan_factor["up_from"],
        fan_factor_minimum=fan_factor["minimum"],
        fan_factor_modifiers=fan_factor["modifiers"],
    )


def row_for(rows: Sequence[RangeRow], roll: int) -> RangeRow:
    """The row of a dice table that holds `roll` (ValueError when none does: check the dice first)."""
    for row in rows:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(f"no table row for a roll of {roll}")


def band(lower_bounds: Sequence[int], value: int) -> int:
    """The index of the band holding `value`, given each band's smallest value in increasing order."""
    return max(i for i, low in enumerate(lower_bounds) if low <= value) if value >= lower_bounds[0] else 0
