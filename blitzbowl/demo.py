"""The Blitz Bowl demo league that `seed_demo` creates: three coaches and a short league (a house choice of
two matches each), its first round arranged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from blitzbowl.services import coach_signup, round_generate
from leagues.models import League
from leagues.services import league_create

BLITZ_BOWL_DEMO_LEAGUE = "Pitside Blitz Bowl Demo League"
COACHES = [("coach1", "Crush Hopefuls"), ("coach2", "Trapdoor Tumblers"), ("coach3", "Sudden Deathwatch")]
MATCHES = 2  # a house choice: a short demo league


def seed_demo(users: Mapping[str, Any]) -> str:
    """The Blitz Bowl demo league; safe to run again."""
    if League.objects.filter(name=BLITZ_BOWL_DEMO_LEAGUE).exists():
        return f"{BLITZ_BOWL_DEMO_LEAGUE} already exists."
    league = league_create(
        user=users["commissioner"], name=BLITZ_BOWL_DEMO_LEAGUE, game_system="blitzbowl", options={"matches": MATCHES}
    )
    for username, name in COACHES:
        coach_signup(league=league, coach=users[username], name=name)
    round_generate(league_id=league.pk, user=users["commissioner"])
    return f"{BLITZ_BOWL_DEMO_LEAGUE}: {len(COACHES)} coaches, {MATCHES} league matches each (a house choice)."
