"""Reads of analyses: from Redis, else the database (refilling Redis)."""
from __future__ import annotations

import functools
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


@functools.lru_cache(maxsize=2048)
def _analysis_remembered(position: str) -> solver.Analysis:
    result = analysis_json_cached(position)
    if result is None:
        raise LookupError(position)  # not finished: lru_cache remembers no exception
    return solver.Analysis.from_json(result)


def analysis_memory_clear() -> None:
    """Forget the analyses this process remembers (the tests start each one afresh)."""
    _analysis_remembered.cache_clear()


def analysis_cached(position: str) -> solver.Analysis | None:
    """The finished analysis of a normalised position, or ``None``.  A
    finished analysis never changes (the values are exact), so each process
    keeps the last few thousand it read, already checked and built."""
    try:
        return _analysis_remembered(position)
    except LookupError:
        return None


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
