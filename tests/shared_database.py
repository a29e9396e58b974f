"""The URL of the test database, for a real worker started by a test: it must
share the test process's database (a SQLite file, or PostgreSQL)."""

from __future__ import annotations


def database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"] in ("django.db.backends.sqlite3", "puzzles.core.sqlite"):
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
