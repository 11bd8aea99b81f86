"""A sheet's data key: the rows it is made from, every column of them, read in one query.

A sheet known by its data is found without building its page. Its key must change with everything it prints;
naming the printed values one by one drifts as its template grows, so the key takes the rows whole: each row of
each `Rows` becomes one text of all its model's columns (and the related columns named), and the `Rows` of a sheet
are read together, in one UNION ALL. A write the sheet does not print may change the key too: the sheet is then
rendered again for nothing, which is the safe side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Expression, F, Func, QuerySet, TextField, Value
from django.db.models.functions import Cast, Coalesce

# Between two columns, and for NULL: characters no column holds, so that two different rows never read the same.
SEPARATOR = "\x1f"
NULL = "\x1e"
# The id SheetData compiles its query with: no row has it, and no other parameter of a query is this integer.
MARKER = -7_340_032_119


@dataclass(frozen=True)
class Rows:
    """Some rows a sheet is made from: those of `queryset`, each read as every column of its model but those it
    `omit`s (columns the sheet never prints, such as a game's report: large, and read for nothing), or only
    `columns` (for a queryset of values and aggregates), and the `related` columns (paths such as "league__name")."""

    label: str
    queryset: QuerySet[Any]
    related: tuple[str, ...] = ()
    columns: tuple[str, ...] | None = None
    omit: tuple[str, ...] = ()

    def texts(self) -> QuerySet[Any]:
        fields = self.queryset.model._meta.concrete_fields
        names = self.columns if self.columns is not None else [f.attname for f in fields if f.name not in self.omit]
        text = TextField()
        parts: list[Expression | Value] = [Value(self.label, output_field=text)]
        for name in [*names, *self.related]:
            parts += [Value(SEPARATOR, output_field=text), Coalesce(Cast(F(name), text), Value(NULL), output_field=text)]
        # `||` (SQLite and PostgreSQL) over parts never NULL: one flat expression, where Concat nests a pair per part.
        row = Func(*parts, template="(%(expressions)s)", arg_joiner=" || ", output_field=text)
        texts: QuerySet[Any] = self.queryset.order_by().annotate(sheet_row=row).values_list("sheet_row", flat=True)
        return texts


def _union(rows: Sequence[Rows]) -> QuerySet[Any]:
    first, *others = [r.texts() for r in rows]
    return first.union(*others, all=True) if others else first


def sheet_data(*rows: Rows) -> tuple[str, ...]:
    """The rows' texts, in one query (sorted: a union has no order); what sheets.services.sheet_request's `data` answers."""
    return tuple(sorted(_union(rows)))


@dataclass(frozen=True)
class SheetData:
    """The data of one kind of sheet, for any of its objects: `rows(object_id)` names the rows of the object's sheet.
    It answers what sheet_data(*rows(object_id)) answers, but builds and compiles the query once per process and
    database (with MARKER for the id, then run with each object's id in its places): for some sixty columns, the
    ORM's expressions cost ten times more to build and compile than the query takes to run."""

    rows: Callable[[int], Sequence[Rows]]
    _compiled: dict[str, tuple[str, tuple[Any, ...]]] = field(default_factory=dict, compare=False, repr=False)

    def __call__(self, object_id: int) -> tuple[str, ...]:
        sql, params = self._compiled.get(connection.vendor) or self._compile()
        with connection.cursor() as cursor:
            cursor.execute(sql, [object_id if param == MARKER else param for param in params])
            return tuple(sorted(text for (text,) in cursor.fetchall()))

    def _compile(self) -> tuple[str, tuple[Any, ...]]:
        sql, params = _union(self.rows(MARKER)).query.sql_with_params()
        if MARKER not in params:
            raise ValueError("These rows do not depend on the object's id.")
        self._compiled[connection.vendor] = (sql, tuple(params))
        return sql, tuple(params)
