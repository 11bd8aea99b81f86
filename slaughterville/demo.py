"""The Slaughterville demo group that `seed_demo` creates: an invented catalogue (the transcription names no
character, villain or location), four members and three sessions, one of them awaiting confirmation."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from leagues.models import League
from leagues.services import league_create
from slaughterville.services import catalogue_import, member_join, session_confirm, session_log_create

DEMO_GROUP = "Pitside Slaughterville Demo Group"
# Invented for the demo, not the game's: a group types or imports its own.
DEMO_CATALOGUE = """\
characters:
  - {slug: camp-counsellor, name: Camp Counsellor}
  - {slug: retired-sheriff, name: Retired Sheriff}
  - {slug: skeptic, name: The Skeptic}
  - {slug: local-priest, name: Local Priest}
  - {slug: prom-queen, name: Prom Queen}
  - {slug: drifter, name: The Drifter}
locations:
  - {slug: lakeside-camp, name: Lakeside Camp}
  - {slug: old-mill, name: Old Mill}
  - {slug: chapel, name: Chapel}
  - {slug: roadside-diner, name: Roadside Diner}
  - {slug: motel, name: Motel}
  - {slug: high-school, name: High School}
  - {slug: cornfield, name: Cornfield}
villains:
  - {slug: hooked-stranger, name: The Hooked Stranger, location: lakeside-camp}
  - {slug: pale-choir, name: The Pale Choir}
"""
MEMBERS = [("coach1", "Ash"), ("coach2", "Laurie"), ("coach3", "Nancy"), ("coach4", "Sidney")]
TOWN = ["old-mill", "chapel", "roadside-diner", "motel", "high-school"]


def seed_demo(users: Mapping[str, Any]) -> str:
    """The demo group: its catalogue, four members, two confirmed sessions and one awaiting confirmation;
    safe to run again."""
    if League.objects.filter(name=DEMO_GROUP).exists():
        return f"{DEMO_GROUP} already exists."
    league = league_create(user=users["commissioner"], name=DEMO_GROUP, game_system="slaughterville", options={})
    catalogue_import(league=league, user=users["commissioner"], fmt="yaml", text=DEMO_CATALOGUE)
    member = {username: member_join(league=league, coach=users[username], name=name).pk for username, name in MEMBERS}
    ash, laurie, nancy = member["coach1"], member["coach2"], member["coach3"]
    logs: list[tuple[str, list[tuple[int, str | None]], str, list[str], str, int]] = [
        (
            "coach1",
            [(ash, "camp-counsellor"), (laurie, "retired-sheriff")],
            "hooked-stranger",
            ["lakeside-camp", *TOWN],
            "players",
            11,
        ),
        ("coach2", [(laurie, "skeptic"), (nancy, None)], "pale-choir", [*TOWN, "cornfield"], "villain", 8),
        ("coach3", [(nancy, "prom-queen"), (ash, "drifter"), (laurie, None)], "pale-choir", ["cornfield", *TOWN], "players", 14),
    ]
    for day, (logger, players, villain, locations, outcome, turns) in enumerate(logs, start=1):
        session, _ = session_log_create(
            league=league,
            user=users[logger],
            played_on=datetime.date(2026, 1, 7 * day),
            players=[{"member": m, "character": c} for m, c in players],
            villain=villain,
            locations=locations,
            first_player=players[0][0],
            outcome=outcome,
            turns=turns,
            clues=turns // 3,
            defeated=1 if outcome == "villain" else 0,
        )
        if day < len(logs):  # the last one awaits the other players' confirmation
            for m, _ in players[1:]:
                session_confirm(session_id=session.pk, user=session.sides.get(team_id=m).team.coach)
    return f"Created {DEMO_GROUP} with {len(MEMBERS)} members and {len(logs)} sessions (an invented demo catalogue)."
