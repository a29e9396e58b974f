"""Thin Celery tasks of puzzle training: mining deals for puzzles (fanned out
as groups and chords), settling an attempt's move (grade, the solver's
reply), the daily puzzle and the pool (beat).  Each calls one service,
imported in its body (services queue these tasks)."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from puzzles.core.tasking import TASK_OPTIONS, at_lowest_priority, task_options

log = logging.getLogger(__name__)

MINING_OPTIONS = task_options("mining", ignore_result=False)


@shared_task(**MINING_OPTIONS)
def mine_seeds_task(seeds: list[int]) -> dict[str, Any]:
    """Mine these deal seeds and store their new puzzles; returns the summary."""
    from . import pool

    return at_lowest_priority(lambda: pool.mine_seeds([int(s) for s in seeds]))


@shared_task(**{**TASK_OPTIONS, "ignore_result": True})
def pool_filled_task(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """The chord's end: log what was mined and make sure today's daily exists."""
    from . import pool

    total = pool.merge_summaries(summaries)
    total.pop("puzzle_ids", None)
    pool.daily_ensure()
    log.info("puzzle pool filled: %s", total)
    return total


@shared_task(**TASK_OPTIONS)
def attempt_settle_task(attempt_id: int) -> None:
    from . import services
    from .models import PuzzleAttempt

    attempt = PuzzleAttempt.objects.select_related("puzzle").filter(pk=attempt_id).first()
    if attempt is None:
        log.warning("attempt_settle_task: no attempt %s", attempt_id)
        return
    services.attempt_settle(attempt=attempt)


@shared_task(**TASK_OPTIONS)
def daily_puzzle_task() -> None:
    """Beat: choose today's (UTC) puzzle if not chosen yet (idempotent), and
    keep the pool filled (which chooses it as soon as puzzles exist)."""
    from . import pool

    puzzle = pool.daily_ensure()
    if puzzle is None:
        pool.pool_fill_async(50)


@shared_task(**TASK_OPTIONS)
def puzzle_upkeep_task(minimum: int = 200) -> None:
    """Beat: re-queue attempts left thinking, close timed runs out of time, score puzzles
    mined before the quality score existed, and top the pool up."""
    from . import pool, run_services, services

    services.requeue_stale_attempts()
    run_services.runs_expire_due()
    pool.quality_backfill_async()
    pool.pool_fill_async(minimum)


@shared_task(**TASK_OPTIONS)
def run_expire_task(run_id: int) -> None:
    """When a timed run's clock should have run out: close it (a no-op before)."""
    from . import run_services

    run_services.run_expire(run_id=run_id)


@shared_task(**MINING_OPTIONS)
def quality_backfill_task(limit: int = 50) -> list[int]:
    """Score ``limit`` puzzles stored without a quality score (queued by the upkeep)."""
    from . import pool

    return pool.puzzles_quality_backfill(limit)
