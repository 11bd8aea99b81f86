"""The group's stored tallies (slaughterville.models.Tally): after every write that confirms or voids a session, and on
a seeded group, they are the counts of its confirmed sessions, and the statistics read from them are those the
engine computes from the sessions themselves."""

from __future__ import annotations

import datetime
import importlib
from typing import Any

import pytest
from django.apps import apps

from engine.slaughterville import statistics as stats
from games.models import Game
from leagues.models import League
from slaughterville.large import seed_large
from slaughterville.models import Tally
from slaughterville.selectors import _tallies, session_facts, sessions
from slaughterville.services import session_approve, session_confirm, session_dispute, session_log_create, session_void
from tests.slaughterville.conftest import TOWN, session_log

pytestmark = pytest.mark.django_db


def stored(league: League) -> dict[tuple[str, str], tuple[int, int]]:
    return {(t.kind, t.key): (t.played, t.won) for t in Tally.objects.filter(league=league)}


def confirmed(league: League) -> list[stats.SessionFacts]:
    return [session_facts(s) for s in sessions(league).filter(state=Game.State.CONFIRMED)]


def recounted(league: League) -> dict[tuple[str, str], tuple[int, int]]:
    """The counts recomputed from the group's confirmed sessions."""
    return {(kind, str(key)): (rate.played, rate.won) for (kind, key), rate in stats.tally(confirmed(league)).items()}


def log(league: League, user: Any, ash: Any, laurie: Any, **changes: Any) -> int:
    fields = {**session_log(ash, laurie), "played_on": datetime.date(2026, 1, 9), **changes}
    session, _ = session_log_create(league=league, user=user, **fields)
    return session.pk


def test_confirming_and_voiding_keep_the_tallies_equal_to_the_sessions(group, ash, laurie, coach, rival, commissioner):
    assert stored(group) == {}
    first = log(group, coach, ash, laurie)
    assert stored(group) == {}  # awaiting confirmation: it does not count
    session_confirm(session_id=first, user=rival)
    assert stored(group) == recounted(group)
    assert stored(group)["sessions", ""] == (1, 1)
    solo = log(group, coach, ash, laurie, players=[{"member": ash.pk, "character": None}], outcome="villain", turns=7)
    disputed = log(group, coach, ash, laurie, villain="hooked-stranger", locations=["lakeside-camp", *TOWN[:5]])
    session_dispute(session_id=disputed, user=rival, reason="Not that villain.")
    session_approve(session_id=disputed, user=commissioner)
    assert stored(group) == recounted(group)
    assert stored(group)["sessions", ""] == (3, 2)

    session_void(session_id=solo, user=commissioner, reason="Not played.")

    assert stored(group) == recounted(group)
    assert ("turns", "7") not in stored(group)  # a key no confirmed session has is gone
    session_void(session_id=first, user=commissioner, reason="Wrong group.")
    session_void(session_id=disputed, user=commissioner, reason="Wrong group.")
    assert stored(group) == {}


def test_a_seeded_group_is_counted_and_its_statistics_are_the_engines():
    league = seed_large(6, 4)

    assert stored(league) == recounted(league)
    from_tallies, from_sessions = stats.statistics_of(_tallies(league)), stats.statistics(confirmed(league))
    for figure in ("sessions", "won", "villains", "characters", "player_counts", "locations", "members"):
        assert getattr(from_tallies, figure) == getattr(from_sessions, figure), figure
    for lengths in ("longest", "shortest"):
        timed = [[(s.id, s.played_on, s.turns) for s in getattr(figures, lengths)] for figures in (from_tallies, from_sessions)]
        assert timed[0] == timed[1]


def test_the_migration_counts_the_sessions_confirmed_before():
    league = seed_large(5, 3)
    counted = stored(league)
    Tally.objects.all().delete()

    importlib.import_module("slaughterville.migrations.0002_tally").count_confirmed_sessions(apps, None)

    assert stored(league) == counted == recounted(league)
