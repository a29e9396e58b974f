"""Thin Celery tasks of the daily deal: the beat makes today's deal (and asks
for its start's analysis) before the first player comes."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)
def daily_deal_task() -> str:
    from . import services

    return services.deal_ensure().day.isoformat()
