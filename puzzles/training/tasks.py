"""Thin Celery tasks of puzzle training (issue 4): mining deals for puzzles
(fanned out as groups and chords), settling an attempt's move (grade, the
solver's reply), the daily puzzle and the pool (beat).  Found by Celery
through the import at the end of ``tasks.py``."""
from __future__ import annotations

import logging

from celery import shared_task

from . import training_services as services
from .models_training import PuzzleAttempt
from .tasks import TASK_OPTIONS

log = logging.getLogger(__name__)

MINING_OPTIONS = {**TASK_OPTIONS, "ignore_result": False, "soft_time_limit": 300, "time_limit": 600}


@shared_task(name="puzzles.training_tasks.mine_seeds_task", **MINING_OPTIONS)
def mine_seeds_task(seeds: list[int]) -> dict:
    """Mine these deal seeds and store their new puzzles; returns the summary."""
    return services.mine_seeds([int(s) for s in seeds])


@shared_task(name="puzzles.training_tasks.pool_filled_task", **{**TASK_OPTIONS, "ignore_result": True})
def pool_filled_task(summaries: list[dict]) -> dict:
    """The chord's end: log what was mined and make sure today's daily exists."""
    total = services.merge_summaries(summaries)
    total.pop("puzzle_ids", None)
    services.daily_ensure()
    log.info("puzzle pool filled: %s", total)
    return total


@shared_task(name="puzzles.training_tasks.attempt_settle_task", **TASK_OPTIONS)
def attempt_settle_task(attempt_id: int) -> None:
    attempt = PuzzleAttempt.objects.select_related("puzzle").filter(pk=attempt_id).first()
    if attempt is None:
        log.warning("attempt_settle_task: no attempt %s", attempt_id)
        return
    services.attempt_settle(attempt=attempt)


@shared_task(name="puzzles.training_tasks.daily_puzzle_task", **TASK_OPTIONS)
def daily_puzzle_task() -> None:
    """Beat: choose today's (UTC) puzzle if not chosen yet (idempotent), and
    keep the pool filled (which chooses it as soon as puzzles exist)."""
    puzzle = services.daily_ensure()
    if puzzle is None:
        services.pool_fill_async(50)


@shared_task(name="puzzles.training_tasks.puzzle_upkeep_task", **TASK_OPTIONS)
def puzzle_upkeep_task(minimum: int = 200) -> None:
    """Beat: re-queue attempts left thinking, and top the pool up."""
    services.requeue_stale_attempts()
    services.pool_fill_async(minimum)
