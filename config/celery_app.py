"""The Celery app: Redis is broker, result backend and cache.

Run a worker and beat with::

    celery -A config.celery_app worker -l INFO
    celery -A config.celery_app beat -l INFO

Configuration is read from Django's settings, every ``CELERY_*`` name
(``CELERY_TASK_ACKS_LATE`` is ``task_acks_late`` here): JSON only, tasks
acknowledged after they ran, a task whose worker died is handed out again,
one message prefetched per process, soft and hard time limits.
"""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("open_domino")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _database_connections_as_a_request_has_them(**kwargs: object) -> None:
    """What Django does around a request, around a task: a connection that
    broke or outlived ``CONN_MAX_AGE`` is closed (on PostgreSQL, handed back to
    the pool), a sound one kept.  Celery itself would close them all
    (``CELERY_DB_REUSE_MAX`` stops that)."""
    from django.db import close_old_connections

    task = kwargs.get("task")
    if getattr(getattr(task, "request", None), "is_eager", False):
        return  # run in the caller's thread, maybe inside its transaction: its connection is not ours to close
    close_old_connections()


@signals.worker_process_init.connect
def _collector_settled(**kwargs: object) -> None:
    """A pool process, forked with the worker's code loaded: see ``config.gc_tuning``."""
    from config import gc_tuning

    gc_tuning.settle()
