"""Study tasks (thin: take an id, load, call one service).  Celery finds
them through the import at the end of ``tasks.py``."""
from __future__ import annotations

import logging

from celery import shared_task

from . import study_services
from .models import GameAnalysis
from .tasks import RETRY_ON, TASK_OPTIONS

log = logging.getLogger(__name__)


@shared_task(name="puzzles.study_tasks.grade_game_record_task", bind=True,
             **{**TASK_OPTIONS, "soft_time_limit": 300, "time_limit": 360})
def grade_game_record_task(self, analysis_id: int) -> None:
    analysis = GameAnalysis.objects.filter(pk=analysis_id).first()
    if analysis is None:
        log.warning("grade_game_record_task: no game analysis %s", analysis_id)
        return
    try:
        study_services.game_analysis_run(analysis=analysis)
    except RETRY_ON:
        if self.request.retries >= self.max_retries:
            study_services.game_analysis_fail(analysis_id=analysis_id, error="gave up after repeated database errors")
        raise
    except Exception as exc:  # noqa: BLE001 - recorded on the row for the player to see
        log.exception("grade_game_record_task %s failed", analysis_id)
        study_services.game_analysis_fail(analysis_id=analysis_id, error=str(exc))


@shared_task(name="puzzles.study_tasks.build_endgames_task",
             **{**TASK_OPTIONS, "soft_time_limit": 1800, "time_limit": 1900})
def build_endgames_task(per_chapter: int = study_services.DEFAULT_PER_CHAPTER,
                        max_seeds: int = study_services.DEFAULT_MAX_SEEDS) -> dict:
    return study_services.library_build(per_chapter=per_chapter, max_seeds=max_seeds)
