"""Reads of Slaughterville groups: the catalogue as the engine's facts, members, sessions and statistics."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from engine.slaughterville import statistics as stats
from engine.slaughterville.catalogue import Catalogue, Entry
from engine.slaughterville.catalogue import Villain as VillainFacts
from engine.slaughterville.ruleset import RULESET
from engine.slaughterville.sessions import Seat, SessionLog
from games.models import Game
from leagues.models import League
from leagues.selectors import league_list
from rosters.models import Team
from slaughterville.models import Character, Location, Session, SessionSide, Tally, Villain


def league_get(league_id: Any) -> League:
    """A Slaughterville group, or 404."""
    return get_object_or_404(league_list().filter(game_system=RULESET.slug), pk=league_id)


def catalogue_of(league: League) -> Catalogue:
    """The group's catalogue as the engine reads it (three queries)."""
    return Catalogue(
        tuple(Entry(c.slug, c.name) for c in Character.objects.filter(league=league)),
        tuple(Entry(loc.slug, loc.name) for loc in Location.objects.filter(league=league)),
        tuple(
            VillainFacts(v.slug, v.name, v.location.slug if v.location else None)
            for v in Villain.objects.filter(league=league).select_related("location")
        ),
    )


def members(league: League) -> QuerySet[Team]:
    """The group's members (their teams), by name, with their user."""
    return Team.objects.filter(league=league).select_related("coach").order_by("name", "id")


def member_of(league: League, user: Any) -> Team | None:
    """The user's membership of the group, if he joined it."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Team.objects.filter(league=league, coach=user).first()


def sessions(league: League) -> QuerySet[Session]:
    """The group's sessions, the latest played first, with their players."""
    sides = SessionSide.objects.select_related("team__coach")
    return (
        Session.objects.filter(league=league)
        .select_related("first_player", "submitted_by")
        .prefetch_related(Prefetch("sides", queryset=sides))
    )


def sessions_listed() -> QuerySet[Session]:
    """Sessions with their group and players, as a list of them reads them."""
    sides = SessionSide.objects.select_related("team__coach")
    return Session.objects.select_related("league", "first_player", "submitted_by").prefetch_related(
        Prefetch("sides", queryset=sides)
    )


def sessions_loaded() -> QuerySet[Session]:
    """Sessions with what sessions_listed reads, their group's commissioners and their history, as the lifecycle
    reads them."""
    return sessions_listed().prefetch_related("league__commissioners", "events__user")


def session_load(session_id: Any) -> Session | None:
    """A session with what sessions_loaded reads."""
    return sessions_loaded().filter(pk=session_id).first()


def session_get(session_id: Any) -> Session:
    """A session, or 404."""
    session = session_load(session_id)
    if session is None:
        raise Http404("No such session.")
    return session


def session_log(session: Session) -> SessionLog:
    """A session as the engine's log."""
    return SessionLog(
        seats=tuple(Seat(side.team_id, side.character) for side in session.sides.all()),
        villain=session.villain,
        locations=tuple(session.locations),
        first_player=session.first_player_id,
        outcome=session.outcome,
        turns=session.turns,
        clues=session.clues,
        defeated=session.defeated,
    )


@dataclass(frozen=True)
class Row:
    """One line of a statistics table: a villain, character, player count, location or member, named."""

    key: str | int
    name: str
    played: int
    won: int  # sessions the players won
    percent: int

    @property
    def lost(self) -> int:
        return self.played - self.won


@dataclass(frozen=True)
class GroupStatistics:
    sessions: int
    won: int
    villains: list[Row]
    characters: list[Row]
    player_counts: list[Row]
    locations: list[Row]
    members: list[Row]
    longest: list[stats.Timed]
    shortest: list[stats.Timed]


def session_facts(session: Session) -> stats.SessionFacts:
    """A session (its players read) as the engine's statistics count it."""
    return stats.SessionFacts(
        id=session.pk,
        played_on=session.played_on,
        players=tuple((side.team_id, side.character) for side in session.sides.all()),
        villain=session.villain,
        locations=tuple(session.locations),
        players_won=session.outcome == "players",
        turns=session.turns,
    )


def _tallies(league: League) -> stats.Tallies:
    """The group's stored tallies (slaughterville.models.Tally, a row per key) and its longest and shortest sessions:
    two queries, no session counted."""
    rows: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    for kind, key, played, won in Tally.objects.filter(league=league).values_list("kind", "key", "played", "won"):
        rows[kind].append((key, played, won))
    turns = [int(key) for key, _, _ in rows["turns"]]
    lengths = (
        Session.objects.filter(league=league, state=Game.State.CONFIRMED, turns__in=[max(turns), min(turns)])
        .order_by()
        .values_list("pk", "played_on", "turns")
        if turns
        else []
    )
    sessions, won = rows["sessions"][0][1:] if rows["sessions"] else (0, 0)

    def rates[K](kind: str, key_of: Callable[[str], K]) -> list[stats.WinRate[K]]:
        return [stats.WinRate(key_of(key), played, won) for key, played, won in rows[kind]]

    return stats.Tallies(
        sessions=sessions,
        won=won,
        villains=rates("villain", str),
        characters=rates("character", str),
        player_counts=rates("players", int),
        locations=rates("location", str),
        members=[stats.MemberRecord(r.key, r.played, r.won) for r in rates("member", int)],
        lengths=[stats.GameLength(*row) for row in lengths],
    )


def group_statistics(league: League) -> GroupStatistics:
    """Statistics of the group's confirmed sessions (engine.slaughterville.statistics, from their tallies), named: a
    slug no longer in the catalogue shows as itself."""
    figures = stats.statistics_of(_tallies(league))
    names = catalogue_of(league).names()
    member_names = dict(Team.objects.filter(league=league).values_list("pk", "name"))

    def named(rates: Sequence[stats.WinRate[str]]) -> list[Row]:
        return [Row(r.key, names.get(r.key, r.key), r.played, r.won, r.percent) for r in rates]

    return GroupStatistics(
        sessions=figures.sessions,
        won=figures.won,
        villains=named(figures.villains),
        characters=named(figures.characters),
        player_counts=[
            Row(r.key, f"{r.key} player{'' if r.key == 1 else 's'}", r.played, r.won, r.percent) for r in figures.player_counts
        ],
        locations=named(figures.locations),
        members=[Row(r.member, member_names.get(r.member, ""), r.played, r.won, r.percent) for r in figures.members],
        longest=figures.longest,
        shortest=figures.shortest,
    )
