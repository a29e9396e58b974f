"""The site's tests run on the database they say: SQLite by default, and a
real PostgreSQL with ``OD_TEST_DATABASE=postgresql`` (``make test`` runs them
on both) or when ``DATABASE_URL`` names a PostgreSQL server."""

from __future__ import annotations

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_the_tests_run_on_the_database_asked_for():
    url = os.environ.get("DATABASE_URL", "")
    wanted = (
        "postgresql" if url.startswith("postgres") or os.environ.get("OD_TEST_DATABASE") == "postgresql" else "sqlite"
    )
    assert connection.vendor == wanted
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone()[0] == 1
    if wanted == "postgresql":
        assert connection.settings_dict["NAME"].startswith("test_")  # never the cluster's own database


def test_every_position_column_holds_the_longest_position_string():
    """A position of any variant fits every column that stores one (a
    double-nine deal, with its 27 stones out, is the longest)."""
    from django.apps import apps
    from django.db import models

    from solver import deal
    from solver.variant import VARIANTS

    longest = max(len(str(deal(seed, variant))) for variant in VARIANTS for seed in range(20))
    columns = [
        (model.__name__, field.name, field.max_length)
        for model in apps.get_models()
        if model.__module__.startswith("puzzles.")
        for field in model._meta.get_fields()
        if isinstance(field, models.CharField) and "position" in field.name
    ]
    assert len(columns) >= 8, columns
    assert [c for c in columns if c[2] < longest] == [], longest
