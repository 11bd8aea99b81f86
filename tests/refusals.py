"""A service's refusal as its callers see it: the services let an engine rule's RuleViolation through, and the
API and the pages answer it as the Invalid `Invalid.from_rules` makes (pitside.api_errors, pitside.page_errors)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engine.core.violations import RuleViolation
from pitside.errors import Invalid


@contextmanager
def raises_invalid(match: str | None = None) -> Iterator[pytest.ExceptionInfo[Invalid]]:
    """`pytest.raises(Invalid)` for a refusal that may come from the engine: a RuleViolation is given as the
    Invalid with the items the API and the pages show."""
    refused: pytest.ExceptionInfo[Invalid] = pytest.ExceptionInfo.for_later()
    with pytest.raises((Invalid, RuleViolation), match=match) as raised:
        yield refused
    error = raised.value
    invalid = error if isinstance(error, Invalid) else Invalid.from_rules(error)
    refused.fill_unfilled((type(invalid), invalid, raised.tb))
