"""The API's parsers: they refuse what the database or Python cannot take, as a 400 at the boundary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from rest_framework import parsers
from rest_framework.exceptions import ParseError

# Deeper than any request Pitside takes (a match report is four levels deep); a document nested much deeper
# costs a RecursionError in the parser, or later in whatever walks it.
MAX_JSON_DEPTH = 32
# PostgreSQL stores no NUL character, in a text column or inside JSON: text holding one would fail as a 500.
NUL_REFUSED = "Text may not contain NUL characters."


def check_json(data: Any) -> None:
    """ParseError for a NUL character anywhere (free-form JSON such as options or drafts goes to JSON columns
    as it is), or for nesting deeper than MAX_JSON_DEPTH. Walked with a stack, not recursion, so a deep
    document is no danger here either."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str) and "\x00" in value:
            raise ParseError(NUL_REFUSED)
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


def form_has_nul(data: QueryDict, files: MultiValueDict[str, Any]) -> bool:
    """Whether a form's names or values, or its files' field names, hold a NUL character (Django takes
    unprintable characters out of a file's own name)."""
    texts = [*data.keys(), *(value for _, values in data.lists() for value in values), *files.keys()]
    return any("\x00" in text for text in texts)


class FormParser(parsers.FormParser):
    """Form-encoded data, refusing a NUL character as the JSON parser does."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        if form_has_nul(data, MultiValueDict()):
            raise ParseError(NUL_REFUSED)
        return data


class MultiPartParser(parsers.MultiPartParser):
    """Multipart data, refusing a NUL character in a name or a value as the JSON parser does."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        if form_has_nul(parsed.data, parsed.files):
            raise ParseError(NUL_REFUSED)
        return parsed
