"""The heartbeat's table is rewritten 4 times a second by each web process:
no index but its primary key and the process's name, each beat a single
page's write (an index on the time doubled it, and on PostgreSQL ruled out
updates in place)."""

from __future__ import annotations

import pytest
from django.db import connection

from puzzles.core.models import WebBeat


@pytest.mark.django_db
def test_the_beat_time_has_no_index():
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, WebBeat._meta.db_table)
    indexed = [c["columns"] for c in constraints.values() if c["index"] or c["unique"] or c["primary_key"]]
    # (PostgreSQL keeps a second index on the unique name, for LIKE: still the name)
    assert ["beat_at"] not in indexed
    assert set(map(tuple, indexed)) == {("id",), ("name",)}
