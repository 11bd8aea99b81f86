"""Team lists and the skill list: league data, since the Death Zone transcription has neither (GAPS.md).

A commissioner imports them as YAML or CSV (or enters them in a page, which sends the YAML shape
as JSON). Import is all or nothing: every bad row or field is one violation, and nothing is kept
unless there is none.

YAML format (the shape `team_lists_to_data` writes and `parse_team_data` reads)::

    skills:                       # the skill list: every skill a player may start with or learn
      - slug: block               # lower-case words joined by hyphens, unique
        name: Block
        category: general         # general, agility, strength, passing, kicking, big-guy, physical
        trait: false              # true: a trait (bold on the reference card), taken on doubles only
    races:
      - slug: marsh-wardens
        name: Marsh Wardens
        reroll_cost: 60000        # gold pieces per Team Re-roll on the team list
        apothecary_allowed: true
        mutations: false          # true for Chaos and Skaven: Physical Abilities on doubles
        positions:
          - slug: reed-lineman
            name: Reed Lineman
            cost: 50000           # gold pieces
            max_count: 12         # the most a team may have, 0 or more
            ma: 6                 # MA, ST, AG, AV: whole numbers from 1 to 10
            st: 3
            ag: 3
            av: 8
            skills: [block]       # starting skills, from the skill list
            categories: [general] # normal skill access: general, agility, strength, passing, kicking, big-guy
            big_guy: false        # big guys progress by the Big Guy table; only they have big-guy access
            physical_on_doubles: false  # Rat Ogres and Minotaurs: a Physical Ability on doubles

``apothecary_allowed``, ``mutations``, ``skills``, ``big_guy`` and ``physical_on_doubles`` may be
left out (false / empty). Physical Abilities are never a normal category: players are born with
them (rulebook: Physical Abilities), so a position may not list ``physical``. Big guys always
have General, Strength and Big Guy access (Big Guys & Big Guy Skills) on top of their categories.

CSV format: one header row, then one row per skill, race or position, in any order::

    kind,race,slug,name,cost,max_count,ma,st,ag,av,skills,categories,flags
    skill,,block,Block,,,,,,,,general,
    race,,marsh-wardens,Marsh Wardens,60000,,,,,,,,apothecary
    position,marsh-wardens,reed-lineman,Reed Lineman,50000,12,6,3,3,8,block,general,

``kind`` is skill, race or position. A skill row puts its category in ``categories`` and may have
the flag ``trait``; a race row puts its re-roll cost in ``cost`` and may have the flags
``apothecary`` and ``mutations``; a position row names its race's slug in ``race``, lists
starting skills and categories separated by ``;`` and may have the flags ``big_guy`` and
``physical_on_doubles``. Flags are separated by spaces. A column that does not apply to a row's
kind stays empty. Violations name the file line, counting the header as line 1:
``rows[7].cost``; YAML violations name the field: ``races[0].positions[2].ma``.

Limits: at most MAX_RACES races of at most MAX_POSITIONS positions each, in at most MAX_BYTES; YAML
anchors and aliases (``&`` and ``*``, which let a few bytes stand for millions of entries) are refused,
with the rest that engine.core.datafile refuses; a refused import names its first MAX_VIOLATIONS problems.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from engine.core.datafile import check_text, load_text
from engine.core.money import MAX_CREDITS
from engine.core.violations import RuleViolation, Violation, raise_if_any

CATEGORIES = ("general", "agility", "strength", "passing", "kicking", "big-guy", "physical")
NORMAL_CATEGORIES = CATEGORIES[:-1]  # a position's normal access: never Physical
BIG_GUY_ACCESS = frozenset({"general", "strength", "big-guy"})
CHARACTERISTICS = ("ma", "st", "ag", "av")
CHARACTERISTIC_RANGE = (1, 10)
SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
# Far more than any edition has (Blood Bowl's largest has 30 races of at most 8 positions); with the text's
# own size limit, they bound what one import costs to check and store.
MAX_RACES = 100
MAX_POSITIONS = 20
# A refused import names this many problems at most, so the answer stays short whatever the file holds.
MAX_VIOLATIONS = 100
MAX_BYTES = 1_000_000  # a file's size
SHAPE = "The team lists are a mapping with skills and races."
# A team copies its race's slug and name, a player his position's: these are their columns' widths.
SLUG_LENGTH = 40
NAME_LENGTH = 60


@dataclass(frozen=True)
class Skill:
    slug: str
    name: str
    category: str
    trait: bool


@dataclass(frozen=True)
class Position:
    slug: str
    name: str
    cost: int
    max_count: int
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    categories: tuple[str, ...]
    big_guy: bool = False
    physical_on_doubles: bool = False

    @property
    def access(self) -> frozenset[str]:
        """Normal skill access: the listed categories, plus General, Strength and Big Guy for a big guy."""
        return frozenset(self.categories) | (BIG_GUY_ACCESS if self.big_guy else frozenset())


@dataclass(frozen=True)
class Race:
    slug: str
    name: str
    reroll_cost: int
    apothecary_allowed: bool
    mutations: bool
    positions: tuple[Position, ...]

    def position(self, slug: str) -> Position | None:
        return next((p for p in self.positions if p.slug == slug), None)


@dataclass(frozen=True)
class TeamLists:
    races: tuple[Race, ...]
    skills: tuple[Skill, ...]

    def race(self, slug: str) -> Race | None:
        return next((r for r in self.races if r.slug == slug), None)

    def skill(self, slug: str) -> Skill | None:
        return next((s for s in self.skills if s.slug == slug), None)

    @property
    def skill_names(self) -> dict[str, str]:
        """Each skill's name by its slug."""
        return {s.slug: s.name for s in self.skills}


# --- field checks shared by both formats -------------------------------------------------------

PathOf = Callable[[str], str]


def _path_under(prefix: str) -> PathOf:
    """The path of a field of the entry at `prefix` (skills[2], races[0].positions[1]), for its violations."""
    return lambda field: f"{prefix}.{field}"


# field -> (kind, default); a default of ... means the field is required.
SKILL_FIELDS: dict[str, tuple[str, Any]] = {
    "slug": ("slug", ...),
    "name": ("name", ...),
    "category": ("category", ...),
    "trait": ("bool", False),
}
RACE_FIELDS: dict[str, tuple[str, Any]] = {
    "slug": ("slug", ...),
    "name": ("name", ...),
    "reroll_cost": ("gold", ...),
    "apothecary_allowed": ("bool", False),
    "mutations": ("bool", False),
}
POSITION_FIELDS: dict[str, tuple[str, Any]] = {
    "slug": ("slug", ...),
    "name": ("name", ...),
    "cost": ("gold", ...),
    "max_count": ("count", ...),
    **dict.fromkeys(CHARACTERISTICS, ("characteristic", ...)),
    "skills": ("slugs", ()),
    "categories": ("categories", ...),
    "big_guy": ("bool", False),
    "physical_on_doubles": ("bool", False),
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field_error(kind: str, value: Any) -> str | None:
    """Why a value does not fit its kind of field, or None."""
    if kind == "slug":
        ok = isinstance(value, str) and len(value) <= SLUG_LENGTH and SLUG.fullmatch(value) is not None
        return (
            None if ok else f"must be lower-case letters and digits joined by hyphens (like reed-lineman), at most {SLUG_LENGTH}."
        )
    if kind == "name":
        ok = isinstance(value, str) and bool(value.strip()) and len(value.strip()) <= NAME_LENGTH
        return None if ok else f"must be a name of 1 to {NAME_LENGTH} characters."
    if kind == "gold":
        ok = _whole(value) and 0 <= value <= MAX_CREDITS
        return None if ok else "must be a whole number of gold pieces, at least 0."
    if kind == "count":
        return None if _whole(value) and value >= 0 else "must be a whole number, at least 0."
    if kind == "characteristic":
        low, high = CHARACTERISTIC_RANGE
        return None if _whole(value) and low <= value <= high else f"must be a whole number from {low} to {high}."
    if kind == "bool":
        return None if isinstance(value, bool) else "must be true or false."
    if kind == "category":
        return None if value in CATEGORIES else f"must be one of {', '.join(CATEGORIES)}."
    if kind == "categories":
        if not isinstance(value, list | tuple) or not value:
            return f"must be a non-empty list of categories from {', '.join(NORMAL_CATEGORIES)}."
        if "physical" in value:
            return "may not list physical: Physical Abilities are never normal access (rulebook: Physical Abilities)."
        bad = [c for c in value if c not in NORMAL_CATEGORIES]
        return f"has unknown categories {bad}; use {', '.join(NORMAL_CATEGORIES)}." if bad else None
    ok = isinstance(value, list | tuple) and all(isinstance(s, str) for s in value)
    return None if ok else "must be a list of skill slugs."


def _check_fields(
    raw: Any, spec: Mapping[str, tuple[str, Any]], path_of: PathOf, problems: list[Violation], where: str
) -> dict[str, Any] | None:
    """The record's fields, checked and with defaults filled in; None (and violations) when any is bad."""
    if not isinstance(raw, Mapping):
        problems.append(Violation("teamlists-record", where, "Each entry is a mapping of fields."))
        return None
    found = len(problems)
    clean: dict[str, Any] = {}
    for key in raw:
        if key not in spec:
            problems.append(Violation("teamlists-field-unknown", path_of(str(key)), f"{key} is not a field here."))
    for key, (kind, default) in spec.items():
        if key not in raw or raw[key] is None:
            if default is ...:
                problems.append(Violation("teamlists-field-missing", path_of(key), f"{key} is required."))
            clean[key] = default
            continue
        error = _field_error(kind, raw[key])
        if error:
            problems.append(Violation("teamlists-field-invalid", path_of(key), f"{key} {error}"))
        clean[key] = raw[key].strip() if kind == "name" and isinstance(raw[key], str) else raw[key]
    return clean if len(problems) == found else None


def _duplicate(seen: set[str], slug: str, path: str, what: str, problems: list[Violation]) -> None:
    if slug in seen:
        problems.append(Violation("teamlists-duplicate", path, f"The {what} {slug} is listed twice."))
    seen.add(slug)


def _position(clean: Mapping[str, Any], skills: Mapping[str, Skill], path_of: PathOf, problems: list[Violation]) -> Position:
    unknown = [s for s in clean["skills"] if s not in skills]
    if unknown:
        problems.append(
            Violation("teamlists-skill-unknown", path_of("skills"), f"Starting skills {unknown} are not in the skill list.")
        )
    if len(set(clean["skills"])) != len(clean["skills"]):
        problems.append(Violation("teamlists-duplicate", path_of("skills"), "A starting skill is listed twice."))
    if "big-guy" in clean["categories"] and not clean["big_guy"]:
        problems.append(
            Violation("teamlists-big-guy-category", path_of("categories"), "Only big guys have access to Big Guy skills.")
        )
    return Position(
        **{k: clean[k] for k in POSITION_FIELDS if k not in ("skills", "categories")},
        skills=tuple(clean["skills"]),
        categories=tuple(dict.fromkeys(clean["categories"])),
    )


# --- YAML (and the stored JSON) -----------------------------------------------------------------


def parse_team_data(data: Any) -> TeamLists:
    """Team lists from the YAML shape (also what the pages send and the database stores as JSON)."""
    problems: list[Violation] = []
    if not isinstance(data, Mapping):
        raise_if_any([Violation("teamlists-shape", "", SHAPE)])
    for key in data:
        if key not in ("skills", "races"):
            problems.append(Violation("teamlists-field-unknown", str(key), f"{key} is not a field here; use skills and races."))
    raw_skills = data.get("skills") or []
    raw_races = data.get("races")
    if not isinstance(raw_skills, list):
        problems.append(Violation("teamlists-shape", "skills", "skills is a list."))
        raw_skills = []
    if not isinstance(raw_races, list) or not raw_races:
        problems.append(Violation("teamlists-shape", "races", "races is a list of at least one race."))
        raw_races = []
    if len(raw_races) > MAX_RACES:
        raise_if_any([Violation("teamlists-too-many", "races", f"The team lists have at most {MAX_RACES} races.")])
    skills: dict[str, Skill] = {}
    for i, raw in enumerate(raw_skills):
        clean = _check_fields(raw, SKILL_FIELDS, _path_under(f"skills[{i}]"), problems, f"skills[{i}]")
        if clean:
            _duplicate(set(skills), clean["slug"], f"skills[{i}].slug", "skill", problems)
            skills.setdefault(clean["slug"], Skill(**clean))
    races: list[Race] = []
    for r, raw in enumerate(raw_races):
        where = f"races[{r}]"
        clean = _check_fields(
            {k: v for k, v in raw.items() if k != "positions"} if isinstance(raw, Mapping) else raw,
            RACE_FIELDS,
            _path_under(where),
            problems,
            where,
        )
        raw_positions = raw.get("positions") if isinstance(raw, Mapping) else None
        if not isinstance(raw_positions, list) or not raw_positions:
            problems.append(Violation("teamlists-shape", f"{where}.positions", "A race lists at least one position."))
            raw_positions = []
        if len(raw_positions) > MAX_POSITIONS:
            problems.append(_too_many_positions(f"{where}.positions"))
            raw_positions = []
        positions: list[Position] = []
        seen: set[str] = set()
        for p, raw_position in enumerate(raw_positions):
            at = f"{where}.positions[{p}]"
            fields = _check_fields(raw_position, POSITION_FIELDS, _path_under(at), problems, at)
            if fields:
                _duplicate(seen, fields["slug"], f"{at}.slug", "position", problems)
                positions.append(_position(fields, skills, _path_under(at), problems))
        if clean:
            _duplicate({race.slug for race in races}, clean["slug"], f"{where}.slug", "race", problems)
            races.append(Race(**clean, positions=tuple(positions)))
    raise_if_any(problems[:MAX_VIOLATIONS])
    return TeamLists(tuple(races), tuple(skills.values()))


def _too_many_positions(path: str) -> Violation:
    return Violation("teamlists-too-many", path, f"A race has at most {MAX_POSITIONS} positions.")


def team_lists_to_data(team_lists: TeamLists) -> dict[str, Any]:
    """The YAML shape as plain JSON data, to store; `parse_team_data` reads it back unchanged."""
    return {
        "skills": [{"slug": s.slug, "name": s.name, "category": s.category, "trait": s.trait} for s in team_lists.skills],
        "races": [
            {
                "slug": r.slug,
                "name": r.name,
                "reroll_cost": r.reroll_cost,
                "apothecary_allowed": r.apothecary_allowed,
                "mutations": r.mutations,
                "positions": [
                    {
                        **{k: getattr(p, k) for k in POSITION_FIELDS if k not in ("skills", "categories")},
                        "skills": list(p.skills),
                        "categories": list(p.categories),
                    }
                    for p in r.positions
                ],
            }
            for r in team_lists.races
        ],
    }


# --- CSV ---------------------------------------------------------------------------------------

CSV_COLUMNS = ("kind", "race", "slug", "name", "cost", "max_count", "ma", "st", "ag", "av", "skills", "categories", "flags")
# Which columns each kind of row fills, and the flags it may carry.
CSV_USED = {
    "skill": {"kind", "slug", "name", "categories", "flags"},
    "race": {"kind", "slug", "name", "cost", "flags"},
    "position": set(CSV_COLUMNS),
}
CSV_FLAGS = {"skill": {"trait"}, "race": {"apothecary", "mutations"}, "position": {"big_guy", "physical_on_doubles"}}
# A CSV number: ASCII digits, at most 18 of them (a 64-bit integer); the field check bounds it further.
_DIGITS = re.compile(r"[0-9]{1,18}")
# The CSV column that holds each record field, where its name differs.
CSV_COLUMN_OF = {
    "skill": {"category": "categories", "trait": "flags"},
    "race": {"reroll_cost": "cost", "apothecary_allowed": "flags", "mutations": "flags"},
    "position": {"big_guy": "flags", "physical_on_doubles": "flags"},
}


def _csv_path(line: int, kind: str) -> PathOf:
    """The path of a field of the CSV row on `line`, by the column that holds it (a `kind` row's own names)."""
    return lambda field: f"rows[{line}].{CSV_COLUMN_OF[kind].get(field, field)}"


def _number(cell: str) -> int | str:
    """'60,000' or '60000' -> 60000; anything else stays text (and its field check says why). Only ASCII
    digits, and not too many: str.isdigit() takes '²', which int() refuses."""
    digits = cell.replace(",", "").replace("_", "")
    return int(digits) if _DIGITS.fullmatch(digits) else cell


def _split(cell: str) -> list[str]:
    return [part.strip() for part in cell.split(";") if part.strip()]


def _csv_record(kind: str, row: Mapping[str, str], flags: set[str]) -> dict[str, Any]:
    """A CSV row as a record of the YAML shape, with blank cells left out."""
    if kind == "skill":
        record: dict[str, Any] = {
            "slug": row["slug"],
            "name": row["name"],
            "category": row["categories"],
            "trait": "trait" in flags,
        }
    elif kind == "race":
        record = {
            "slug": row["slug"],
            "name": row["name"],
            "reroll_cost": _number(row["cost"]),
            "apothecary_allowed": "apothecary" in flags,
            "mutations": "mutations" in flags,
        }
    else:
        record = {key: row[key] for key in ("slug", "name")}
        record |= {key: _number(row[key]) for key in ("cost", "max_count", *CHARACTERISTICS)}
        record |= {"skills": _split(row["skills"]), "categories": _split(row["categories"])}
        record |= {flag: flag in flags for flag in CSV_FLAGS["position"]}
    return {k: v for k, v in record.items() if v != ""}


def _parse_csv(text: str) -> TeamLists:
    check_text(text, code="teamlists", max_bytes=MAX_BYTES)
    problems: list[Violation] = []
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")), skipinitialspace=True)  # a spreadsheet's BOM
    try:
        header = [h.strip() for h in reader.fieldnames or []]
        reader.fieldnames = header
        rows = [(reader.line_num, row) for row in reader]
    except csv.Error:
        line, limit = reader.line_num, csv.field_size_limit()
        message = f"Line {line} is not CSV: a quote left open, a line break outside quotes or a cell over {limit:,} characters."
        raise RuleViolation([Violation("teamlists-syntax", f"rows[{line}]", message)]) from None
    missing = [c for c in CSV_COLUMNS if c not in header]
    extra = [c for c in header if c not in CSV_COLUMNS]
    if missing or extra:
        raise_if_any(
            [Violation("teamlists-header", "rows[1]", f"The header row needs exactly the columns {', '.join(CSV_COLUMNS)}.")]
        )
    skills: dict[str, Skill] = {}
    races: dict[str, dict[str, Any]] = {}  # slug -> race fields, in file order
    positions: list[tuple[int, str, dict[str, Any]]] = []  # (line, race slug, checked fields)
    for line, row in rows:
        cells = {k: (v or "").strip() for k, v in row.items() if k is not None}
        kind = cells["kind"]
        if None in row or kind not in CSV_USED:
            why = "has more cells than the header" if None in row else "kind must be skill, race or position"
            problems.append(Violation("teamlists-row", f"rows[{line}]", f"Line {line} {why}."))
            continue
        problems += [
            Violation("teamlists-field-unused", f"rows[{line}].{c}", f"A {kind} row leaves {c} empty.")
            for c in CSV_COLUMNS
            if c not in CSV_USED[kind] and cells[c]
        ]
        flags = set(cells["flags"].split())
        if flags - CSV_FLAGS[kind]:
            allowed = ", ".join(sorted(CSV_FLAGS[kind]))
            problems.append(Violation("teamlists-field-invalid", f"rows[{line}].flags", f"A {kind} row's flags are {allowed}."))

        path_of = _csv_path(line, kind)

        spec = {"skill": SKILL_FIELDS, "race": RACE_FIELDS, "position": POSITION_FIELDS}[kind]
        clean = _check_fields(_csv_record(kind, cells, flags), spec, path_of, problems, f"rows[{line}]")
        if clean is None:
            continue
        if kind == "skill":
            _duplicate(set(skills), clean["slug"], path_of("slug"), "skill", problems)
            skills.setdefault(clean["slug"], Skill(**clean))
        elif kind == "race":
            _duplicate(set(races), clean["slug"], path_of("slug"), "race", problems)
            races.setdefault(clean["slug"], clean)
            if len(races) > MAX_RACES:
                raise_if_any([Violation("teamlists-too-many", "rows", f"The team lists have at most {MAX_RACES} races.")])
        else:
            positions.append((line, cells["race"], clean))
    by_race: dict[str, list[Position]] = {slug: [] for slug in races}
    for line, race, clean in positions:
        path_of = _csv_path(line, "position")
        if race not in races:
            problems.append(Violation("teamlists-race-unknown", f"rows[{line}].race", f"No race row has the slug {race!r}."))
            continue
        if len(by_race[race]) == MAX_POSITIONS:
            problems.append(_too_many_positions(f"rows[{line}]"))
            continue
        _duplicate({p.slug for p in by_race[race]}, clean["slug"], path_of("slug"), "position", problems)
        by_race[race].append(_position(clean, skills, path_of, problems))
    if not races:
        problems.append(Violation("teamlists-shape", "rows", "The file has no race row."))
    problems += [
        Violation("teamlists-shape", "rows", f"The race {slug} has no position rows.")
        for slug, listed in by_race.items()
        if not listed
    ]
    raise_if_any(problems[:MAX_VIOLATIONS])
    return TeamLists(
        tuple(Race(**fields, positions=tuple(by_race[slug])) for slug, fields in races.items()), tuple(skills.values())
    )


def parse_team_lists(text: str, fmt: Literal["yaml", "csv"]) -> TeamLists:
    """Import team lists (the formats are in this module's docstring); RuleViolation with every problem."""
    if fmt == "csv":
        return _parse_csv(text)
    return parse_team_data(load_text(text, "yaml", code="teamlists", max_bytes=MAX_BYTES, shape=SHAPE))


def team_lists_sample(name: str) -> str:
    """The text of a shipped sample file (samples/house-team.yaml or .csv)."""
    return resources.files("engine.bloodbowl").joinpath("samples", name).read_text("utf-8")
