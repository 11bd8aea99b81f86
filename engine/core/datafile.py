"""League data sent as a file's text (YAML or JSON), read into plain data in one place: house values, team lists, a
Slaughterville catalogue, a league's restore. Every importer reads through `load_text` (a CSV importer checks its
text with `check_text`), so each refusal holds for all of them, as a RuleViolation `<code>-<kind>` in people's words:

- `too-large`: a text over the importer's size in bytes;
- `text`: a character that is not text, raw or escaped: a NUL (no database column holds one) or half of a UTF-16
  surrogate pair (no page or answer can encode one);
- `too-deep`: nesting deeper than MAX_DEPTH, refused as the reader meets it, before anything is built: PyYAML's
  composer recurses once a level, and its scanner walks every open flow collection ([ or {) at each token, so
  20,000 brackets cost it a minute;
- `yaml-alias`: YAML anchors and aliases, since an alias repeats what its anchor names, so a few nested aliases in a
  small file stand for millions of entries (the billion laughs) that checking would then walk;
- `date`: a YAML date that is no day of the calendar (2001-13-45);
- `number`: a whole number beyond MAX_INTEGER, which no column takes (Python will not even read one of over 4,300
  digits);
- `syntax`: a text that is not YAML or JSON (or a YAML tag its value does not fit: `!!int x`);
- `shape`: a file that is not one mapping of named keys (the importer's `shape` says what its file is).
"""

from __future__ import annotations

import json
from typing import Any, Literal, NoReturn

import yaml

from engine.core.violations import RuleViolation, Violation

type TextFormat = Literal["yaml", "json"]

# Far deeper than any league data (team lists are five levels deep); a league's restore holds JSON columns, which
# the API takes 32 levels deep, three levels down.
MAX_DEPTH = 64
MAX_INTEGER = 2**63 - 1  # the largest a database integer column takes, as for a number in a query string
# The longest YAML whole number read: MAX_INTEGER in binary (0b and 63 digits) fits; anything longer is larger, or
# padded with zeros nobody writes, and a long sexagesimal one (1:59:59:...) costs seconds to read.
_INTEGER_TEXT = 100
_NOT_TEXT = "The file has a character that is not text: a NUL, or half of a UTF-16 surrogate pair."


class _Refused(Exception):
    """A refusal met while reading (inside PyYAML's or json's parsing): its kind and its sentence."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _where(mark: yaml.Mark | None) -> str:
    return f"Line {mark.line + 1}" if mark is not None else "The file"


def _too_deep(mark: yaml.Mark | None) -> _Refused:
    return _Refused("too-deep", f"{_where(mark)} is nested more than {MAX_DEPTH} levels deep: no league data is.")


def _too_large_number(mark: yaml.Mark | None) -> _Refused:
    return _Refused("number", f"{_where(mark)} has a whole number larger than {MAX_INTEGER:,} (or below minus that).")


class _Loader(yaml.SafeLoader):
    """A SafeLoader (plain data, no Python objects) with the refusals of this module's docstring."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0  # collections open around the node being composed

    def fetch_flow_collection_start(self, TokenClass: type[yaml.Token]) -> None:  # PyYAML's name
        # The scanner meets a [ or { long before the composer would (it reads ahead while a key may follow).
        if self.flow_level >= MAX_DEPTH:
            raise _too_deep(self.get_mark())
        super().fetch_flow_collection_start(TokenClass)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]  # the stubs leave the parser's methods untyped
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            where = _where(event.start_mark)
            raise _Refused("yaml-alias", f"{where} has a YAML anchor or alias (& or *): write each entry out in full.")
        opens = isinstance(event, yaml.CollectionStartEvent)
        self._depth += opens
        if self._depth > MAX_DEPTH:
            raise _too_deep(event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= opens

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, KeyError, AttributeError, TypeError):  # a tag its value does not fit: !!bool x, !!float x
            raise _Refused("syntax", f"The file is not valid YAML at line {node.start_mark.line + 1}.") from None

    def construct_yaml_timestamp(self, node: yaml.ScalarNode) -> Any:
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError:
            where = _where(node.start_mark)
            raise _Refused("date", f"{where} has a date that is not on the calendar: write it as YYYY-MM-DD.") from None

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        if len(node.value) > _INTEGER_TEXT:
            raise _too_large_number(node.start_mark)
        value: int = super().construct_yaml_int(node)
        if abs(value) > MAX_INTEGER:
            raise _too_large_number(node.start_mark)
        return value


# PyYAML finds a tag's constructor in a table filled when SafeConstructor was defined: the overrides go in again.
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def _json_int(digits: str) -> int:
    """json hands over a whole number's digits as written: too many are refused before int() reads them."""
    if len(digits.lstrip("-")) > len(str(MAX_INTEGER)) or abs(value := int(digits)) > MAX_INTEGER:
        raise _too_large_number(None)
    return value


def _is_text(value: str) -> bool:
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def _check_values(data: Any) -> None:
    """The nesting (json's: PyYAML's composer has counted YAML's) and every text, keys too. Walked with a stack,
    not recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str) and not _is_text(value):
            raise _Refused("text", _NOT_TEXT)
        if isinstance(value, dict | list | tuple | set):  # tuples and sets: YAML's !!pairs, !!omap and !!set
            if depth > MAX_DEPTH:
                raise _too_deep(None)
            children = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def _refuse(code: str, kind: str, path: str, message: str) -> NoReturn:
    raise RuleViolation([Violation(f"{code}-{kind}", path, message)])


def check_text(text: str, *, code: str, max_bytes: int, path: str = "") -> None:
    """A RuleViolation (`<code>-text`, `<code>-too-large`) for a text no format of data file may be: one with a
    character that is not text, or more than `max_bytes` bytes."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        _refuse(code, "text", path, _NOT_TEXT)
    if "\x00" in text:
        _refuse(code, "text", path, _NOT_TEXT)
    if size > max_bytes:
        _refuse(code, "too-large", path, f"The file is larger than {max_bytes:,} bytes ({size:,} bytes).")


def load_text(text: str, fmt: TextFormat, *, code: str, max_bytes: int, shape: str, path: str = "") -> dict[str, Any]:
    """The mapping a YAML or JSON text holds; a RuleViolation `<code>-<kind>` at `path` (the kinds are in this
    module's docstring) when it cannot be read, `shape` the sentence for one that is not a mapping of named keys."""
    check_text(text, code=code, max_bytes=max_bytes, path=path)
    try:
        data = json.loads(text, parse_int=_json_int) if fmt == "json" else yaml.load(text, Loader=_Loader)
        _check_values(data)
    except _Refused as refused:
        _refuse(code, refused.kind, path, refused.message)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        _refuse(code, "syntax", path, f"The file is not valid YAML{where}.")
    except json.JSONDecodeError as error:
        _refuse(code, "syntax", path, f"The file is not valid JSON at line {error.lineno}.")
    except RecursionError:  # json's reader, nested past Python's stack (long past MAX_DEPTH)
        _refuse(code, "too-deep", path, _too_deep(None).message)
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        _refuse(code, "shape", path, shape)
    return data


def dump_text(data: Any, fmt: TextFormat) -> str:
    """Plain data as a YAML or JSON text that `load_text` reads back the same (YAML's lists of scalars on one line)."""
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)
