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

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("open_domino")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
