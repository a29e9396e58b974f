"""Settings for the tests (``pyproject.toml`` names this module): the local settings, with tasks run eagerly
(in the test process, right after the transaction that queued them commits),
a local-memory cache, and a database a real Celery worker started by a test
can share: SQLite in a file by default; PostgreSQL with
``OD_TEST_DATABASE=postgresql`` (a throwaway cluster per test process,
``config.testing``) or when ``DATABASE_URL`` names a PostgreSQL server.  Redis,
when a test needs it, is started by a fixture on the port chosen here."""

import os
import socket
import tempfile
from pathlib import Path

from config.vapid import new_pair

from .local import *  # noqa: F403
from .local import DATABASES, OD_PUSH_HOSTS, env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Each test process (each pytest-xdist worker too) has its own folder for the
# database and its own Redis port; nothing is shared through the environment.
TEST_DIR = Path(tempfile.mkdtemp(prefix="od-site-tests-"))
REDIS_URL = f"redis://127.0.0.1:{_free_port()}/0"
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CHANNEL_LAYERS = {
    "default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [REDIS_URL]}}
}

DATABASES = {
    "default": {
        **DATABASES["default"],
        "ENGINE": "puzzles.core.sqlite",  # as in base.py
        "NAME": str(TEST_DIR / "site.sqlite3"),
        "TEST": {"NAME": str(TEST_DIR / "test-site.sqlite3")},
        "CONN_MAX_AGE": 0,
        "OPTIONS": {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }
}
_database_url = env.str("DATABASE_URL", default="")
if _database_url.startswith(("postgres://", "postgresql://")):
    import dj_database_url

    DATABASES = {"default": {**dj_database_url.parse(_database_url), "TEST": {"NAME": f"test_od_{os.getpid()}"}}}
elif env.str("OD_TEST_DATABASE", default="sqlite") == "postgresql":
    from config.testing import Cluster

    DATABASES = {"default": Cluster().start().settings(name="test_od")}  # type: ignore[dict-item]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
OD_RATE_LIMIT_STORAGE = "memory://"  # as the cache: the process's memory, emptied before each test
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# Web Push: a key pair of this test process's own, whatever the environment or a local file holds.
OD_VAPID_PRIVATE_KEY, OD_VAPID_PUBLIC_KEY = new_pair()
# ...and the push service the tests start at 127.0.0.1 beside the browsers' own.
OD_PUSH_HOSTS = [*OD_PUSH_HOSTS, "127.0.0.1"]
OD_EVENTS = False
OD_HEARTBEAT_SECONDS = 0.0  # no web process here: no heartbeat, the deadlines alone decide
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGGING = {"version": 1, "disable_existing_loggers": False}

# The tests log in with the test client (no request for django-axes to read);
# the lockout test turns it on.
AXES_ENABLED = False
