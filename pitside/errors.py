"""Domain errors raised by services; the API and the pages turn them into 4xx answers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Self

from engine.core.violations import RuleViolation


@dataclass(frozen=True)
class ErrorItem:
    code: str
    field: str
    message: str


class DomainError(Exception):
    status = 400

    def __init__(self, items: Iterable[ErrorItem]) -> None:
        self.items = tuple(items)
        super().__init__("; ".join(i.message for i in self.items))

    @classmethod
    def one(cls, code: str, field: str, message: str) -> Self:
        return cls([ErrorItem(code, field, message)])


class Invalid(DomainError):
    """The input breaks a rule; nothing was changed."""

    @classmethod
    def from_rules(cls, refused: RuleViolation, prefix: str = "") -> Invalid:
        return cls(ErrorItem(v.code, f"{prefix}{v.path}", v.message) for v in refused.violations)


class NotPermitted(DomainError):
    status = 403


class NotFound(DomainError):
    status = 404
