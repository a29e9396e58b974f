"""Thin Celery tasks: each takes an id, loads the row and calls one service.

All are acknowledged late (a task whose worker dies is handed out again),
have soft and hard time limits, and retry a bounded number of times with
exponential backoff on database or broker trouble.  All are idempotent.
"""
from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from . import services
from .models import Analysis, Game, GameMove

log = logging.getLogger(__name__)

RETRY_ON = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
TASK_OPTIONS = dict(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=RETRY_ON,
    retry_backoff=1,
    retry_backoff_max=30,
    retry_jitter=True,
    max_retries=5,
    soft_time_limit=30,
    time_limit=60,
    ignore_result=True,
)


@shared_task(name="puzzles.tasks.grade_move_task", **TASK_OPTIONS)
def grade_move_task(move_id: int) -> None:
    """Grade a human's move, then play the solver's reply if it is its turn."""
    move = GameMove.objects.filter(pk=move_id).first()
    if move is None:
        log.warning("grade_move_task: no move %s", move_id)
        return
    services.human_move_settle(move=move)


@shared_task(name="puzzles.tasks.solver_turn_task", **TASK_OPTIONS)
def solver_turn_task(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        log.warning("solver_turn_task: no game %s", game_id)
        return
    services.game_play_solver_turn(game=game)


@shared_task(name="puzzles.tasks.compute_analysis_task", bind=True, **TASK_OPTIONS)
def compute_analysis_task(self, analysis_id: int) -> None:
    analysis = Analysis.objects.filter(pk=analysis_id).first()
    if analysis is None:
        log.warning("compute_analysis_task: no analysis %s", analysis_id)
        return
    try:
        services.analysis_compute(analysis=analysis)
    except RETRY_ON:
        if self.request.retries >= self.max_retries:
            services.analysis_fail(analysis_id=analysis_id, error="gave up after repeated database errors")
        raise


@shared_task(name="puzzles.tasks.requeue_stale_work_task", **TASK_OPTIONS)
def requeue_stale_work_task() -> None:
    services.requeue_stale_work()


from . import training_tasks  # noqa: E402,F401  (issue 4: puzzle training tasks)
from . import study_tasks  # noqa: E402,F401  (issue 5: study tasks)
