"""Whole-league lists on pages: a page of rows, the viewer's own rows always shown, and "show all" to print.

A league of 1,000 teams would otherwise build and render 1,000 rows on every request. `page_rows` reads one page
(`?page=N`, or the list's own parameter when a page shows several lists) in a fixed number of queries, and adds the
viewer's own rows that are on other pages, pinned above it, so a coach always sees his team. `?all=1` shows every
row of every list on the page (to print), a list read from a query rendered once for its data (pitside.printed).
The template `partials/pager.html` draws the links. The API's lists page the same way with DRF's
count/next/previous/results (`pitside.pagination`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, overload

from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest
from rest_framework.request import Request

from pitside.params import parse_int
from pitside.printed import data_digest

PAGE_SIZE = 25
ALL = "all"  # ?all=1: every row of every list on the page


@dataclass(frozen=True)
class Line[T]:
    item: T
    own: bool  # one of the viewer's rows
    pinned: bool  # an own row from another page, shown above this page's rows


@dataclass(frozen=True)
class Rows[T]:
    """One page of a list (or all of it), for a template: `lines`, then `partials/pager.html` with rows=...

    A list shown whole is read only when its `lines` are (`{% printed %}` serves it from the cache under its
    `print_key`, pitside.printed): `data`, the querysets of what it shows, digested (and counted) in one query."""

    read: Callable[[], list[Line[T]]]
    number: int
    pages: int
    counted: int | None  # None: a list shown whole known by its data, counted with its digest
    start: int  # the position of this page's first row (1-based)
    show_all: bool
    param: str
    request: HttpRequest
    data: tuple[QuerySet[Any], ...] = ()

    @cached_property
    def lines(self) -> list[Line[T]]:
        return self.read()

    @cached_property
    def _digest(self) -> tuple[int, str]:
        return data_digest(self.data)

    @property
    def count(self) -> int:
        return self._digest[0] if self.counted is None else self.counted

    @property
    def print_key(self) -> str | None:
        """The digest of the data of a list shown whole, or None (a page of it, or a list not known by its data)."""
        return self._digest[1] if self.data else None

    @property
    def first(self) -> int:
        """The position of this page's first row (1-based; 0 when the list is empty)."""
        return self.start if self.count else 0

    @property
    def items(self) -> list[T]:
        """This page's rows, without the pinned ones."""
        return [line.item for line in self.lines if not line.pinned]

    @property
    def last(self) -> int:
        return self.first + len(self.items) - 1 if self.items else 0

    def map[U](self, build: Callable[[list[T]], list[U]], *, reads: Sequence[QuerySet[Any]]) -> Rows[U]:
        """The same page with each row made into another, by one call over all of them (one batch of queries).
        `reads`: the querysets of what `build` adds to the rows, which a list shown whole is known by too (none when it
        reads nothing, or when the list is a sequence, which is never known by its data); a list shown whole is built
        when read."""

        def read() -> list[Line[U]]:
            built = build([line.item for line in self.lines])
            return [Line(new, line.own, line.pinned) for line, new in zip(self.lines, built, strict=True)]

        data = (*self.data, *reads) if self.data else ()
        mapped = Rows(read, self.number, self.pages, self.counted, self.start, self.show_all, self.param, self.request, data)
        if not self.show_all:
            mapped.lines  # noqa: B018 (a page is read where it is asked for, as the queries of page_rows are)
        return mapped

    def _url(self, **changes: Any) -> str:
        query = self.request.GET.copy()
        for key, value in changes.items():
            query.pop(key, None)
            if value is not None:
                query[key] = str(value)
        return f"?{query.urlencode()}" if query else "?"

    @property
    def previous_url(self) -> str | None:
        return None if self.show_all or self.number <= 1 else self._url(**{self.param: self.number - 1, ALL: None})

    @property
    def next_url(self) -> str | None:
        return None if self.show_all or self.number >= self.pages else self._url(**{self.param: self.number + 1, ALL: None})

    @property
    def all_url(self) -> str:
        return self._url(**{self.param: None, ALL: 1})

    @property
    def paged_url(self) -> str:
        return self._url(**{ALL: None})


def coached_by(request: HttpRequest | Request, field: str = "coach") -> Q | None:
    """The viewer's own rows of a list of teams (`field` leads to their coach), or None for an anonymous viewer:
    a page's or the API's."""
    return Q(**{field: request.user}) if request.user.is_authenticated else None


def show_all(request: HttpRequest) -> bool:
    return request.GET.get(ALL) == "1"


def page_number(request: HttpRequest, param: str = "page") -> int:
    """The page asked for, from 1 (a bad number is an Invalid: the page answers 400)."""
    value = request.GET.get(param, "")
    return max(parse_int(value, field=param), 1) if value else 1


@overload
def page_rows[M: Model](
    request: HttpRequest,
    rows: QuerySet[M],
    *,
    own: Q | None = None,
    param: str = "page",
    size: int | None = None,
    count: int | None = None,
) -> Rows[M]: ...


@overload
def page_rows[T](
    request: HttpRequest,
    rows: Sequence[T],
    *,
    own: Callable[[T], bool] | None = None,
    param: str = "page",
    size: int | None = None,
) -> Rows[T]: ...


def page_rows(
    request: HttpRequest,
    rows: Any,
    *,
    own: Any = None,
    param: str = "page",
    size: int | None = None,
    count: int | None = None,
) -> Rows[Any]:
    """A page of `rows` (an ordered queryset, or a list already built) with the viewer's own rows, `own` (a Q on
    the queryset, or a test of a list's row; None for nobody's), pinned above it when they are on other pages.
    `size` rows a page, PAGE_SIZE unless given. `count`, a queryset's count when the caller has it (counted with
    other things in one query), spares counting it.

    On a queryset: a count, the page and (when `own` is given) the viewer's rows, at most `size` of them: three
    queries whatever the list's length, one when it is empty. `?all=1` reads nothing until its lines are read (then
    the list and the keys of the viewer's rows, two queries); its count and digest are one query (pitside.printed).
    """
    everything = show_all(request)
    size = size or PAGE_SIZE
    if isinstance(rows, QuerySet) and everything:
        return _whole_queryset(request, rows, own, param)
    if isinstance(rows, QuerySet):
        count, number, first, lines = _queryset_lines(request, rows, own, param, size, count)
    else:
        count, number, first, lines = _list_lines(request, rows, own, param, size, everything)
    pages = 1 if everything else max((count + size - 1) // size, 1)
    return Rows(lambda: lines, number, pages, count, first, everything, param, request)


def _whole_queryset[M: Model](request: HttpRequest, rows: QuerySet[M], own: Q | None, param: str) -> Rows[M]:
    """Every row of a queryset and the keys of the viewer's, two queries when read; known by its data before, which
    includes which rows are the viewer's."""
    mine = rows.filter(own).prefetch_related(None).order_by("pk").values_list("pk", flat=True) if own is not None else None

    def read() -> list[Line[M]]:
        own_keys = set(mine) if mine is not None else set()
        return [Line(row, row.pk in own_keys, False) for row in rows]

    return Rows(read, 1, 1, None, 1, True, param, request, (rows,) if mine is None else (rows, mine))


def _queryset_lines[M: Model](
    request: HttpRequest, rows: QuerySet[M], own: Q | None, param: str, size: int, count: int | None
) -> tuple[int, int, int, list[Line[M]]]:
    count = rows.count() if count is None else count
    number, first = _clamp(page_number(request, param), count, size)
    # An empty list (a week's challenges before the round, say) reads nothing more.
    items = list(rows[first - 1 : first - 1 + size]) if count else []
    mine = list(rows.filter(own)[:size]) if own is not None and count else []
    own_keys = {row.pk for row in mine}
    on_page = {row.pk for row in items}
    pinned = [Line(row, True, True) for row in mine if row.pk not in on_page]
    return count, number, first, pinned + [Line(row, row.pk in own_keys, False) for row in items]


def _list_lines[T](
    request: HttpRequest, rows: Sequence[T], own: Callable[[T], bool] | None, param: str, size: int, everything: bool
) -> tuple[int, int, int, list[Line[T]]]:
    count = len(rows)
    mine = own or (lambda row: False)
    if everything:
        return count, 1, 1, [Line(row, mine(row), False) for row in rows]
    number, first = _clamp(page_number(request, param), count, size)
    start, end = first - 1, first - 1 + size
    # Only a viewer with rows of his own has the others looked through (a sequence may build each row when read).
    pinned = [Line(row, True, True) for i, row in enumerate(rows) if not start <= i < end and own(row)] if own else []
    return count, number, first, pinned[:size] + [Line(row, mine(row), False) for row in rows[start:end]]


def _clamp(number: int, count: int, size: int) -> tuple[int, int]:
    """(page number, position of its first row): past the end is the last page."""
    number = min(number, max((count + size - 1) // size, 1))
    return number, (number - 1) * size + 1
