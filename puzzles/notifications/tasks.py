"""Thin Celery tasks: make and send the notices of one event."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def turn_notify_task(game_id: int, ply: int, seat: str) -> int:
    from .services import turn_notify

    return turn_notify(game_id, ply, seat)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def ended_notify_task(game_id: int) -> int:
    from .services import ended_notify

    return ended_notify(game_id)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def challenge_notify_task(challenge_id: int) -> int:
    from .services import challenge_notify

    return challenge_notify(challenge_id)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def tournament_notify_task(tournament_id: int) -> int:
    from .services import tournament_notify

    return tournament_notify(tournament_id)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def turns_settle_task() -> int:
    """Beat: the turn notices a lost signal left unsent, sent once."""
    from .sweep import turns_settle

    return turns_settle()
