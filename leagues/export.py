"""A whole league as one JSON document, and back: its export and its restore.

Which tables belong to a league is not listed by hand: `league_tables()` walks the model graph from League
through every foreign key, one-to-one (a game system's game table inheriting games.Game) and many-to-many table
that points into it, so a new model hanging off a league is exported without a change here. Each table's rows are
found by one filter along a non-null chain of foreign keys to the league (`LeagueTable.path`). Users are not the
league's: a foreign key to a user is written as the username, and the document lists those users by name only
(never a password hash, an e-mail address or an API token)."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone

from leagues.models import League
from leagues.services import league_require_commissioner
from pitside.errors import Invalid

FORMAT = "pitside-league"
VERSION = 1
# Tables linking to a league that the export leaves out, and why (a test fails on a table neither exported nor here).
EXCLUDED = {
    "webhooks.channel": "its URL and signing secret are credentials of another service, which no download carries",
    "webhooks.delivery": "the record of posts sent to a channel, which is not exported",
}
# Rows checked or written in one statement: well under SQLite's limit on a statement's parameters.
BATCH = 500


@dataclass(frozen=True)
class LeagueTable:
    model: type[models.Model]
    # The lookup from a row to its league (`team__league`), "" for the league itself.
    path: str

    @property
    def label(self) -> str:
        return self.model._meta.label_lower

    @property
    def fields(self) -> list[models.Field[Any, Any]]:
        # Local fields only: a game system's game row holds its own columns, games.game the shared ones.
        return list(self.model._meta.local_concrete_fields)

    def rows(self, league_id: int) -> models.QuerySet[Any]:
        manager = self.model._base_manager
        rows = manager.filter(pk=league_id) if not self.path else manager.filter(**{self.path: league_id})
        return rows.order_by("pk")


def _is_user_link(field: models.Field[Any, Any]) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _links(model: type[models.Model]) -> Iterator[models.ForeignKey[Any, Any]]:
    """The model's own foreign keys and one-to-ones (an inheriting model's link to its parent among them)."""
    for field in model._meta.local_concrete_fields:
        if isinstance(field, models.ForeignKey):
            yield field


@cache
def league_tables() -> tuple[LeagueTable, ...]:
    """Every table holding a league's rows, parents before the tables that point at them."""
    reachable: set[type[models.Model]] = {League}
    frontier: list[type[models.Model]] = [League]
    while frontier:
        target = frontier.pop()
        # Hidden relations too (`related_name="+"`): a link nobody follows backwards still holds the league's rows.
        relations = [f for f in target._meta.get_fields(include_hidden=True) if isinstance(f, models.ForeignObjectRel)]
        pointing = [_pointing_table(rel) for rel in relations if rel.model is target]
        pointing += [_pointing_table(f.remote_field) for f in target._meta.local_many_to_many]  # its own many-to-many tables
        for model in pointing:
            if model not in reachable and model is not get_user_model() and model._meta.label_lower not in EXCLUDED:
                reachable.add(model)
                frontier.append(model)
    # Each table's shortest chain of non-null links to the league, found by relaxing until nothing changes.
    paths: dict[type[models.Model], str] = {League: ""}
    changed = True
    while changed:
        changed = False
        for model in reachable - {League}:
            for link in _links(model):
                parent = link.related_model
                if link.null or parent is model or parent not in paths:
                    continue
                path = "__".join(filter(None, [link.name, paths[parent]]))
                if model not in paths or path.count("__") < paths[model].count("__"):
                    paths[model], changed = path, True
    lost = sorted(m._meta.label for m in reachable if m not in paths)
    if lost:
        raise LookupError(f"No non-null chain of links from these tables to their league: {', '.join(lost)}")
    return tuple(LeagueTable(model, paths[model]) for model in _parents_first(sorted(paths, key=lambda m: m._meta.label)))


def _parents_first(models_: list[type[models.Model]]) -> list[type[models.Model]]:
    """Tables ordered so that a table comes after every table it links to (self-links aside)."""
    done: list[type[models.Model]] = []
    pending = list(models_)
    while pending:
        ready = [
            m for m in pending if not any(link.related_model in pending for link in _links(m) if link.related_model is not m)
        ]
        # A cycle of links would leave nothing ready: the foreign keys are checked at commit (deferred) anyway.
        for model in ready or pending[:1]:
            done.append(model)
            pending.remove(model)
    return done


def _pointing_table(rel: models.ForeignObjectRel) -> type[models.Model]:
    """The table holding the link of a relation that points at a model: the many-to-many table, else the model's."""
    table = rel.through if isinstance(rel, models.ManyToManyRel) else rel.related_model
    assert table is not None  # a concrete link always has its table
    return table


def _plain(value: Any) -> Any:
    """A column's value as JSON: dates and times in ISO 8601 (with microseconds and offset, so they come back equal)."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def league_export(*, league: League, user: Any) -> dict[str, Any]:
    """The commissioner's whole league: one query per table, and one for the users they name."""
    league_require_commissioner(league=league, user=user)
    return league_document(league.pk)


def league_document(league_id: int) -> dict[str, Any]:
    """The export document of a league (no permission check: the management command's)."""
    tables: dict[str, list[dict[str, Any]]] = {}
    user_links: list[tuple[list[dict[str, Any]], str]] = []
    user_ids: set[int] = set()
    for table in league_tables():
        fields = table.fields
        rows = [
            {f.name: _plain(v) for f, v in zip(fields, values, strict=True)}
            for values in table.rows(league_id).values_list(*(f.attname for f in fields))
        ]
        tables[table.label] = rows
        for field in filter(_is_user_link, fields):
            user_links.append((rows, field.name))
            user_ids.update(row[field.name] for row in rows if row[field.name] is not None)
    users = get_user_model().objects.filter(pk__in=user_ids).order_by("username")
    usernames = {u.pk: u.username for u in users}
    for rows, name in user_links:
        for row in rows:
            if row[name] is not None:
                row[name] = usernames[row[name]]
    (league,) = tables["leagues.league"]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "league": league,
        "users": [{"username": u.username, "first_name": u.first_name, "last_name": u.last_name} for u in users],
        "tables": tables,
    }


def league_zip(document: dict[str, Any]) -> bytes:
    """The document as a ZIP: league.json (the whole document) and one CSV a table (JSON columns as JSON text)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("league.json", json.dumps(document, indent=1, ensure_ascii=False))
        for label, table in zip(document["tables"], league_tables(), strict=True):
            names = [f.name for f in table.fields]
            text = io.StringIO()
            writer = csv.writer(text)
            writer.writerow(names)
            for row in document["tables"][label]:
                writer.writerow([json.dumps(row[n]) if isinstance(row[n], dict | list) else row[n] for n in names])
            archive.writestr(f"{label}.csv", text.getvalue())
    return buffer.getvalue()


def _refuse(message: str) -> Invalid:
    return Invalid.one("export-unusable", "file", message)


def _users_by_name(entries: Iterable[dict[str, Any]]) -> dict[str, int]:
    """The document's users, by username: the existing user of that name, else a new one with no usable password."""
    model = get_user_model()
    wanted = {e["username"]: e for e in entries}
    found = {u.username: u.pk for u in model.objects.filter(username__in=list(wanted))}
    for username, entry in wanted.items():
        if username not in found:
            user = model(username=username, first_name=entry.get("first_name", ""), last_name=entry.get("last_name", ""))
            user.set_unusable_password()
            user.save()
            found[username] = user.pk
    return found


def league_restore(*, document: dict[str, Any]) -> League:
    """Write an exported league back, every row with its own primary key, all or nothing. Refused when the
    document is not an export of this version, names a table Pitside does not have, holds a value its column does
    not take or a link to a row it does not have, or when any of its rows' ids is already taken (restore into an
    empty database, or one where that league and its ids are free)."""
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise _refuse(f"Not a {FORMAT} export of version {VERSION}.")
    tables = {t.label: t for t in league_tables()}
    unknown = sorted(set(document.get("tables", {})) - set(tables))
    if unknown:
        raise _refuse(f"Tables Pitside does not have: {', '.join(unknown)}.")
    rows_of = {label: document["tables"].get(label, []) for label in tables}
    try:
        _confine(tables, rows_of)
        # Its own transaction, so that the foreign keys (deferred to the commit) are checked inside the `try`.
        with transaction.atomic():
            _restore_rows(tables, rows_of, _users_by_name(document.get("users", [])))
    except (KeyError, TypeError, ValueError, ValidationError, DatabaseError) as unusable:
        raise _refuse(f"The file's rows cannot be restored: {unusable!r}") from None
    (league,) = rows_of["leagues.league"]
    return League.objects.get(pk=league["id"])


def _confine(tables: dict[str, LeagueTable], rows_of: dict[str, list[dict[str, Any]]]) -> None:
    """Refuse a file that is not one league whole: it holds exactly one league row, and every link of every row to a
    league's table names a row of this file (users, named by username, are the only rows it may share). The database's
    foreign-key check cannot see this: a link to a team of another league already there holds as a key."""
    leagues = rows_of["leagues.league"]
    if len(leagues) != 1:
        raise _refuse(f"The file holds {len(leagues)} leagues: a restore writes exactly one.")
    known: dict[models.Field[Any, Any], set[Any]] = {}
    for label, table in tables.items():
        links = [link for link in _links(table.model) if link.related_model._meta.label_lower in tables]
        for link in links:
            target = link.target_field
            if target not in known:
                known[target] = {target.to_python(row[target.name]) for row in rows_of[target.model._meta.label_lower]}
        for row in rows_of[label]:
            for link in links:
                value = row.get(link.name)
                if value is not None and link.target_field.to_python(value) not in known[link.target_field]:
                    name = row.get(table.model._meta.pk.name)
                    raise _refuse(
                        f"The file's rows cannot be restored: {label} {name}: its {link.name} {value} is not a row of this "
                        "file, which restores one league."
                    )


def _restore_rows(tables: dict[str, LeagueTable], rows_of: dict[str, list[dict[str, Any]]], users: dict[str, int]) -> None:
    for label, rows in rows_of.items():
        model = tables[label].model
        ids = [row[model._meta.pk.name] for row in rows]
        for start in range(0, len(ids), BATCH):
            if model._base_manager.filter(pk__in=ids[start : start + BATCH]).exists():
                raise _refuse(f"Rows of {label} with ids of this file exist already: restore into an empty database.")
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for label, table in tables.items():
            fields = table.fields
            columns = ", ".join(quote(f.column) for f in fields if f.column)
            sql = f"INSERT INTO {quote(table.model._meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
            values = [[_column(f, row.get(f.name), users) for f in fields] for row in rows_of[label]]
            for start in range(0, len(values), BATCH):
                cursor.executemany(sql, values[start : start + BATCH])
        # PostgreSQL hands out ids from sequences, which these explicit ids did not move on.
        for statement in connection.ops.sequence_reset_sql(no_style(), [t.model for t in tables.values()]):
            cursor.execute(statement)


def _column(field: models.Field[Any, Any], value: Any, users: dict[str, int]) -> Any:
    if value is not None and _is_user_link(field):
        value = users[value]
    elif value is not None and not isinstance(field, models.JSONField):
        value = field.to_python(value)
    return field.get_db_prep_save(value, connection)
