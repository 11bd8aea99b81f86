from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Violation:
    """One broken rule: a stable code, the input path it concerns and a sentence for people."""

    code: str
    path: str
    message: str


class RuleViolation(Exception):
    """Raised when an input breaks one or more rules; carries every violation found."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations = tuple(violations)
        if not self.violations:
            raise ValueError("RuleViolation needs at least one violation")
        super().__init__("; ".join(v.message for v in self.violations))


def raise_if_any(violations: Iterable[Violation]) -> None:
    found = tuple(violations)
    if found:
        raise RuleViolation(found)


@contextmanager
def paths_under(prefix: str) -> Iterator[None]:
    """Violations raised inside name their paths under `prefix`: a rule that checks part of a bigger input
    ("home.score") answers for the whole one ("report.home.score")."""
    try:
        yield
    except RuleViolation as refused:
        raise RuleViolation(replace(v, path=f"{prefix}{v.path}") for v in refused.violations) from None


@contextmanager
def paths_named(names: Mapping[str, str]) -> Iterator[None]:
    """Violations raised inside name the fields of the request: a rule's own path ("team_b") is answered
    as the field in `names` it stands for ("away_team"); other paths stay as they are."""
    try:
        yield
    except RuleViolation as refused:
        raise RuleViolation(replace(v, path=names.get(v.path, v.path)) for v in refused.violations) from None
