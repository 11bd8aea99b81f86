"""A group's statistics, from its confirmed sessions: win rates (per villain, character, player count and
location), each member's record, and the longest and shortest games. Pure functions of the sessions' facts.

The rulebook keeps no statistics; "a win" is always the players' win (the game is cooperative), and a game's
length is its turns played."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol


@dataclass(frozen=True)
class SessionFacts:
    """A confirmed session: its id, date, players ((member, character) in seat order), villain, locations,
    whether the players won, and its turns played."""

    id: int
    played_on: date
    players: tuple[tuple[int, str], ...]
    villain: str
    locations: tuple[str, ...]
    players_won: bool
    turns: int


class Timed(Protocol):
    """A session as its length reads it: a SessionFacts, or a GameLength read alone."""

    @property
    def id(self) -> int: ...
    @property
    def played_on(self) -> date: ...
    @property
    def turns(self) -> int: ...


@dataclass(frozen=True)
class GameLength:
    id: int
    played_on: date
    turns: int


@dataclass(frozen=True)
class WinRate[K: Hashable]:
    """Sessions played and won by the players, for one villain, character, player count or location."""

    key: K
    played: int
    won: int

    @property
    def percent(self) -> int:
        """The players' win rate, in whole percent (rounded half up)."""
        return (200 * self.won + self.played) // (2 * self.played)


@dataclass(frozen=True)
class MemberRecord:
    """A member's sessions: played, won and lost (the players' result)."""

    member: int
    played: int
    won: int

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def percent(self) -> int:
        return WinRate(self.member, self.played, self.won).percent if self.played else 0


# The keys each confirmed session counts once in, per kind of tally: the statistics are these counts (Tallies), which
# a group keeps as its sessions are confirmed and voided. "sessions" counts them all, "turns" per length.
COUNTED_IN: dict[str, Callable[[SessionFacts], Iterable[Hashable]]] = {
    "sessions": lambda s: [""],
    "villain": lambda s: [s.villain],
    "character": lambda s: [character for _, character in s.players],
    "players": lambda s: [len(s.players)],
    "location": lambda s: s.locations,
    "member": lambda s: [member for member, _ in s.players],
    "turns": lambda s: [s.turns],
}


def tally(sessions: Iterable[SessionFacts]) -> dict[tuple[str, Hashable], WinRate[Hashable]]:
    """The sessions played and won by the players per kind and key of COUNTED_IN: each session once per key it has."""
    played: dict[tuple[str, Hashable], int] = defaultdict(int)
    won: dict[tuple[str, Hashable], int] = defaultdict(int)
    for session in sessions:
        for kind, keys in COUNTED_IN.items():
            for key in set(keys(session)):
                played[kind, key] += 1
                won[kind, key] += session.players_won
    return {(kind, key): WinRate(key, played[kind, key], won[kind, key]) for kind, key in played}


def _rates[K: Hashable](sessions: Iterable[SessionFacts], kind: str) -> list[WinRate[K]]:
    """Win rates per key of one kind, ranked."""
    return ranked([rate for (counted, _), rate in tally(sessions).items() if counted == kind])  # type: ignore[misc]


def ranked[K: Hashable](rates: Iterable[WinRate[K]]) -> list[WinRate[K]]:
    """Win rates, most played first, then the higher rate."""
    return sorted(rates, key=lambda r: (-r.played, -r.won / r.played, str(r.key)))


def by_count(rates: Iterable[WinRate[int]]) -> list[WinRate[int]]:
    """Per number of players, from 1 up (not by most played: the counts read as a scale)."""
    return sorted(rates, key=lambda r: r.key)


def by_villain(sessions: Iterable[SessionFacts]) -> list[WinRate[str]]:
    return _rates(sessions, "villain")


def by_character(sessions: Iterable[SessionFacts]) -> list[WinRate[str]]:
    return _rates(sessions, "character")


def by_player_count(sessions: Iterable[SessionFacts]) -> list[WinRate[int]]:
    return by_count(_rates(sessions, "players"))


def by_location(sessions: Iterable[SessionFacts]) -> list[WinRate[str]]:
    return _rates(sessions, "location")


def member_records(sessions: Iterable[SessionFacts]) -> list[MemberRecord]:
    """Each member who played: sessions played and won, unordered (standings_order orders them)."""
    rates: list[WinRate[int]] = _rates(sessions, "member")
    return [MemberRecord(r.key, r.played, r.won) for r in rates]


def order_records(records: Sequence[MemberRecord]) -> list[MemberRecord]:
    """Members by record: most sessions won, then the higher win rate, then most played, then by id."""
    return sorted(records, key=lambda r: (-r.won, -(r.won / r.played if r.played else 0), -r.played, r.member))


def longest[S: Timed](sessions: Sequence[S]) -> list[S]:
    """The sessions with the most turns played (every one that ties), earliest first."""
    most = max((s.turns for s in sessions), default=None)
    return sorted((s for s in sessions if s.turns == most), key=lambda s: (s.played_on, s.id))


def shortest[S: Timed](sessions: Sequence[S]) -> list[S]:
    """The sessions with the fewest turns played (every one that ties), earliest first."""
    fewest = min((s.turns for s in sessions), default=None)
    return sorted((s for s in sessions if s.turns == fewest), key=lambda s: (s.played_on, s.id))


@dataclass(frozen=True)
class Statistics:
    sessions: int
    won: int
    villains: list[WinRate[str]]
    characters: list[WinRate[str]]
    player_counts: list[WinRate[int]]
    locations: list[WinRate[str]]
    members: list[MemberRecord]
    longest: list[Timed]
    shortest: list[Timed]


@dataclass(frozen=True)
class Tallies:
    """The confirmed sessions counted per key, by whoever reads them (the database, in one query each): sessions
    played and won per villain, character, player count, location and member, each session once per key it has;
    `lengths` holds at least every longest and every shortest session."""

    sessions: int
    won: int
    villains: Iterable[WinRate[str]]
    characters: Iterable[WinRate[str]]
    player_counts: Iterable[WinRate[int]]
    locations: Iterable[WinRate[str]]
    members: Iterable[MemberRecord]
    lengths: Sequence[Timed]


def statistics_of(tallies: Tallies) -> Statistics:
    """Every figure of the group's statistics page, from its tallies."""
    return Statistics(
        sessions=tallies.sessions,
        won=tallies.won,
        villains=ranked(tallies.villains),
        characters=ranked(tallies.characters),
        player_counts=by_count(tallies.player_counts),
        locations=ranked(tallies.locations),
        members=order_records(list(tallies.members)),
        longest=longest(tallies.lengths),
        shortest=shortest(tallies.lengths),
    )


def statistics(sessions: Sequence[SessionFacts]) -> Statistics:
    """Every figure of the group's statistics page, from its sessions."""
    return statistics_of(
        Tallies(
            sessions=len(sessions),
            won=sum(s.players_won for s in sessions),
            villains=by_villain(sessions),
            characters=by_character(sessions),
            player_counts=by_player_count(sessions),
            locations=by_location(sessions),
            members=member_records(sessions),
            lengths=sessions,
        )
    )
