"""The Django project of the open-domino training site.

The Celery app is imported here so that ``shared_task`` binds to it whenever
Django starts (web server, management commands, tests)."""

from .celery_app import app as celery_app

__all__ = ("celery_app",)
