"""Thin Celery tasks of the daily deal: the beat makes today's deal (and asks
for its start's analysis) before the first player comes, and records the
finished games whose result is not written yet (reads never write it)."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def daily_deal_task() -> str:
    from . import services

    return services.deal_ensure().day.isoformat()


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def daily_settle_task() -> int:
    """Beat: record the finished daily games whose last grade came after
    their end, or whose ``game_finished`` was lost (``services.entries_settle``)."""
    from . import services

    return services.entries_settle()
