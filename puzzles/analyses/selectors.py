"""Reads of analyses: from Redis, else the database (refilling Redis)."""
from __future__ import annotations

from typing import Any

from django.http import Http404

import solver

from .cache import analysis_cache_get, analysis_cache_set
from .models import Analysis


def analysis_json_cached(position: str) -> dict[str, Any] | None:
    """The finished analysis of a normalised position as stored
    (``solver.Analysis.to_json()``), or ``None`` if it is not finished."""
    result = analysis_cache_get(position)
    if result is not None:
        return result
    row = (
        Analysis.objects.filter(position=position, status=Analysis.Status.DONE)
        .values_list("result", flat=True)
        .first()
    )
    if row is not None:
        analysis_cache_set(position, row)
    return row


def analysis_cached(position: str) -> solver.Analysis | None:
    """The finished analysis of a normalised position, or ``None``."""
    result = analysis_json_cached(position)
    return None if result is None else solver.Analysis.from_json(result)


def analysis_by_position(position: str) -> Analysis | None:
    return Analysis.objects.filter(position=position).first()


def analysis_get(analysis_id: int) -> Analysis:
    try:
        return Analysis.objects.get(pk=analysis_id)
    except Analysis.DoesNotExist:
        raise Http404("no such analysis") from None


def analysis_state(analysis: Analysis) -> dict[str, Any]:
    return {
        "id": analysis.pk,
        "status": analysis.status,
        "position": analysis.position,
        "result": analysis.result if analysis.status == Analysis.Status.DONE else None,
        "error": analysis.error or None,
    }
