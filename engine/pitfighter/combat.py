"""A combat: its style (8.3 New Styles Of Combat), the line-up the style allows (8.4: a fighter who must miss
this combat cannot take part), and the result's check (who took each fighter down, the critical damage he
suffered, the winner; 7.1 and 8.3: when the combat ends)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine.core.violations import Violation, raise_if_any
from engine.pitfighter.critical import CHARTS, SCAR_SIDES
from engine.pitfighter.fighters import CLASSIC, OGRE, PURSUER, TROLL_SLAYER, TYPES

CLASSIC_STYLE, PURSUIT, FREE, SIGMAR, ALLIANCE = "classic", "pursuit", "free", "sigmar", "alliance"
STYLE_NAMES: Mapping[str, str] = {
    CLASSIC_STYLE: "Classic",
    PURSUIT: "Pursuit",
    FREE: "Free",
    SIGMAR: "Sigmar",
    ALLIANCE: "Alliance",
}
ONE_AGAINST_ALL = (CLASSIC_STYLE, PURSUIT, FREE)  # "fought one against all until over half ... taken down"
SIGMAR_SIDES = (1, 3)  # "pits one Pit Fighter against three opponents"
ACTIVE = "active"


@dataclass(frozen=True)
class Entry:
    """A fighter in a line-up: his stable, his team (for Sigmar and Alliance; one against all, each his own),
    and what decides whether he may fight."""

    fighter: int
    stable: int
    name: str
    type: str
    team: int = 0
    pit_king: bool = False
    status: str = ACTIVE  # active, slain or retired
    misses: int = 0  # fights he must still miss
    points: int = 0  # characteristic points still to spread
    busy: bool = False  # in another combat whose result is not confirmed


def _allowed(style: str, entry: Entry) -> bool:
    """8.3: which fighters a style allows. A Pit King, a title of his own in the table, fights only where a
    style names Pit Kings (Sigmar, Alliance); Pitside's reading of Classic and Pursuit ("only classical style
    Pit Fighters", "only pursuer style")."""
    kind = TYPES[entry.type].kind
    if style == CLASSIC_STYLE:
        return kind in (CLASSIC, TROLL_SLAYER) and not entry.pit_king
    if style == PURSUIT:
        return kind in (PURSUER, TROLL_SLAYER) and not entry.pit_king
    if style == FREE:
        return kind != OGRE and not entry.pit_king
    return True


def _teams(entries: Sequence[Entry]) -> dict[int, list[Entry]]:
    teams: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        teams[entry.team].append(entry)
    return dict(teams)


def lineup_problems(style: str, entries: Sequence[Entry]) -> list[Violation]:
    if style not in STYLE_NAMES:
        return [Violation("style-unknown", "style", f"{style} is not a style of combat ({', '.join(STYLE_NAMES)}).")]
    problems: list[Violation] = []
    seen: set[int] = set()
    for index, entry in enumerate(entries):
        path = f"fighters[{index}]"
        if entry.fighter in seen:
            problems.append(Violation("fighter-twice", path, f"{entry.name} is in the line-up twice."))
        seen.add(entry.fighter)
        if entry.status != ACTIVE:
            problems.append(Violation("fighter-gone", path, f"{entry.name} is {entry.status}: he fights no more."))
        elif entry.misses:
            problems.append(
                Violation(
                    "fighter-must-miss",
                    path,
                    f"{entry.name} must miss {entry.misses} more fight{'s' if entry.misses > 1 else ''} of his stable "
                    "while he recovers.",
                )
            )
        elif entry.busy:
            problems.append(Violation("fighter-busy", path, f"{entry.name} is in a combat whose result is not confirmed yet."))
        if entry.points:
            problems.append(
                Violation("points-unspent", path, f"{entry.name} has {entry.points} characteristic point(s) to spread first.")
            )
        if not _allowed(style, entry):
            title = "A Pit King" if entry.pit_king else f"A {TYPES[entry.type].name}"
            problems.append(Violation("style-forbids", path, f"{title} cannot fight in the {STYLE_NAMES[style]} style."))
    if len(entries) < 2:
        problems.append(Violation("fighters-too-few", "fighters", "A combat needs at least two fighters."))
    if style in ONE_AGAINST_ALL:
        stables = [e.stable for e in entries]
        if len(set(stables)) < len(stables):
            problems.append(
                Violation(
                    "one-fighter-a-stable",
                    "fighters",
                    "One against all: each owner picks one Pit Fighter from his stable (8.4).",
                )
            )
        return problems
    teams = _teams(entries)
    for stable in {e.stable for e in entries}:
        if len({e.team for e in entries if e.stable == stable}) > 1:
            problems.append(
                Violation("stable-split", "fighters", "An owner's fighters fight as a single team (8.4): one team a stable.")
            )
            break
    sizes = sorted(len(team) for team in teams.values())
    if style == SIGMAR and tuple(sizes) != SIGMAR_SIDES:
        problems.append(Violation("sigmar-sides", "fighters", "The Sigmar style pits one Pit Fighter against three opponents."))
    if style == ALLIANCE:
        counts = {(sum(TYPES[e.type].kind == OGRE for e in t), sum(e.pit_king for e in t), len(t)) for t in teams.values()}
        if len(teams) < 2 or len(counts) > 1:
            problems.append(
                Violation(
                    "alliance-teams",
                    "fighters",
                    "An Alliance is two or more teams of equal size, with equal numbers of Ogres and of Pit Kings.",
                )
            )
    return problems


def check_lineup(style: str, entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """The line-up, every problem at once; one against all, each fighter is a team of his own."""
    raise_if_any(lineup_problems(style, entries))
    if style in ONE_AGAINST_ALL:
        return tuple(replace(e, team=i + 1) for i, e in enumerate(entries))
    return tuple(entries)


# --- The result ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Critical:
    """A critical damage result a fighter suffered: its chart and result, the opponent who inflicted it and,
    for Stunned & Scar, the D10 scar roll made at the table."""

    chart: str
    result: str
    by: int
    scar: int | None = None


@dataclass(frozen=True)
class Line:
    """A fighter's line of the result: who took him down (None: standing at the end), whether a KO'd result took
    him out with Wounds left (he then recovers in time for the next fight), his critical damage."""

    fighter: int
    taken_down_by: int | None
    criticals: tuple[Critical, ...] = ()
    wounds_left: bool = False


@dataclass(frozen=True)
class CombatResult:
    style: str
    entries: tuple[Entry, ...]
    lines: tuple[Line, ...]
    winner: int | None = None  # one against all: the winning fighter; Sigmar and Alliance: from the teams standing


def ends_after(fighters: int) -> int:
    """8.3: the combat is fought "until over half the Pit Fighters taking part have been taken down"; 7.1's winner is
    still standing, so in a duel one taken down ends it."""
    return min(fighters // 2 + 1, fighters - 1)


def _critical_problems(result: CombatResult, index: int, line: Line, entry: Entry, team_of: Mapping[int, int]) -> list[Violation]:
    problems = []
    slaying = 0
    legs_broken = 0
    for j, critical in enumerate(line.criticals):
        path = f"fighters[{index}].criticals[{j}]"
        chart = CHARTS.get(critical.chart)
        if chart is None:
            problems.append(
                Violation("chart-unknown", f"{path}.chart", f"{critical.chart} is not a chart ({', '.join(CHARTS)}).")
            )
            continue
        found = chart.results.get(critical.result)
        if found is None:
            problems.append(
                Violation("critical-unknown", f"{path}.result", f"{critical.result} is not a result of the {chart.name} chart.")
            )
            continue
        if critical.by not in team_of or team_of[critical.by] == team_of[entry.fighter]:
            problems.append(
                Violation("critical-by-invalid", f"{path}.by", "Critical damage is inflicted by an opponent in this combat.")
            )
        if found.scar != (critical.scar is not None):
            message = "Stunned & Scar needs its D10 scar roll." if found.scar else "Only Stunned & Scar takes a scar roll."
            problems.append(Violation("scar-roll", f"{path}.scar", message))
        elif critical.scar is not None and not 1 <= critical.scar <= SCAR_SIDES:
            problems.append(Violation("scar-roll", f"{path}.scar", f"The scar roll is a D10: 1 to {SCAR_SIDES}."))
        if found.taken_out and line.taken_down_by is None:
            problems.append(
                Violation("critical-takes-out", f"{path}.result", f"{found.name} takes {entry.name} out of the fight.")
            )
        if found.slain:
            slaying += 1
            if line.taken_down_by is not None and critical.by != line.taken_down_by:
                problems.append(
                    Violation("slayer-mismatch", f"{path}.by", "The opponent who slew him is the one who took him down.")
                )
        legs_broken += critical.result == "leg-broken"
    if slaying > 1:
        problems.append(Violation("slain-twice", f"fighters[{index}].criticals", f"{entry.name} can be slain only once."))
    if legs_broken >= 2 and line.taken_down_by is None:
        problems.append(
            Violation("critical-takes-out", f"fighters[{index}].criticals", "With both legs broken he is taken out of the fight.")
        )
    return problems


def result_problems(result: CombatResult) -> list[Violation]:
    entries = {e.fighter: e for e in result.entries}
    team_of = {e.fighter: e.team for e in result.entries}
    problems: list[Violation] = []
    lines = [line.fighter for line in result.lines]
    if sorted(lines) != sorted(entries):
        return [Violation("fighters-mismatch", "fighters", "Give one line for every fighter in the combat, and only them.")]
    for index, line in enumerate(result.lines):
        entry = entries[line.fighter]
        if line.taken_down_by is not None and (
            line.taken_down_by not in entries or team_of[line.taken_down_by] == team_of[line.fighter]
        ):
            problems.append(
                Violation(
                    "taken-down-by-invalid",
                    f"fighters[{index}].taken_down_by",
                    "A fighter is taken down by an opponent in this combat.",
                )
            )
        if line.wounds_left and not any(c.result == "kod" for c in line.criticals):
            problems.append(
                Violation(
                    "wounds-left", f"fighters[{index}].wounds_left", "Only a fighter KO'd can be taken out with Wounds left."
                )
            )
        problems += _critical_problems(result, index, line, entry, team_of)
    standing = [line.fighter for line in result.lines if line.taken_down_by is None]
    if result.style in ONE_AGAINST_ALL:
        down = len(result.lines) - len(standing)
        needed = ends_after(len(result.lines))
        if down < needed:
            problems.append(
                Violation(
                    "combat-not-over",
                    "fighters",
                    f"The combat goes on until over half the fighters are taken down: {needed} of "
                    f"{len(result.lines)}, not {down}.",
                )
            )
        if result.winner not in standing:
            problems.append(Violation("winner-invalid", "winner", "The winner is a fighter still standing at the end."))
    else:
        if len({team_of[f] for f in standing}) != 1:
            problems.append(
                Violation("combat-not-over", "fighters", "The combat goes on until only one side has anyone standing.")
            )
        if result.winner is not None:
            problems.append(Violation("winner-invalid", "winner", "The side with fighters standing wins: name no winner."))
    return problems


def check_result(result: CombatResult) -> None:
    raise_if_any(result_problems(result))


def winners(result: CombatResult) -> tuple[int, ...]:
    """The winning fighter, or every fighter of the winning side (a checked result)."""
    if result.style in ONE_AGAINST_ALL:
        return (result.winner,) if result.winner is not None else ()
    team_of = {e.fighter: e.team for e in result.entries}
    standing_team = next(team_of[line.fighter] for line in result.lines if line.taken_down_by is None)
    return tuple(e.fighter for e in result.entries if e.team == standing_team)
