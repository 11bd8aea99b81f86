"""Domain errors raised by services; the API and the pages turn them into 4xx answers.

An engine rule's RuleViolation is not caught by the services: the API's exception handler and the pages'
`refusal_shown_by` and `domain_errors` turn it into the same answer as an Invalid, with `Invalid.from_rules`.
"""

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
    def from_rules(cls, refused: RuleViolation) -> Invalid:
        """The engine's violations as error items: each one's path is the field it names."""
        return cls(ErrorItem(v.code, v.path, v.message) for v in refused.violations)


class NotPermitted(DomainError):
    status = 403


class NotFound(DomainError):
    status = 404
