"""Thin Celery tasks of offline puzzles: building the keys (runs the solver)."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS, at_lowest_priority


@shared_task(**TASK_OPTIONS)
def keys_build_task(puzzle_ids: list[int]) -> int:
    """Build the offline keys of these puzzles; returns how many were built."""
    from . import services

    return at_lowest_priority(lambda: services.keys_build([int(pk) for pk in puzzle_ids]))


@shared_task(**TASK_OPTIONS)
def keys_upkeep_task() -> int:
    """Beat: ask for the keys of a batch of puzzles that have none (built by ``keys_build_task``)."""
    from . import services

    return services.keys_upkeep()
