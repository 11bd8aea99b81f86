"""Whole numbers sent as text (a query string or a form's value), parsed in one place.

`str.isdigit()` is no check before `int()`: it takes '²' and '٣' (int() refuses the first) and 5,000 digits
(int() refuses more than 4,300), and a number wider than the database's integers fails the query. Here
only ASCII digits up to the largest 64-bit integer pass; anything else is an Invalid naming the field,
which the API and the pages (`domain_errors`, `refusal_shown_by`) answer with a 400.
"""

from __future__ import annotations

import re

from pitside.converters import LARGEST_ID
from pitside.errors import Invalid

_DIGITS = re.compile(r"[0-9]{1,19}")


def parse_int(value: str, *, field: str) -> int:
    """`value` as a whole number from 0 to 2**63 - 1, or Invalid naming `field`."""
    if _DIGITS.fullmatch(value) and int(value) <= LARGEST_ID:
        return int(value)
    raise Invalid.one("invalid", field, f"{field} must be a whole number.")


def parse_ints(values: list[str], *, field: str) -> list[int]:
    """Each of `values` (a form's list) as `parse_int` reads it."""
    return [parse_int(value, field=field) for value in values]
