"""Whole numbers from a query string or a form: ASCII digits up to the largest database integer, else a 400."""

from __future__ import annotations

import pytest

from pitside.errors import Invalid
from pitside.params import parse_int, parse_ints


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("017", 17), (str(2**63 - 1), 2**63 - 1)])
def test_digits_are_a_whole_number(text, number):
    assert parse_int(text, field="week") == number


@pytest.mark.parametrize("text", ["", "\u00b2", "\u0663", "\uff11", "-1", "+1", " 1", "1.0", "1e3", str(2**63), "9" * 5000])
def test_anything_else_is_invalid_naming_the_field(text):
    with pytest.raises(Invalid) as refused:
        parse_int(text, field="week")
    assert [(item.code, item.field) for item in refused.value.items] == [("invalid", "week")]


def test_a_list_is_read_value_by_value():
    assert parse_ints(["3", "12"], field="athletes") == [3, 12]
    with pytest.raises(Invalid):
        parse_ints(["3", "\u00b2"], field="athletes")
