"""Tests of a data migration: one app's database taken back to a migration
of its own, rows written with the historical models there, and forward."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@contextmanager
def migrations_of(app: str) -> Iterator[Callable[..., Apps]]:
    """A function that migrates ``app`` to the migration it names (its newest
    when it names none) and returns the historical models there; on the way
    out, whatever happened, the app is migrated to its newest again."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes(app)[0][1]

    def migrate(target: str | None = None) -> Apps:
        executor = MigrationExecutor(connection)
        executor.migrate([(app, target or latest)])
        executor.loader.build_graph()
        return executor.loader.project_state([(app, target or latest)]).apps

    try:
        yield migrate
    finally:
        migrate(latest)
