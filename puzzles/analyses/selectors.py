"""Reads of analyses: from Redis, else the database (refilling Redis)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.http import Http404

import solver

from .cache import analysis_cache_get, analysis_cache_get_many, analysis_cache_set
from .models import Analysis


def analysis_json_cached(position: str) -> dict[str, Any] | None:
    """The finished analysis of a normalised position as stored
    (``solver.Analysis.to_json()``), or ``None`` if it is not finished."""
    result = analysis_cache_get(position)
    return result if result is not None else _row_json(position)


def _row_json(position: str) -> dict[str, Any] | None:
    """The finished analysis of a normalised position as its row stores it
    (Redis is refilled), or ``None``."""
    row = (
        Analysis.objects.filter(position=position, status=Analysis.Status.DONE).values_list("result", flat=True).first()
    )
    if row is not None:
        analysis_cache_set(position, row)
    return row


class _Memory:
    """The last ``size`` analyses this process read or computed, already
    checked and built: a finished analysis never changes (the values are
    exact), so a copy is never stale."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, solver.Analysis] = OrderedDict()
        self.lock = threading.Lock()  # the web server's threads share it

    def get(self, position: str) -> solver.Analysis | None:
        with self.lock:
            found = self.items.get(position)
            if found is not None:
                self.items.move_to_end(position)
            return found

    def put(self, position: str, analysis: solver.Analysis) -> None:
        with self.lock:
            self.items[position] = analysis
            self.items.move_to_end(position)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_memory = _Memory(2048)


def analysis_memory_clear() -> None:
    """Forget the analyses this process remembers (the tests start each one afresh)."""
    _memory.clear()


def analysis_remember(position: str, analysis: solver.Analysis) -> None:
    """Keep a finished analysis of a normalised position in this process's memory."""
    _memory.put(position, analysis)


def analyses_remembered(positions: list[str]) -> tuple[dict[str, solver.Analysis], list[str]]:
    """The analyses among ``positions`` this process remembers, and the
    positions it does not (in their order)."""
    found: dict[str, solver.Analysis] = {}
    missing = []
    for position in positions:
        remembered = _memory.get(position)
        if remembered is not None:
            found[position] = remembered
        else:
            missing.append(position)
    return found, missing


def analysis_from_cache(position: str, stored: dict[str, Any] | None) -> solver.Analysis | None:
    """The analysis in a value read from the cache (remembered from now on), or ``None``."""
    return _read(position, stored)


def _read(position: str, stored: dict[str, Any] | None) -> solver.Analysis | None:
    if stored is None:
        return None
    # written by this program (``to_json``), so read without replaying it
    analysis = solver.Analysis.from_stored(stored)
    _memory.put(position, analysis)
    return analysis


def analysis_cached(position: str) -> solver.Analysis | None:
    """The finished analysis of a normalised position, or ``None``: from this
    process's memory, else Redis, else the database."""
    found = _memory.get(position)
    return found if found is not None else _read(position, analysis_json_cached(position))


def analysis_stored(position: str) -> solver.Analysis | None:
    """The finished analysis of a normalised position from its database row
    only (for a caller that has just looked in memory and Redis), or ``None``."""
    return _read(position, _row_json(position))


def analysis_cached_fast(position: str) -> solver.Analysis | None:
    """``analysis_cached`` without the database: this process's memory, then
    Redis (a miss costs one Redis read)."""
    found = _memory.get(position)
    return found if found is not None else _read(position, analysis_cache_get(position))


def analyses_cached_fast(positions: list[str]) -> dict[str, solver.Analysis]:
    """``analysis_cached_fast`` of several positions: those this process
    remembers, then the rest from Redis in one round trip.  Positions with
    no finished analysis there are left out."""
    found, missing = analyses_remembered(positions)
    for position, stored in (analysis_cache_get_many(missing) if missing else {}).items():
        analysis = _read(position, stored)
        if analysis is not None:
            found[position] = analysis
    return found


def analysis_of_same_game(position: str) -> solver.Analysis | None:
    """The finished analysis of another spelling of the game ``position``
    (normalised) writes, or ``None``."""
    stored = (
        Analysis.objects.filter(canonical=solver.canonical_key(position), status=Analysis.Status.DONE)
        .exclude(position=position)
        .values_list("result", flat=True)
        .first()
    )
    return None if stored is None else solver.Analysis.from_stored(stored)


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
