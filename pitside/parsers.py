"""The API's JSON parser: it refuses what the database or Python cannot take, as a 400 at the boundary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

# Deeper than any request Pitside takes (a match report is four levels deep); a document nested much deeper
# costs a RecursionError in the parser, or later in whatever walks it.
MAX_JSON_DEPTH = 32


def check_json(data: Any) -> None:
    """ParseError for a NUL character anywhere (PostgreSQL can store none, even inside a JSON column, so
    free-form JSON such as options or drafts would fail as a 500), or for nesting deeper than MAX_JSON_DEPTH.
    Walked with a stack, not recursion, so a deep document is no danger here either."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str) and "\x00" in value:
            raise ParseError("Text may not contain NUL characters.")
        if isinstance(value, dict | list):
            if depth == MAX_JSON_DEPTH:
                raise ParseError(f"JSON may be nested at most {MAX_JSON_DEPTH} levels deep.")
            children = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


class JSONParser(parsers.JSONParser):
    """JSON, checked by `check_json`; nesting too deep for Python's own parser is the same 400."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON may be nested at most {MAX_JSON_DEPTH} levels deep.") from None
        check_json(data)
        return data
