"""A page of a long list, with the viewer's own lines always shown, and the whole list on request (`?all=1`):
how the Blood Bowl standings page and API show a league of any size at the same cost."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Model, Q, QuerySet

from pitside.params import parse_int

PAGE_SIZE = 50  # the lines of a page (the API's default page size too)


@dataclass(frozen=True)
class Page[T: Model]:
    """One page of an ordered list and the viewer's own lines that are not on it. When the whole list is
    shown (`everything`), it is the one page and `own` is empty."""

    rows: list[T]
    own: list[T]
    number: int
    pages: int
    count: int
    everything: bool

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


def page_wanted(query: Mapping[str, str]) -> tuple[int, bool]:
    """The page number (`?page=`, 1 by default) and whether the whole list is wanted (`?all=1`) from a query string."""
    return parse_int(query.get("page", "1"), field="page"), query.get("all") in ("1", "true")


def page_of[T: Model](
    queryset: QuerySet[T], own: Q | None, *, number: int = 1, everything: bool = False, size: int = PAGE_SIZE
) -> Page[T]:
    """Page `number` (the last one when past it) of `size` lines of the ordered queryset, or all of it, and its lines
    matching `own` not on the page: at most three queries (the count, the page, the own lines) whatever the list's
    length."""
    if everything:
        rows = list(queryset)
        return Page(rows, [], 1, 1, len(rows), True)
    count = queryset.count()
    pages = max(1, -(-count // size))
    number = min(max(number, 1), pages)
    rows = list(queryset[(number - 1) * size : number * size])
    mine = list(queryset.filter(own).exclude(pk__in=[row.pk for row in rows])) if own is not None else []
    return Page(rows, mine, number, pages, count, False)


def coached_by(user: Any, path: str) -> Q | None:
    """The lines of the teams `user` coaches (`path` leads from a line to its team's coach), None for a visitor."""
    return Q(**{path: user.pk}) if getattr(user, "is_authenticated", False) else None
