"""Thin Celery tasks of people games (each imports its service in its body)."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def people_settle_task() -> None:
    """Beat: what a lost ``game_finished`` left (deals not counted, games and
    won matches not rated, accuracies missing), made good; reads never write."""
    from . import upkeep

    upkeep.people_settle()


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def challenges_expire_task() -> None:
    from . import services

    services.challenges_expire()


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def cheating_report_task() -> None:
    """Fit expected play by rating again and score every account (the admin's cheating report)."""
    from . import cheating_report

    cheating_report.cheating_report()
