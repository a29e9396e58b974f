"""Thin Celery tasks of matches (each imports its service in its body)."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def matches_settle_task() -> None:
    """Beat: count the finished deals whose ``game_finished`` was lost (reads never write)."""
    from . import services

    services.matches_settle()
