"""Reading the API's answers: the one error shape, and who is who in the permission tests."""

from __future__ import annotations

from typing import Any

# The cast of tests/conftest.py, in the order of every permission table.
CAST = ("commissioner", "coach", "rival", "other_commissioner", "anonymous")


def errors(response: Any) -> list[dict[str, str]]:
    """The errors of a response, after checking the API's one shape: {"errors": [{"code", "field", "message"}]}."""
    body = response.json()
    assert set(body) == {"errors"}, body
    assert body["errors"], body
    for item in body["errors"]:
        assert set(item) == {"code", "field", "message"}, item
        assert all(isinstance(value, str) for value in item.values()), item
        assert item["code"], item
        assert item["message"], item
    return body["errors"]


def problems(response: Any) -> set[tuple[str, str]]:
    """The (code, field) of every error in a response, e.g. ("number-duplicate", "athletes[1].number")."""
    return {(e["code"], e["field"]) for e in errors(response)}
