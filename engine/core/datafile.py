"""League data sent as a file's text (YAML or JSON), read into plain data in one place: team lists, house values.

YAML is read without anchors and aliases: an alias repeats what its anchor names, so a few nested aliases in a
small file stand for millions of entries (the billion laughs) that checking would then walk.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import yaml

from engine.core.violations import Violation, raise_if_any

type TextFormat = Literal["yaml", "json"]


class _AliasRefused(yaml.YAMLError):
    def __init__(self, mark: yaml.Mark) -> None:
        super().__init__("YAML anchors and aliases are refused.")
        self.mark = mark


class _NoAliasLoader(yaml.SafeLoader):
    """A SafeLoader (plain data, no Python objects) that refuses anchors and aliases."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]  # the stubs leave the parser's methods untyped
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _AliasRefused(event.start_mark)
        return super().compose_node(parent, index)


def load_text(text: str, fmt: TextFormat, *, code: str, path: str = "") -> Any:
    """The plain data of a YAML or JSON text; a RuleViolation at `path` (codes `<code>-syntax`,
    `<code>-yaml-alias`) when it cannot be read."""
    try:
        if fmt == "json":
            return json.loads(text)
        return yaml.load(text, Loader=_NoAliasLoader)
    except _AliasRefused as refused:
        line = refused.mark.line + 1
        message = f"Line {line} has a YAML anchor or alias (& or *): write each entry out in full."
        raise_if_any([Violation(f"{code}-yaml-alias", path, message)])
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise_if_any([Violation(f"{code}-syntax", path, f"The file is not valid YAML{where}.")])
    except json.JSONDecodeError as error:
        raise_if_any([Violation(f"{code}-syntax", path, f"The file is not valid JSON at line {error.lineno}.")])
    except RecursionError:  # nested too deep for either reader: no league data is
        raise_if_any([Violation(f"{code}-syntax", path, "The file is nested too deeply.")])
    return None  # not reached: each refusal above raises


def dump_text(data: Any, fmt: TextFormat) -> str:
    """Plain data as a YAML or JSON text that `load_text` reads back the same (YAML's lists of scalars on one line)."""
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)
