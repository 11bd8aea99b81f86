"""A small catalogue and a legal log to vary in engine tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.slaughterville.catalogue import Catalogue, Entry, Villain
from engine.slaughterville.sessions import Seat, SessionLog

CATALOGUE = Catalogue(
    characters=tuple(
        Entry(slug, slug.title()) for slug in ("final-girl", "jock", "nerd", "sheriff", "priest", "medium", "drifter")
    ),
    locations=tuple(Entry(slug, slug.title()) for slug in ("camp", "church", "diner", "farm", "motel", "woods", "school")),
    villains=(Villain("butcher", "The Butcher", "farm"), Villain("phantom", "The Phantom", None)),
)
MEMBERS = frozenset({1, 2, 3, 4, 5, 6, 7})


def log(**changes: Any) -> SessionLog:
    """A legal two-player log against the Phantom (no mandatory location), with `changes`."""
    base = SessionLog(
        seats=(Seat(1, "final-girl"), Seat(2, "jock")),
        villain="phantom",
        locations=("camp", "church", "diner", "farm", "motel", "woods"),
        first_player=1,
        outcome="players",
        turns=9,
        clues=4,
        defeated=1,
    )
    return replace(base, **changes)
