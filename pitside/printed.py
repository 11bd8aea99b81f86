"""A list shown whole ("show all", `?all=1`, to print) rendered once for the data it shows, then served from the cache.

Reading and rendering a list of 1,000 teams (5,000 matches) costs seconds, on every request. A list shown whole
(pitside.paging.page_rows on a queryset) is instead known by the digest of its data, which the database makes in
one query: every column its query reads (joins and annotations included) of every row in order, the rows it
prefetches, what its page completes the rows with (`Rows.map`'s `reads`) and which rows are the viewer's.
`{% printed rows vary... %}...{% endprinted %}` around the list's rows serves them from the cache under that digest
(with the template's code and the other values the rows print, `vary`), or renders and stores them, reading the
rows only then. A write to any row the list shows changes its digest: a changed list is never served stale.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator, Sequence
from typing import Any

from django import template
from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Prefetch, QuerySet
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from redis.exceptions import RedisError

from sheets.services import code_version

register = template.Library()
logger = logging.getLogger(__name__)

SECONDS = 7 * 24 * 3600  # a list nobody prints for a week leaves the cache (a changed one is never read again)


def data_digest(data: Sequence[QuerySet[Any]]) -> tuple[int, str]:
    """(the first queryset's row count, the digest of every queryset's rows and of those each prefetches), in one
    query. On PostgreSQL the database digests each row's text; elsewhere (SQLite, a small league) Python does."""
    queries = [query for queryset in data for query in (queryset, *_prefetched(queryset))]
    compiled = [_sql(query) for query in queries]
    if connection.vendor == "postgresql":
        parts = [
            f"(SELECT count(*) AS n, md5(string_agg(t::text, chr(10))) AS d FROM ({sql}) t) p{i}"
            for i, (sql, _) in enumerate(compiled)
        ]
        digests = ", ".join(f"p{i}.d" for i in range(len(parts)))
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT p0.n, {digests} FROM {', '.join(parts)}", [p for _, params in compiled for p in params])
            count, *texts = cursor.fetchone()
        return count, hashlib.sha256(repr(texts).encode()).hexdigest()
    digest = hashlib.sha256()
    counts = []
    with connection.cursor() as cursor:
        for sql, params in compiled:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
            counts.append(len(rows))
            digest.update(repr(rows).encode())
    return counts[0], digest.hexdigest()


def _sql(query: QuerySet[Any]) -> tuple[str, tuple[Any, ...]]:
    """The query's SQL and parameters; a query known to be empty (`.none()`, `__in=[]`) is one of no rows."""
    try:
        sql, params = query.query.sql_with_params()
    except EmptyResultSet:
        return "SELECT NULL WHERE 1 = 0", ()
    return sql, tuple(params)


def _prefetched(rows: QuerySet[Any]) -> Iterator[QuerySet[Any]]:
    """The rows `rows` prefetches (one-to-many relations of its model, each as its Prefetch's queryset reads them)."""
    for lookup in rows._prefetch_related_lookups:  # type: ignore[attr-defined]
        name = lookup.prefetch_through if isinstance(lookup, Prefetch) else lookup
        relation = rows.model._meta.get_field(name.split("__")[0])
        if "__" in name or not relation.one_to_many:
            raise ValueError(f"A printed list's digest reads one-to-many prefetches only, not {name!r}.")
        related = lookup.queryset if isinstance(lookup, Prefetch) and lookup.queryset is not None else None
        related = related if related is not None else relation.related_model._default_manager.all()
        parent = relation.field.name
        yield related.filter(**{f"{parent}__in": rows.order_by().values("pk")}).order_by(f"{parent}_id", "pk")


class PrintedNode(Node):
    def __init__(self, nodelist: NodeList, rows: FilterExpression, vary: list[FilterExpression]) -> None:
        self.nodelist, self.rows, self.vary = nodelist, rows, vary

    def render(self, context: Context) -> SafeString:
        key = self.rows.resolve(context).print_key
        if key is None:  # a page of the list, or a list not known by its data
            return self.nodelist.render(context)
        where = (self.origin.name, self.token.position if self.token else None)  # which list of which template
        parts = [key, repr(where), get_language(), *(repr(value.resolve(context)) for value in self.vary)]
        cache_key = "printed:" + hashlib.sha256(code_version() + "\0".join(parts).encode()).hexdigest()
        try:
            html: str | None = cache.get(cache_key)
        except RedisError:
            logger.warning("Printed list not read from the cache: it is down.", exc_info=True)
            html = None
        if html is None:
            html = self.nodelist.render(context)
            try:
                cache.set(cache_key, str(html), SECONDS)
            except RedisError:  # the list is served all the same, as a page of it is
                logger.warning("Printed list not stored: the cache is down.", exc_info=True)
        return mark_safe(html)


@register.tag
def printed(parser: Parser, token: Token) -> PrintedNode:
    """`{% printed rows [value ...] %}...{% endprinted %}`: the list's rows, from the cache when shown whole; each
    `value` is one more thing they print besides the rows' data (a flag of the page's, say)."""
    rows, *vary = token.split_contents()[1:]
    nodelist = parser.parse(("endprinted",))
    parser.delete_first_token()
    return PrintedNode(nodelist, parser.compile_filter(rows), [parser.compile_filter(value) for value in vary])
