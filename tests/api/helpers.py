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


def scheduled_through(client_of: Any, url: str, actor: str, status: int, place: str) -> dict[str, Any]:
    """The shared schedule write (games.api, ResultLifecycle.schedule) of the game at `url` (its API address): a date
    that is not one is refused; `actor` setting a date and `place` is answered `status`; the game as anyone reads it
    after, dated and placed only when he might. Returns that game's answer."""
    assert client_of("coach").post(url + "schedule/", {"scheduled_for": "June"}, format="json").status_code == 400

    response = client_of(actor).post(url + "schedule/", {"scheduled_for": "2026-06-01", "location": place}, format="json")

    assert response.status_code == status
    shown: dict[str, Any] = client_of("anonymous").get(url).json()
    assert (shown["scheduled_for"], shown["location"]) == (("2026-06-01", place) if status == 200 else (None, ""))
    return shown
