from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


class JSONParser(parsers.JSONParser):
    """JSON, refusing a NUL character anywhere in it: PostgreSQL can store none, even inside a
    JSON column, so free-form JSON (options, drafts) would otherwise fail as a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        if _has_nul(data):
            raise ParseError("Text may not contain NUL characters.")
        return data
