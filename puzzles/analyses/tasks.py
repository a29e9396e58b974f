"""Thin Celery tasks of analyses: take an id, load the row, call one service."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from puzzles.core.tasking import RETRY_ON, TASK_OPTIONS

log = logging.getLogger(__name__)


@shared_task(bind=True, **TASK_OPTIONS)
def compute_analysis_task(self: Any, analysis_id: int) -> None:
    from . import services
    from .models import Analysis

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
