"""The `id` path converter: a row id, at most the largest 64-bit integer a database column holds.

Django's `int` converter takes any digits, and an id wider than the database's integers is a 500 on
SQLite where it should be a 404 (a multi-table child's pk lookup, such as a game's, has no range check)."""

from __future__ import annotations

from django.urls.converters import IntConverter

LARGEST_ID = 2**63 - 1


class IdConverter(IntConverter):
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError("Not an id: wider than any database integer.")
        return number
