"""Thin Celery tasks: pair an arena, move one event on, the beat's tick."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS, task_options


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def arena_pair_task(tournament_id: int) -> None:
    from .services import tournament_tick

    tournament_tick(tournament_id)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def tournament_tick_task(tournament_id: int) -> None:
    from .services import tournament_tick

    tournament_tick(tournament_id)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def tournaments_tick_task() -> int:
    from .services import tournaments_tick

    return tournaments_tick()


@shared_task(**task_options("record"))  # type: ignore[untyped-decorator]  # celery has no type hints
def duplicate_close_task(tournament_id: int) -> None:
    from .duplicates import close
    from .results import ranks_store

    close(tournament_id)
    ranks_store(tournament_id)  # its standings final now that its deals are solved


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def schedule_upkeep_task() -> int:
    from .schedule import schedule_upkeep

    return schedule_upkeep()
