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
    wanted = "postgresql" if url.startswith("postgres") or os.environ.get("OD_TEST_DATABASE") == "postgresql" else "sqlite"
    assert connection.vendor == wanted
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone()[0] == 1
    if wanted == "postgresql":
        assert connection.settings_dict["NAME"].startswith("test_")  # never the cluster's own database
