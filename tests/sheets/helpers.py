"""Checks shared by the tests of the sheets known by their rows (sheets.keys)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def assert_each_change_is_seen(both: Callable[[], tuple[Any, str]], changes: Iterable[Callable[[], Any]]) -> None:
    """`both()` answers a sheet's data key and its HTML: with nothing changed both stay the same, and after each
    change (something the sheet prints) both differ."""
    for number, change in enumerate(changes):
        values, html = both()
        assert both() == (values, html)  # nothing changed: the same
        change()
        new_values, new_html = both()
        assert new_html != html, number
        assert new_values != values, number
