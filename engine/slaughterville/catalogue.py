"""A group's catalogue: the characters, villains and locations its sessions are played with. The transcription
names none of them (GAPS.md), so each group keeps its own lists, typed or imported as YAML or JSON.

The format (the shape `catalogue_to_data` writes and `parse_catalogue_data` reads)::

    characters:
      - slug: final-girl          # lower-case letters and digits joined by hyphens, unique in its list
        name: The Final Girl      # 1 to 100 characters
    locations:
      - slug: summer-camp
        name: Summer Camp
    villains:
      - slug: the-butcher
        name: The Butcher
        location: summer-camp     # optional: the location its Villain Starting Area makes mandatory

An import is all or nothing: every bad entry or field is one violation naming it (`villains[1].location`), and
nothing is kept unless there is none. The file is read by engine.core.datafile, which refuses YAML aliases and
anchors (a catalogue is plain lists, and an alias can make a small file expand into a huge one), deep nesting and
the rest it names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.datafile import TextFormat, load_text
from engine.core.violations import Violation, raise_if_any

SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
SLUG_LENGTH = 40
NAME_LENGTH = 100
LISTS = ("characters", "locations", "villains")
MAX_BYTES = 200_000  # a file's size
SHAPE = "The catalogue is a mapping with characters, locations and villains."


@dataclass(frozen=True)
class Entry:
    """A character or a location."""

    slug: str
    name: str


@dataclass(frozen=True)
class Villain:
    slug: str
    name: str
    location: str | None  # Setup 4: the location its Villain Starting Area lists, if any


@dataclass(frozen=True)
class Catalogue:
    characters: tuple[Entry, ...]
    locations: tuple[Entry, ...]
    villains: tuple[Villain, ...]

    def character(self, slug: str) -> Entry | None:
        return next((c for c in self.characters if c.slug == slug), None)

    def location(self, slug: str) -> Entry | None:
        return next((loc for loc in self.locations if loc.slug == slug), None)

    def villain(self, slug: str) -> Villain | None:
        return next((v for v in self.villains if v.slug == slug), None)

    def names(self) -> dict[str, str]:
        """Every slug's name, for pages and sheets."""
        entries: tuple[Entry | Villain, ...] = (*self.characters, *self.locations, *self.villains)
        return {e.slug: e.name for e in entries}


def _slug_error(value: Any) -> str | None:
    ok = isinstance(value, str) and len(value) <= SLUG_LENGTH and SLUG.fullmatch(value) is not None
    return None if ok else f"must be lower-case letters and digits joined by hyphens, at most {SLUG_LENGTH} characters."


def _name_error(value: Any) -> str | None:
    ok = isinstance(value, str) and 0 < len(value.strip()) <= NAME_LENGTH
    return None if ok else f"must be a name of 1 to {NAME_LENGTH} characters."


def _entries(raw: Any, what: str, fields: tuple[str, ...], problems: list[Violation]) -> list[dict[str, Any]]:
    """The list's entries with their fields checked; an entry with any bad field is left out (and named)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(Violation("catalogue-shape", what, f"{what} is a list."))
        return []
    clean: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        at = f"{what}[{index}]"
        if not isinstance(entry, Mapping):
            problems.append(Violation("catalogue-entry", at, "Each entry is a mapping of fields."))
            continue
        found = len(problems)
        problems += [
            Violation("catalogue-field-unknown", f"{at}.{key}", f"{key} is not a field here.")
            for key in entry
            if key not in fields
        ]
        for key, check in (("slug", _slug_error), ("name", _name_error)):
            if entry.get(key) is None:
                problems.append(Violation("catalogue-field-missing", f"{at}.{key}", f"{key} is required."))
            elif error := check(entry[key]):
                problems.append(Violation("catalogue-field-invalid", f"{at}.{key}", f"{key} {error}"))
        if "location" in fields and entry.get("location") is not None and (error := _slug_error(entry["location"])):
            problems.append(Violation("catalogue-field-invalid", f"{at}.location", f"location {error}"))
        if len(problems) > found:
            continue
        if entry["slug"] in seen:
            problems.append(Violation("catalogue-duplicate", f"{at}.slug", f"{entry['slug']} is listed twice in {what}."))
            continue
        seen.add(entry["slug"])
        clean.append({**entry, "name": entry["name"].strip(), "index": index})
    return clean


def parse_catalogue_data(data: Any) -> Catalogue:
    """A catalogue from its plain shape (the YAML or JSON file, or what the database stores): every problem at once."""
    if not isinstance(data, Mapping):
        raise_if_any([Violation("catalogue-shape", "", SHAPE)])
    problems = [
        Violation("catalogue-field-unknown", str(key), f"{key} is not a list here; use {', '.join(LISTS)}.")
        for key in data
        if key not in LISTS
    ]
    characters = _entries(data.get("characters"), "characters", ("slug", "name"), problems)
    locations = _entries(data.get("locations"), "locations", ("slug", "name"), problems)
    villains = _entries(data.get("villains"), "villains", ("slug", "name", "location"), problems)
    known = {loc["slug"] for loc in locations}
    problems += [
        Violation(
            "catalogue-location-unknown",
            f"villains[{v['index']}].location",
            f"{v['location']} is not one of the catalogue's locations.",
        )
        for v in villains
        if v.get("location") is not None and v["location"] not in known
    ]
    raise_if_any(problems)
    return Catalogue(
        tuple(Entry(c["slug"], c["name"]) for c in characters),
        tuple(Entry(loc["slug"], loc["name"]) for loc in locations),
        tuple(Villain(v["slug"], v["name"], v.get("location")) for v in villains),
    )


def parse_catalogue(text: str, fmt: TextFormat) -> Catalogue:
    """Import a catalogue (the format is in this module's docstring); RuleViolation with every problem."""
    return parse_catalogue_data(load_text(text, fmt, code="catalogue", max_bytes=MAX_BYTES, shape=SHAPE))


def catalogue_to_data(catalogue: Catalogue) -> dict[str, Any]:
    """The plain shape, to store or to edit; `parse_catalogue_data` reads it back unchanged."""
    return {
        "characters": [{"slug": c.slug, "name": c.name} for c in catalogue.characters],
        "locations": [{"slug": loc.slug, "name": loc.name} for loc in catalogue.locations],
        "villains": [
            {"slug": v.slug, "name": v.name, **({"location": v.location} if v.location else {})} for v in catalogue.villains
        ],
    }
