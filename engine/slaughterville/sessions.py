"""A session's log and the setup rules it must keep (rulebook: Game Overview, Setup), and the random deal of
characters (Setup 2), rolled through a DiceSource."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.dice import DiceSource
from engine.core.violations import Violation, raise_if_any
from engine.slaughterville.catalogue import Catalogue

# Game Overview: "1-6 PLAYERS".
MIN_PLAYERS, MAX_PLAYERS = 1, 6
# Setup 4: "Next six LOCATIONS will be chosen ... The maximum number of LOCATIONS is six."
LOCATIONS_IN_PLAY = 6
# Villains: the players win when the villain is defeated; else the villain wins.
OUTCOMES = {"players": "The players", "villain": "The villain"}
# The rulebook sets no limit on turns or clues ("There is no limit to the number of CLUES"): Pitside's bounds
# only keep a typo (a turn count of 10,000) out of the statistics.
MAX_TURNS = 999
MAX_CLUES = 999


@dataclass(frozen=True)
class Seat:
    """A player of the session: the group's member (his id) and his character; None before it is dealt."""

    member: int
    character: str | None


@dataclass(frozen=True)
class SessionLog:
    """What a session's log says of its setup and its end. The numbers come from a request as they were typed,
    so they are checked as whole numbers here."""

    seats: tuple[Seat, ...]
    villain: str
    locations: tuple[str, ...]
    first_player: int
    outcome: str
    turns: Any
    clues: Any
    defeated: Any


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(path: str, value: Any, low: int, high: int, what: str) -> list[Violation]:
    if _whole(value, low, high):
        return []
    return [Violation(f"{path}-invalid", path, f"{what} is a whole number from {low} to {high}.")]


def _players(catalogue: Catalogue, log: SessionLog, members: frozenset[int]) -> list[Violation]:
    """Game Overview, 1-6 players; Setup 2, a character each, never the same one twice."""
    problems = []
    if not MIN_PLAYERS <= len(log.seats) <= MAX_PLAYERS:
        problems.append(
            Violation("players-count", "players", f"A session has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(log.seats)}.")
        )
    members_seen: set[int] = set()
    characters_seen: set[str] = set()
    for index, seat in enumerate(log.seats):
        at = f"players[{index}]"
        if seat.member not in members:
            problems.append(Violation("player-not-member", f"{at}.member", "This player is not a member of the group."))
        elif seat.member in members_seen:
            problems.append(Violation("player-twice", f"{at}.member", "A member plays one character in a session."))
        members_seen.add(seat.member)
        if seat.character is None:
            continue
        if catalogue.character(seat.character) is None:
            problems.append(
                Violation("character-unknown", f"{at}.character", f"{seat.character} is not a character of the catalogue.")
            )
        elif seat.character in characters_seen:
            problems.append(Violation("character-twice", f"{at}.character", "No two players play the same character."))
        characters_seen.add(seat.character)
    to_deal = sum(seat.character is None for seat in log.seats)
    left = len({c.slug for c in catalogue.characters} - characters_seen)
    if to_deal > left:
        problems.append(
            Violation(
                "characters-short",
                "players",
                f"{to_deal} characters are to be dealt at random, but the catalogue has {left} left.",
            )
        )
    return problems


def _locations(catalogue: Catalogue, log: SessionLog) -> list[Violation]:
    """Setup 3 and 4: the villain, then six locations, none twice, the villain's mandatory location first."""
    villain = catalogue.villain(log.villain)
    problems = []
    if villain is None:
        problems.append(
            Violation("villain-unknown", "villain", f"{log.villain or 'No villain'} is not a villain of the catalogue.")
        )
    if len(log.locations) != LOCATIONS_IN_PLAY:
        problems.append(
            Violation("locations-count", "locations", f"Six locations are in play, in order, not {len(log.locations)}.")
        )
    seen: set[str] = set()
    for index, slug in enumerate(log.locations):
        at = f"locations[{index}]"
        if catalogue.location(slug) is None:
            problems.append(Violation("location-unknown", at, f"{slug or 'No location'} is not a location of the catalogue."))
        elif slug in seen:
            problems.append(Violation("location-twice", at, "A location is in play once."))
        seen.add(slug)
    if villain is not None and villain.location is not None and log.locations[:1] != (villain.location,):
        problems.append(
            Violation(
                "location-mandatory-first",
                "locations[0]",
                f"{villain.name}'s Villain Starting Area lists "
                f"{catalogue.names().get(villain.location, villain.location)}: it is the first location.",
            )
        )
    return problems


def check_setup(catalogue: Catalogue, log: SessionLog, members: frozenset[int]) -> None:
    """Setup, and the log's end: every problem at once, each naming its field. A seat without a character is
    one to deal at random (Setup 2), so the catalogue must have enough characters left."""
    problems = _players(catalogue, log, members) + _locations(catalogue, log)
    if log.first_player not in {seat.member for seat in log.seats}:
        problems.append(Violation("first-player-not-playing", "first_player", "The first player is one of the players."))
    if log.outcome not in OUTCOMES:
        problems.append(Violation("outcome-invalid", "outcome", "The outcome is players (they won) or villain."))
    problems += _number("turns", log.turns, 1, MAX_TURNS, "Turns played")
    problems += _number("clues", log.clues, 0, MAX_CLUES, "Clues found")
    problems += _number("defeated", log.defeated, 0, len(log.seats), "Characters defeated (at most one per player)")
    raise_if_any(problems)


def deal_characters(catalogue: Catalogue, log: SessionLog, dice: DiceSource) -> SessionLog:
    """Setup 2, a random character: the characters nobody chose are shuffled and one is dealt to each player
    without one, in seat order (a die with as many sides as characters left, `deal.<seat>`). Call it on a log
    check_setup accepted."""
    left = [c.slug for c in catalogue.characters if c.slug not in {s.character for s in log.seats}]
    seats = []
    for index, seat in enumerate(log.seats):
        if seat.character is None:
            (die,) = dice.roll(f"deal.{index}", "character", 1, subject=seat.member, sides=len(left))
            seat = replace(seat, character=left.pop(die - 1))
        seats.append(seat)
    return replace(log, seats=tuple(seats))
