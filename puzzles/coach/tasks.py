"""Thin Celery tasks of the coach: making a player's exercises when a game
ends or a game record's analysis is done (reads only read: nothing is made
while a page or the API is read).  Each calls one service, imported in its body."""

from __future__ import annotations

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS, at_lowest_priority

# A game's last moves may still be graded when it ends: look again this many
# times, this many seconds apart, while some of the human's moves are ungraded.
GRADE_WAIT_TRIES = 10
GRADE_WAIT_SECONDS = 3


@shared_task(**TASK_OPTIONS)
def exercises_for_game_task(game_id: int, tries_left: int = GRADE_WAIT_TRIES) -> None:
    from . import services

    ungraded = at_lowest_priority(lambda: services.exercises_after_game(game_id=game_id))
    if ungraded and tries_left > 0:
        exercises_for_game_task.apply_async((game_id, tries_left - 1), countdown=GRADE_WAIT_SECONDS)


@shared_task(**TASK_OPTIONS)
def exercises_for_analysis_task(analysis_id: int) -> None:
    from . import services

    services.exercises_after_analysis(analysis_id=analysis_id)
