"""Every data-file import of every game system, fed every hostile file: each is refused as a 400 naming what is
wrong in people's words, quickly, and nothing is written. The importers are listed in IMPORTERS, and a test checks
that list against the code: every call of the shared loader (engine.core.datafile) is one of them, and nothing else
reads YAML or JSON a user sent.

A lone surrogate written raw (not as an escape) reaches no importer: the API's text fields refuse it themselves
(DRF's `surrogate_characters_not_allowed`), a page's form decodes UTF-8, which cannot hold one, and so does a file
on disk. tests/engine/core/test_datafile.py feeds it to the loader directly."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from engine.bloodbowl import teamlists
from engine.core.datafile import load_text
from engine.core.ruleset import HOUSE_VALUES_MAX_BYTES
from engine.core.violations import RuleViolation
from engine.slaughterville import catalogue
from leagues.management.commands import league_restore
from leagues.models import League
from leagues.services import league_create
from tests.api.helpers import errors

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = ("slaughterball", "bloodbowl", "blitzbowl", "pitfighter", "slaughterville")


@dataclass(frozen=True)
class Hostile:
    """A hostile file: its text in each format it can be written in, and the kind of refusal it earns (the end of
    the error's code)."""

    name: str
    kind: str
    texts: dict[str, str]


CSV_HEADER = "kind,race,slug,name,cost,max_count,ma,st,ag,av,skills,categories,flags\n"
DEEP = 20_000
BIG = "9" * 5_000  # over Python's 4,300 digits, which int() refuses with a ValueError
HOSTILE = [
    Hostile("open-brackets", "too-deep", {"yaml": "[" * DEEP, "json": "[" * DEEP}),
    Hostile("closed-brackets", "too-deep", {"yaml": "[" * DEEP + "]" * DEEP, "json": "[" * DEEP + "]" * DEEP}),
    Hostile("open-braces", "too-deep", {"yaml": "{a: " * DEEP, "json": '{"a": ' * DEEP}),
    Hostile("block-nesting", "too-deep", {"yaml": "- " * DEEP + "x\n"}),
    Hostile(
        "nesting-under-recursion",
        "too-deep",
        {"yaml": "a: " + "[" * 200 + "]" * 200, "json": '{"a": ' + "[" * 200 + "]" * 200 + "}"},
    ),
    Hostile("invalid-date", "date", {"yaml": "x: 2001-13-45\n"}),
    Hostile("year-zero", "date", {"yaml": "x: 0000-01-01\n"}),
    Hostile("long-integer", "number", {"yaml": f"x: {BIG}\n", "json": f'{{"x": {BIG}}}'}),
    Hostile("long-integer-key", "number", {"yaml": f"? {BIG}\n: x\n"}),
    Hostile("sexagesimal", "number", {"yaml": "x: 1" + ":59" * 30_000 + "\n"}),
    Hostile("integer-over-64-bits", "number", {"yaml": "x: 0x1" + "0" * 16 + "\n", "json": '{"x": 9223372036854775808}'}),
    Hostile("surrogate-key", "text", {"yaml": '"\\ud800": 1\n', "json": '{"\\ud800": 1}'}),
    Hostile("surrogate-value", "text", {"yaml": 'x: ["\\udfff"]\n', "json": '{"x": ["\\udfff"]}'}),
    Hostile("nul-escaped", "text", {"yaml": 'x: "\\0"\n', "json": '{"x": "\\u0000"}'}),
    Hostile("alias", "yaml-alias", {"yaml": "a: &x [1]\nb: *x\n"}),
    Hostile("a-list", "shape", {"yaml": "- a\n- b\n", "json": "[1, 2]"}),
    Hostile("a-number", "shape", {"yaml": "42\n", "json": "42"}),
    Hostile("empty", "shape", {"yaml": "# nothing\n", "json": "null"}),
    Hostile("a-key-not-text", "shape", {"yaml": "1: x\n"}),
    Hostile("csv-long-cell", "syntax", {"csv": CSV_HEADER + "skill,,block," + "x" * 140_000 + "\n"}),
]


def too_large(fmt: str, max_bytes: int) -> str:
    """A file of fewer characters than `max_bytes` but more bytes: two bytes each in UTF-8."""
    filler = "é" * (max_bytes // 2 + 1)
    return {"yaml": f"# {filler}\n", "json": f'{{"a": "{filler}"}}', "csv": f"kind\n{filler}\n"}[fmt]


@dataclass(frozen=True)
class Importer:
    """One way a data file comes in: the module whose code hands the text to the shared loader, the formats it
    takes, the code its refusals start with, and how it is sent (as the league's commissioner). `send` answers
    the (code, message) of each error, or fails the test when the file was taken."""

    name: str
    call_site: str
    formats: tuple[str, ...]
    code: str
    max_bytes: int
    send: Callable[[SimpleNamespace, str, str], list[tuple[str, str]]]


def put(system: str, url: str) -> Callable[[SimpleNamespace, str, str], list[tuple[str, str]]]:
    def send(world: SimpleNamespace, fmt: str, text: str) -> list[tuple[str, str]]:
        body = json.dumps({"format": fmt, "text": text}, ensure_ascii=False)
        response = world.api.put(url.format(world.leagues[system].pk), body, content_type="application/json")
        assert response.status_code == 400, response.content[:300]
        return [(e["code"], e["message"]) for e in errors(response)]

    return send


def restore(world: SimpleNamespace, fmt: str, text: str) -> list[tuple[str, str]]:
    """The command's message is the loader's for the same text, so its code is the loader's too."""
    path = world.tmp_path / "league.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("league_restore", str(path))
    with pytest.raises(RuleViolation) as expected:
        load_text(
            path.read_text(encoding="utf-8"),
            "json",
            code="restore",
            max_bytes=league_restore.MAX_BYTES,
            shape=league_restore.SHAPE,
        )
    assert str(refused.value).endswith(str(expected.value))
    return [(v.code, v.message) for v in expected.value.violations]


RESTORE_MAX_BYTES = 200_000  # a restore takes big files: a smaller limit to test with


def _house_values(system: str) -> Importer:
    return Importer(
        f"house-values-{system}",
        "engine/core/ruleset.py",
        ("yaml", "json"),
        "house-values",
        HOUSE_VALUES_MAX_BYTES,
        put(system, "/api/leagues/{}/house-values/"),
    )


IMPORTERS = [
    *(_house_values(system) for system in SYSTEMS),
    Importer(
        "team-lists",
        "engine/bloodbowl/teamlists.py",
        ("yaml", "csv"),
        "teamlists",
        teamlists.MAX_BYTES,
        put("bloodbowl", "/api/leagues/{}/team-lists/"),
    ),
    Importer(
        "catalogue",
        "engine/slaughterville/catalogue.py",
        ("yaml", "json"),
        "catalogue",
        catalogue.MAX_BYTES,
        put("slaughterville", "/api/slaughterville/leagues/{}/catalogue/"),
    ),
    Importer("league-restore", "leagues/management/commands/league_restore.py", ("json",), "restore", RESTORE_MAX_BYTES, restore),
]

CASES = [
    pytest.param(importer, fmt, hostile, id=f"{importer.name}-{fmt}-{hostile.name}")
    for importer in IMPORTERS
    for hostile in HOSTILE
    for fmt in importer.formats
    if fmt in hostile.texts
]
TOO_LARGE = [pytest.param(importer, fmt, id=f"{importer.name}-{fmt}") for importer in IMPORTERS for fmt in importer.formats]


@pytest.fixture
def world(commissioner, api, tmp_path, monkeypatch) -> SimpleNamespace:
    leagues = {
        system: league_create(user=commissioner, name=f"{system} league", game_system=system, options={}) for system in SYSTEMS
    }
    api.force_authenticate(commissioner)
    monkeypatch.setattr(league_restore, "MAX_BYTES", RESTORE_MAX_BYTES)
    api.get(f"/api/leagues/{leagues['slaughterball'].pk}/house-values/")  # the first request loads the API's code
    return SimpleNamespace(leagues=leagues, api=api, tmp_path=tmp_path)


def refused_readably(importer: Importer, errors: list[tuple[str, str]], kind: str) -> None:
    """The refusal is the loader's kind, and its message a sentence for people: no code, no exception name, and
    text that any page or answer can carry."""
    code = f"{importer.code}-{kind}"
    assert code in [c for c, _ in errors], errors
    for found, message in errors:
        assert re.fullmatch(r"[A-Z].*[.)]", message, re.DOTALL), message
        assert found not in message, message
        assert not re.search(r"[A-Za-z]+Error|\\u[0-9a-f]{4}", message), message
        message.encode("utf-8")


@pytest.mark.parametrize(("importer", "fmt", "hostile"), CASES)
def test_every_importer_refuses_every_hostile_file_quickly(world, importer, fmt, hostile):
    before = League.objects.count(), [league.house_values for league in League.objects.order_by("pk")]
    # The time spent by this process (the server's work in a test), not the wall clock of a shared machine.
    started = time.process_time()

    refusal = importer.send(world, fmt, hostile.texts[fmt])

    assert time.process_time() - started < 0.5  # a guard that works refuses in milliseconds, not seconds
    refused_readably(importer, refusal, hostile.kind)
    assert (League.objects.count(), [league.house_values for league in League.objects.order_by("pk")]) == before


@pytest.mark.parametrize(("importer", "fmt"), TOO_LARGE)
def test_every_importer_refuses_a_file_over_its_size_in_bytes(world, importer, fmt):
    refused_readably(importer, importer.send(world, fmt, too_large(fmt, importer.max_bytes)), "too-large")


def _python_files() -> list[Path]:
    return [path for path in ROOT.rglob("*.py") if not {".venv", "tests", "node_modules"} & set(path.relative_to(ROOT).parts)]


# Code that reads YAML or JSON which is not a data file a user sends, and why.
NOT_DATA_FILES = {
    "engine/core/datafile.py": "the shared loader itself",
    "engine/slaughterball/ruleset.py": "a league's house values as its cache key, written by Pitside as JSON",
    "webhooks/transport.py": "the answer of a channel's receiver (its retry_after)",
    "games/lifecycle.py": "a payload turned into plain JSON values (json.loads(json.dumps(...)))",
    "bench/sheet_renders.py": "the figures its own rendering subprocess prints",
}


def test_every_call_of_the_loader_is_an_importer_of_this_test():
    calls = {str(p.relative_to(ROOT)) for p in _python_files() if re.search(r"\b(load_text|check_text)\(", p.read_text())}
    assert calls - {"engine/core/datafile.py"} == {importer.call_site for importer in IMPORTERS}


def test_nothing_else_reads_yaml_or_json():
    readers = re.compile(r"\byaml\.(safe_)?load\b|\byaml\.(parse|compose|scan)\b|\bjson\.loads?\(|\bSafeLoader\b")
    found = {str(p.relative_to(ROOT)) for p in _python_files() if readers.search(p.read_text())}
    assert found == set(NOT_DATA_FILES)


PAGES = [
    *(pytest.param(system, "/leagues/{}/settings/house-values/import/", id=f"house-values-{system}") for system in SYSTEMS),
    pytest.param("bloodbowl", "/bloodbowl/leagues/{}/team-lists/", id="team-lists"),
    pytest.param("slaughterville", "/slaughterville/leagues/{}/catalogue/", id="catalogue"),
]


@pytest.mark.parametrize(("system", "url"), PAGES)
@pytest.mark.parametrize(
    ("text", "shown"),
    [("[" * DEEP, "is nested more than 64 levels deep"), ("x: 2001-13-45\n", "has a date that is not on the calendar")],
    ids=["brackets", "date"],
)
def test_every_import_page_refuses_an_uploaded_hostile_file_quickly(world, client, commissioner, system, url, text, shown):
    client.force_login(commissioner)
    client.get(url.format(world.leagues[system].pk))  # the first request loads the pages' code
    upload = SimpleUploadedFile("league.yaml", text.encode(), content_type="application/yaml")
    started = time.process_time()

    response = client.post(url.format(world.leagues[system].pk), {"format": "yaml", "file": upload, "text": ""})

    assert time.process_time() - started < 0.5
    assert response.status_code == 400
    assert shown in response.content.decode()
