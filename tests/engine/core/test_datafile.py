"""The shared loader of data files (engine.core.datafile): what it refuses, at once and in people's words, and the
files at its limits that it still reads."""

from __future__ import annotations

import datetime
import time
from typing import Any

import pytest

from engine.core.datafile import MAX_DEPTH, MAX_INTEGER, TextFormat, check_text, load_text
from engine.core.violations import RuleViolation, Violation

SHAPE = "A test file is one mapping."


def load(text: str, fmt: TextFormat = "yaml", max_bytes: int = 1_000_000) -> dict[str, Any]:
    return load_text(text, fmt, code="test", max_bytes=max_bytes, shape=SHAPE)


def refusal(text: str, fmt: TextFormat = "yaml", max_bytes: int = 1_000_000) -> Violation:
    with pytest.raises(RuleViolation) as refused:
        load(text, fmt, max_bytes)
    [violation] = refused.value.violations
    return violation


def nested(depth: int, fmt: TextFormat) -> str:
    """A mapping holding lists `depth` deep in all (the mapping is the first)."""
    inner = "[" * (depth - 1) + "]" * (depth - 1)
    return f'{{"a": {inner}}}' if fmt == "json" else f"a: {inner}\n"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_file_as_deep_as_the_limit_is_read_and_one_deeper_refused(fmt: TextFormat):
    assert load(nested(MAX_DEPTH, fmt), fmt)
    assert refusal(nested(MAX_DEPTH + 1, fmt), fmt).code == "test-too-deep"


def test_block_nesting_counts_as_flow_nesting_does():
    at_limit = "a:\n" + "".join("  " * level + "- \n" for level in range(MAX_DEPTH - 1))
    assert load(at_limit)
    deeper = "a:\n" + "".join("  " * level + "- \n" for level in range(MAX_DEPTH))
    violation = refusal(deeper)
    assert violation == Violation(
        "test-too-deep", "", f"Line {MAX_DEPTH + 1} is nested more than {MAX_DEPTH} levels deep: no league data is."
    )


@pytest.mark.parametrize(
    "text",
    ["[" * 20_000, "[" * 20_000 + "]" * 20_000, "{a: " * 20_000, "[{" * 10_000, "a: " + "[" * 20_000, "- " * 20_000],
    ids=["open", "closed", "braces", "mixed", "under-a-key", "block"],
)
def test_deep_nesting_is_refused_in_milliseconds(text: str):
    started = time.process_time()
    assert refusal(text).code == "test-too-deep"
    assert time.process_time() - started < 0.1  # PyYAML alone: 1 to 70 s (its scanner is quadratic in the depth)


def test_a_flow_collection_deep_in_a_long_line_says_which_line():
    assert refusal("ok: 1\nlist: " + "[" * 100).message.startswith("Line 2 ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x: 2001-13-45\n", "Line 1 has a date that is not on the calendar: write it as YYYY-MM-DD."),
        ("a: 1\nx: 2001-02-29 10:00:00\n", "Line 2 has a date that is not on the calendar: write it as YYYY-MM-DD."),
        ("x: 0000-01-01\n", "Line 1 has a date that is not on the calendar: write it as YYYY-MM-DD."),
    ],
)
def test_a_date_that_is_no_day_is_refused(text: str, message: str):
    assert refusal(text) == Violation("test-date", "", message)


def test_a_real_date_is_read():
    assert load("x: 2024-02-29\n") == {"x": datetime.date(2024, 2, 29)}


NUMBER = f"a whole number larger than {MAX_INTEGER:,} (or below minus that)"


@pytest.mark.parametrize(
    ("text", "fmt", "message"),
    [
        ("x: " + "9" * 5_000, "yaml", f"Line 1 has {NUMBER}."),
        ("a: 1\n? " + "9" * 5_000 + "\n: x", "yaml", f"Line 2 has {NUMBER}."),
        (f"x: {MAX_INTEGER + 1}", "yaml", f"Line 1 has {NUMBER}."),
        (f"x: -{MAX_INTEGER + 1}", "yaml", f"Line 1 has {NUMBER}."),
        ("x: 0x" + "f" * 17, "yaml", f"Line 1 has {NUMBER}."),
        ("x: 1" + ":59" * 30_000, "yaml", f"Line 1 has {NUMBER}."),
        ('{"x": ' + "9" * 5_000 + "}", "json", f"The file has {NUMBER}."),
        (f'{{"x": [{MAX_INTEGER + 1}]}}', "json", f"The file has {NUMBER}."),
    ],
    ids=["long", "long-key", "over", "under", "hex", "sexagesimal", "json-long", "json-over"],
)
def test_a_whole_number_no_column_takes_is_refused(text: str, fmt: TextFormat, message: str):
    started = time.process_time()
    assert refusal(text, fmt) == Violation("test-number", "", message)
    assert time.process_time() - started < 0.1


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_the_largest_whole_numbers_are_read(fmt: TextFormat):
    text = f'{{"a": {MAX_INTEGER}, "b": -{MAX_INTEGER}, "c": 1.5}}'
    assert load(text, fmt) == {"a": MAX_INTEGER, "b": -MAX_INTEGER, "c": 1.5}


TEXT = "The file has a character that is not text: a NUL, or half of a UTF-16 surrogate pair."


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ('"\\ud800": 1', "yaml"),
        ('x: {y: ["\\udfff"]}', "yaml"),
        ('x: "\\0"', "yaml"),
        ('{"\\ud800": 1}', "json"),
        ('{"x": {"y": ["\\udbff"]}}', "json"),
        ('{"x": "\\u0000"}', "json"),
        ('{"x": "\ud800"}', "json"),
        ("x: \ud800", "yaml"),
        ("x: \x00", "yaml"),
        ('x: !!set {"\\ud800": null}', "yaml"),
    ],
    ids=[
        "yaml-key",
        "yaml-value",
        "yaml-nul",
        "json-key",
        "json-value",
        "json-nul",
        "json-raw",
        "yaml-raw",
        "yaml-raw-nul",
        "yaml-set",
    ],
)
def test_text_no_page_can_show_is_refused(text: str, fmt: TextFormat):
    assert refusal(text, fmt) == Violation("test-text", "", TEXT)


def test_characters_beyond_the_basic_plane_are_text():
    assert load('x: "\\U0001F3C8 🏈"') == {"x": "🏈 🏈"}
    assert load('{"x": "\\ud83c\\udfc8"}', "json") == {"x": "🏈"}


def test_the_size_limit_counts_bytes():
    assert refusal("# " + "a" * 99_998, max_bytes=100_000).code == "test-shape"  # as large as the limit: read
    assert refusal("# " + "é" * 50_000, max_bytes=100_000) == Violation(
        "test-too-large", "", "The file is larger than 100,000 bytes (100,002 bytes)."
    )


def test_check_text_alone_refuses_what_any_format_cannot_take():
    check_text("kind\nok\n", code="csv", max_bytes=10)
    with pytest.raises(RuleViolation) as refused:
        check_text("kind\n\ud800\n", code="csv", max_bytes=10)
    assert [v.code for v in refused.value.violations] == ["csv-text"]


@pytest.mark.parametrize(
    ("text", "fmt"), [("- a\n", "yaml"), ("[1]", "json"), ("", "yaml"), ("null", "json"), ("1: a\n", "yaml"), ("7", "yaml")]
)
def test_a_file_that_is_not_a_mapping_of_named_keys_is_refused_with_the_importers_words(text: str, fmt: TextFormat):
    assert refusal(text, fmt) == Violation("test-shape", "", SHAPE)


@pytest.mark.parametrize(
    "text", ["a: 1\nx: !!bool maybe", "a: 1\nx: !!int ten", "a: 1\nx: !!float x", "a: 1\nx: !!timestamp soon"]
)
def test_a_yaml_tag_its_value_does_not_fit_is_a_syntax_error(text: str):
    assert refusal(text) == Violation("test-syntax", "", "The file is not valid YAML at line 2.")


def test_anchors_and_aliases_are_refused_still():
    assert refusal("a: &x [1]\nb: *x\n").code == "test-yaml-alias"
