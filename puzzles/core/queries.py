"""Reads made on every move and every poll, with their SQL built once.

Django builds a query's SQL afresh each time it runs: for
``Game.objects.filter(pk=1).first()`` about 0.4 ms of the web server's time
here, several times what the database takes to answer, and a move's request
made five such reads.  A ``Prepared`` read keeps the SQL Django built for its
queryset the first time and runs it again with new
values: ``objects`` through ``Model.objects.raw``, which still converts every
column as the ORM does, ``rows`` as plain tuples.

The queryset is built once from placeholder values, which must come back
from Django in the order the read's arguments are given (checked on that
first build, so a read whose filters Django orders otherwise fails at once
in the tests rather than mixing up its arguments).  A read built with no
placeholders is one of fixed values (an interval, a status): it keeps the
values Django built with its SQL and runs with them, with no arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

from django.db import connections
from django.db.models import Model, QuerySet
from django.http import Http404

M = TypeVar("M", bound=Model)  # the model of the rows ``objects`` gives


def one_or_404(queryset: QuerySet[M], what: str) -> M:
    """The row ``queryset`` finds (its first); 404 "no such ``what``" when it
    finds none (a player's read: another player's row is as good as missing)."""
    row = queryset.first()
    if row is None:
        raise Http404(f"no such {what}")
    return row


class Prepared(Generic[M]):
    """``build(*placeholders)`` is the queryset; ``objects(*args)`` and
    ``rows(*args)`` run its SQL with ``args`` in the placeholders' places
    (with no placeholders: with the values Django built, and no ``args``)."""

    def __init__(self, build: Callable[..., QuerySet[Any]], *placeholders: Any) -> None:
        self.build = build
        self.placeholders = placeholders
        # (sql, model, database alias, fixed values), built on first use: a
        # process has one default database, so one vendor's SQL
        self._sql: tuple[str, type[M], str, tuple[Any, ...]] | None = None

    def _prepared(self) -> tuple[str, type[M], str, tuple[Any, ...]]:
        if self._sql is None:
            queryset = self.build(*self.placeholders)
            sql, params = queryset.query.sql_with_params()
            fixed = () if self.placeholders else tuple(params)
            if self.placeholders and tuple(map(str, params)) != tuple(map(str, self.placeholders)):
                # (SQLite gives a date as text)
                raise RuntimeError(f"the query's values come as {params!r}, not as its arguments {self.placeholders!r}")
            self._sql = (sql, queryset.model, queryset.db, fixed)
        return self._sql

    def objects(self, *args: Any) -> list[M]:
        if _beyond_columns(args):
            return []
        sql, model, alias, fixed = self._prepared()
        return list(model._default_manager.db_manager(alias).raw(sql, fixed + args))

    def rows(self, *args: Any) -> list[Sequence[Any]]:
        if _beyond_columns(args):
            return []
        sql, _, alias, fixed = self._prepared()
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, fixed + args)
            return cast("list[Sequence[Any]]", cursor.fetchall())  # the cursor is typed Any


def _beyond_columns(args: tuple[Any, ...]) -> bool:
    """Whether a whole number among ``args`` is outside the 64-bit range of
    every integer column (no row has it; SQLite would raise OverflowError
    where the ORM checks first)."""
    return any(type(a) is int and not -(1 << 63) <= a < 1 << 63 for a in args)
