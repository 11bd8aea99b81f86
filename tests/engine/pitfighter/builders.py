"""Facts for the Pit Fighter engine tests: a league's house values (the demo's, which are house values, not the
rulebook's) and fighters in a combat."""

from __future__ import annotations

from dataclasses import replace

from engine.pitfighter.campaign import Combat, FighterState
from engine.pitfighter.combat import ONE_AGAINST_ALL, CombatResult, Critical, Entry, Line
from engine.pitfighter.fighters import CHARACTERISTICS, PRINTED_ORDER, TYPES, HouseValues, starting_key

STARTING = {"ws": 10, "s": 10, "t": 10, "i": 10, "w": 20}
HOUSE = HouseValues(
    {
        **{starting_key(t, c): STARTING[c] for t in TYPES for c in CHARACTERISTICS},
        "skills.d66_order": list(PRINTED_ORDER),
        "skills.shield_bash.types": ["empire"],
    }
)


def entry(fighter: int, type_: str = "empire", *, stable: int | None = None, team: int = 0, **kwargs) -> Entry:
    return Entry(fighter, stable if stable is not None else fighter, f"F{fighter}", type_, team=team, **kwargs)


def state(fighter: int, type_: str = "empire", *, stable: int | None = None, **kwargs) -> FighterState:
    return FighterState(fighter, stable if stable is not None else fighter, type_, dict(STARTING), **kwargs)


def crit(chart: str, result: str, by: int, scar: int | None = None) -> Critical:
    return Critical(chart, result, by, scar)


def combat(style, entries, lines, winner=None, fighters=None, faster=False) -> Combat:
    if style in ONE_AGAINST_ALL:  # each his own team, as check_lineup makes them
        entries = [replace(e, team=i + 1) for i, e in enumerate(entries)]
    result = CombatResult(style, tuple(entries), tuple(lines), winner)
    states = fighters or {e.fighter: state(e.fighter, e.type, stable=e.stable) for e in entries}
    return Combat(result, states, faster, HOUSE)


def down(fighter: int, by: int | None, *criticals: Critical, wounds_left: bool = False) -> Line:
    return Line(fighter, by, tuple(criticals), wounds_left)
