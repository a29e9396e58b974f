"""Thin Celery tasks of the archive."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import task_options


# a month of games is read and compressed: the long limits of the endgame library's build
@shared_task(**task_options("library"))  # type: ignore[untyped-decorator]  # celery has no type hints
def open_data_month_task() -> str:
    """Last month's open data file (the beat runs it on the first of the month; idempotent)."""
    from .services import open_data_write, previous_month

    return open_data_write(previous_month()).name
