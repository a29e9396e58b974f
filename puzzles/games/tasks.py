"""Thin Celery tasks of practice games: each takes an id, loads the row and
calls one service (imported in the body: services queue these tasks)."""

from __future__ import annotations

import logging

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS, at_lowest_priority

log = logging.getLogger(__name__)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def grade_move_task(move_id: int) -> None:
    """Grade a human's move, then queue the solver's reply if it is its turn."""
    from . import grading
    from .models import GameMove

    move = GameMove.objects.filter(pk=move_id).first()
    if move is None:
        log.warning("grade_move_task: no move %s", move_id)
        return
    grading.human_move_settle(move=move)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def solver_turn_task(game_id: int) -> None:
    from . import selectors, services

    game = selectors.game_by_id(game_id)
    if game is None:
        log.warning("solver_turn_task: no game %s", game_id)
        return
    services.game_play_solver_turn(game=game)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def turn_prepare_task(game_id: int, position: str) -> None:
    """The analyses the human's move in ``position`` will need, computed before it comes."""
    from . import lookahead, selectors

    game = selectors.game_by_id(game_id)
    if game is None:
        log.warning("turn_prepare_task: no game %s", game_id)
        return
    lookahead.turn_prepare(game=game, position=position)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def grade_game_task(game_id: int) -> None:
    """Grade the moves of a game between people once it is over, at the
    lowest CPU priority: nobody waits for a review this second, while on busy
    cores the moves of games still being played do."""
    from . import grading

    at_lowest_priority(lambda: grading.game_grade_moves(game_id=game_id))


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def deadline_task(game_id: int, ply: int) -> None:
    """At a game between people's deadline: end it if the person to move at
    ``ply`` has still not moved (a loss on time, or an abort)."""
    from . import deadlines, selectors

    game = selectors.game_by_id(game_id)
    if game is None or game.ply_count != ply:
        return
    deadlines.game_check_deadline(game)


@shared_task(**TASK_OPTIONS)  # type: ignore[untyped-decorator]  # celery has no type hints
def requeue_stale_work_task() -> None:
    """Beat: queue again what waited too long (moves, solver turns, analyses)."""
    from . import upkeep

    upkeep.requeue_stale_work()
