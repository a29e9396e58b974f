"""The Redis copy of finished analyses.  Only finished analyses are cached and
they never change, so the cache can never be stale; the database is the record."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache


def analysis_key(position: str) -> str:
    return "analysis:" + position.replace(" ", "_")


def analysis_cache_get(position: str) -> dict[str, Any] | None:
    return cache.get(analysis_key(position))


def analysis_cache_set(position: str, result: dict[str, Any]) -> None:
    cache.set(analysis_key(position), result, settings.PUZZLES_ANALYSIS_CACHE_SECONDS)


def analysis_cache_get_many(positions: list[str]) -> dict[str, dict[str, Any]]:
    """The cached analyses among ``positions``, in one round trip."""
    keys = {analysis_key(p): p for p in positions}
    return {keys[key]: value for key, value in cache.get_many(list(keys)).items()}


def analysis_cache_set_many(results: dict[str, dict[str, Any]], seconds: float) -> None:
    """Cache several analyses for ``seconds``, in one round trip."""
    if results:
        cache.set_many({analysis_key(p): r for p, r in results.items()}, seconds)
