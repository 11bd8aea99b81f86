"""The match page's report form, hand-written HTML of about 150 fields: each field's value and errors in one place.

The values come from the POST after a refusal, else from the report already in (so "Correct the report" starts
from what was reported). The input's errors (the serializer's and the engine's) name a path such as
`home.players[2].touchdowns`; `report_input` says which row of the form each path prefix came from, so each error
is shown beside its field, and the rest at the top of the form. The page opens at the first error (autofocus).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bloodbowl.models import Player
from engine.bloodbowl.report import EVENTS
from pitside.forms import Field, autofocus_first_field, errors_beside

INJURY_SLOTS = range(1, 5)
CHARACTERISTICS = ("ma", "st", "ag", "av")
EVENT_HEADINGS = {event: key.upper() for event, key in EVENTS.items()}  # the Star Player Points table's: TD, COMP, ...
# An error on a part of a row (a player's count, an injury's detail) is shown beside the row, named by its label.
PART_LABELS = {
    **EVENT_HEADINGS,
    "player": "Player",
    "niggling": "Niggling",
    "characteristics_lost": "Lost",
    "dead": "Dead",
    "miss_next_match": "Misses next match",
}


@dataclass
class PlayerRow:
    player: Player
    counts: list[tuple[str, str, Field]]  # (event, its heading, field)
    errors: list[str]


@dataclass
class InjuryRow:
    player: Field
    niggling: Field
    lost: Field
    dead: Field
    miss: Field
    errors: list[str]


@dataclass
class ReportSide:
    side: Any
    name: str
    score: Field
    casualties: Field
    mvp: Field
    players: list[PlayerRow]
    injuries: list[InjuryRow]

    @property
    def injuries_open(self) -> bool:
        """The injuries part starts open when one is filled in or refused, so what was typed is seen."""
        return any(row.player.value or row.errors for row in self.injuries)


@dataclass
class ReportForm:
    sides: list[ReportSide]
    errors: list[str]  # the errors no field shows, at the top of the form


def report_values(report: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's fields as a stored report fills them."""
    values: dict[str, Any] = {}
    for side in ("home", "away"):
        data = (report or {}).get(side) or {}
        values |= {f"{side}-{part}": data.get(part) for part in ("score", "casualties", "mvp")}
        for line in data.get("players", []):
            values |= {f"{side}-{line['player']}-{event}": line.get(event) for event in EVENTS}
        for slot, injury in zip(INJURY_SLOTS, data.get("injuries", []), strict=False):
            prefix = f"{side}-injury-{slot}"
            values |= {
                f"{prefix}-player": injury.get("player"),
                f"{prefix}-niggling": injury.get("niggling"),
                f"{prefix}-lost": next(iter(injury.get("characteristics_lost") or []), None),
                f"{prefix}-dead": "on" if injury.get("dead") else None,
                f"{prefix}-miss": "on" if injury.get("miss_next_match") else None,
            }
    return {name: str(value) for name, value in values.items() if value is not None}


def report_input(values: Mapping[str, Any], players: Mapping[str, list[Player]]) -> tuple[dict[str, Any], dict[str, str]]:
    """The form's values as the API's input, and where each of its paths came from (path -> the form's row or
    field): a line for each player with an event, an injury for each injury row filled in, score, casualties, MVP."""
    data: dict[str, Any] = {}
    where: dict[str, str] = {}
    for side, side_players in players.items():
        lines: list[dict[str, Any]] = []
        for player in side_players:
            events = {event: values.get(f"{side}-{player.pk}-{event}") or 0 for event in EVENTS}
            if any(str(v) != "0" for v in events.values()):
                where[f"{side}.players[{len(lines)}]"] = f"{side}-{player.pk}"
                lines.append({"player": player.pk, **events})
        injuries: list[dict[str, Any]] = []
        for slot in INJURY_SLOTS:
            prefix = f"{side}-injury-{slot}"
            if values.get(f"{prefix}-player"):
                where[f"{side}.injuries[{len(injuries)}]"] = prefix
                lost = values.get(f"{prefix}-lost")
                injuries.append(
                    {
                        "player": values.get(f"{prefix}-player"),
                        "niggling": values.get(f"{prefix}-niggling") or 0,
                        "characteristics_lost": [lost] if lost else [],
                        "dead": bool(values.get(f"{prefix}-dead")),
                        "miss_next_match": bool(values.get(f"{prefix}-miss")),
                    }
                )
        for part in ("score", "casualties", "mvp"):
            where[f"{side}.{part}"] = f"{side}-{part}"
        data[side] = {
            "score": values.get(f"{side}-score"),
            "casualties": values.get(f"{side}-casualties") or 0,
            "mvp": values.get(f"{side}-mvp") or None,
            "players": lines,
            "injuries": injuries,
        }
    return data, where


def error_paths(errors: Any, path: str = "") -> list[tuple[str, str]]:
    """A serializer's nested errors as (path, message), the path written as the engine writes it."""
    if isinstance(errors, dict):
        return [
            item
            for key, value in errors.items()
            for item in error_paths(value, f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}".lstrip("."))
        ]
    if isinstance(errors, list):
        if all(isinstance(value, dict) for value in errors):  # a list of items: each one's errors by its index
            return [item for i, value in enumerate(errors) for item in error_paths(value, f"{path}[{i}]")]
        return [item for value in errors for item in error_paths(value, path)]
    return [(path, str(errors))]


def report_form(
    sides: Iterable[Any],
    players: Mapping[str, list[Player]],
    values: Mapping[str, Any],
    errors: Iterable[tuple[str, str]] = (),
) -> ReportForm:
    """The report form: `values` by field name, each error beside the field (or row) its path names, else at the top."""
    _data, where = report_input(values, players)
    beside, top = errors_beside(errors, where, PART_LABELS)

    def one(name: str) -> Field:
        return Field(name, str(values.get(name) or ""), beside.get(name, []))

    form = ReportForm(sides=[], errors=top)
    for side in sides:
        name = "home" if side.home else "away"
        rows = [
            PlayerRow(
                player,
                [(event, short, one(f"{name}-{player.pk}-{event}")) for event, short in EVENT_HEADINGS.items()],
                beside.get(f"{name}-{player.pk}", []),
            )
            for player in players[name]
        ]
        injuries = []
        for slot in INJURY_SLOTS:
            prefix = f"{name}-injury-{slot}"
            parts = {part: one(f"{prefix}-{part}") for part in ("player", "niggling", "lost", "dead", "miss")}
            injuries.append(InjuryRow(**parts, errors=beside.get(prefix, [])))
        form.sides.append(
            ReportSide(side, name, one(f"{name}-score"), one(f"{name}-casualties"), one(f"{name}-mvp"), rows, injuries)
        )
    if not top:
        _focus_first_error(form)
    return form


def _focus_first_error(form: ReportForm) -> None:
    """The first field in error, in the page's order, takes the focus (a row's error: the row's first field)."""
    candidates: list[tuple[list[str], Field]] = []
    for side in form.sides:
        candidates += [(f.errors, f) for f in (side.score, side.casualties, side.mvp)]
        candidates += [(row.errors, row.counts[0][2]) for row in side.players]
        candidates += [(row.errors, row.player) for row in side.injuries]
    autofocus_first_field(candidates)
