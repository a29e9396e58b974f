"""A move between people stored in one statement, on PostgreSQL: the game's
row updated if its version is still the one read, and the move's row
inserted if it was, by one ``WITH ... UPDATE ... INSERT`` in autocommit,
which PostgreSQL runs atomically.

The ORM's way, a transaction around an ``INSERT`` and an ``UPDATE``, costs
four round trips (BEGIN, the two, COMMIT) and builds both queries anew for
each move: ``bench/people_bench.py`` measured that at a quarter of the web
server's CPU time a move.  Here the statement's text is built once for each
set of the game's fields a move writes (a handful in all) and only its
parameters for each move, made by the fields themselves as the ORM makes
them (``get_db_prep_save``).

When the version is no longer the one read nothing is written and
``Raced`` is raised, as the ORM's conditional update does; a ply already
stored (a unique row) undoes the statement and raises ``Raced`` as well.  Any other
database, a move inside a transaction already open, or a field written as
an expression other than ``F(name) + n``: ``None``, and the caller stores
the move the ORM's way."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, connection
from django.db.models import F, Field, Value
from django.db.models.expressions import CombinedExpression

from .models import Game, GameMove

_statements: dict[tuple[tuple[str, bool], ...], str] = {}


def available() -> bool:
    """Whether a move may be stored in one statement here and now."""
    return connection.vendor == "postgresql" and not connection.in_atomic_block


def _increment(name: str, value: Any) -> int | None:
    """``n`` when ``value`` is ``F(name) + n``, else None."""
    if (
        isinstance(value, CombinedExpression)
        and value.connector == "+"
        and isinstance(value.lhs, F)
        and value.lhs.name == name
        and isinstance(value.rhs, Value)
        and isinstance(value.rhs.value, int)
    ):
        return value.rhs.value
    return None


def _game_field(name: str) -> Field[Any, Any]:
    field = Game._meta.get_field(name)
    assert isinstance(field, Field)  # a column of the game's table, as the ORM's update takes them
    return field


def _statement(shape: tuple[tuple[str, bool], ...]) -> str:
    """The statement's text for the game's fields ``shape`` (each: its name and
    whether it is incremented)."""
    found = _statements.get(shape)
    if found is None:
        quote = connection.ops.quote_name
        columns = [f for f in GameMove._meta.concrete_fields if not f.primary_key]
        sets = ", ".join(
            f"{quote(column)} = {quote(column)} + %s" if counted else f"{quote(column)} = %s"
            for column, counted in ((_game_field(name).column, counted) for name, counted in shape)
        )
        # the insert reads the update's row: no row updated (the version is gone), no row inserted
        found = _statements[shape] = (
            f"WITH moved AS (UPDATE {quote(Game._meta.db_table)} SET {sets} "
            f"WHERE {quote(_game_field('id').column)} = %s AND {quote('version')} = %s "
            f"RETURNING {quote(_game_field('id').column)}) "
            f"INSERT INTO {quote(GameMove._meta.db_table)} ({', '.join(quote(f.column) for f in columns)}) "
            f"SELECT {', '.join(f'%s::{f.db_type(connection)}' for f in columns)} FROM moved "
            f"RETURNING {quote(GameMove._meta.pk.column)}"
        )
    return found


def write(game: Game, record: GameMove, fields: dict[str, Any]) -> bool:
    """Store ``record`` and update ``game`` (at the version read) with
    ``fields`` in one statement; False when that cannot be done here (the
    caller stores them the ORM's way).  Raises ``Raced`` when the game has
    moved on."""
    from .moves import Raced  # moves imports this module

    if not available():
        return False
    shape: list[tuple[str, bool]] = []
    params: list[Any] = []
    for name, value in fields.items():
        counted = _increment(name, value)
        if counted is None and hasattr(value, "resolve_expression"):
            return False  # an expression this statement does not write
        shape.append((name, counted is not None))
        params.append(counted if counted is not None else _game_field(name).get_db_prep_save(value, connection))
    columns = [f for f in GameMove._meta.concrete_fields if not f.primary_key]
    inserted = [f.get_db_prep_save(f.pre_save(record, True), connection) for f in columns]
    sql = _statement(tuple(shape))
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, game.pk, game.version, *inserted])
            row = cursor.fetchone()
    except IntegrityError:  # the ply is stored already: another move came first
        raise Raced from None
    if row is None:  # the version read is gone: nothing was written
        raise Raced
    record.pk = row[0]
    record._state.adding, record._state.db = False, connection.alias
    return True
