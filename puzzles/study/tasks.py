"""Thin Celery tasks of study: take an id, load the row, call one service
(imported in the body: services queue these tasks)."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from puzzles.core.tasking import RETRY_ON, TASK_OPTIONS, task_options

log = logging.getLogger(__name__)


@shared_task(bind=True, **task_options("record"))
def grade_game_record_task(self: Any, analysis_id: int) -> None:
    from . import services
    from .models import GameAnalysis

    analysis = GameAnalysis.objects.filter(pk=analysis_id).first()
    if analysis is None:
        log.warning("grade_game_record_task: no game analysis %s", analysis_id)
        return
    try:
        services.game_analysis_run(analysis=analysis)
    except RETRY_ON:
        if self.request.retries >= self.max_retries:
            services.game_analysis_fail(analysis_id=analysis_id, error="gave up after repeated database errors")
        raise
    except Exception as exc:  # noqa: BLE001 - recorded on the row for the player to see
        log.exception("grade_game_record_task %s failed", analysis_id)
        services.game_analysis_fail(analysis_id=analysis_id, error=str(exc))


@shared_task(**TASK_OPTIONS)
def requeue_stale_game_analyses_task() -> None:
    """Beat: queue again the game analyses a dead worker (or a down broker) left behind."""
    from . import services

    services.game_analyses_requeue_stale()


@shared_task(**task_options("library"))
def build_endgames_task(per_chapter: int | None = None, max_seeds: int | None = None) -> dict[str, Any]:
    from . import services

    return services.library_build(
        per_chapter=per_chapter or services.DEFAULT_PER_CHAPTER, max_seeds=max_seeds or services.DEFAULT_MAX_SEEDS
    )
