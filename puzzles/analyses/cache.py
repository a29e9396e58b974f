"""The Redis copy of finished analyses.  Only finished analyses are cached and
they never change, so the cache can never be stale; the database is the record."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


def analysis_key(position: str) -> str:
    return "analysis:" + position.replace(" ", "_")


def analysis_cache_get(position: str) -> dict[str, Any] | None:
    return cache.get(analysis_key(position))


def analysis_cache_set(position: str, result: dict[str, Any]) -> None:
    cache.set(analysis_key(position), result, settings.OD_ANALYSIS_CACHE_SECONDS)


def analysis_cache_get_many(positions: list[str]) -> dict[str, dict[str, Any]]:
    """The cached analyses among ``positions``, in one round trip."""
    keys = {analysis_key(p): p for p in positions}
    return {keys[key]: value for key, value in cache.get_many(list(keys)).items()}


def analysis_cache_set_many(results: dict[str, dict[str, Any]], seconds: float) -> None:
    """Cache several analyses for ``seconds``, in one round trip."""
    if results:
        cache.set_many({analysis_key(p): r for p, r in results.items()}, seconds)


def analysis_cache_exchange(
    results: dict[str, dict[str, Any]], seconds: float, positions: list[str]
) -> dict[str, dict[str, Any]]:
    """Cache ``results`` for ``seconds``, then read the cached analyses among
    ``positions``, in one round trip to Redis (a pipeline without MULTI:
    each command stands alone, as the separate calls would).  A look-ahead
    shares what one round computed and looks up the next round's positions
    at once.  Another cache backend (the tests' local memory) does both in
    its own calls; Redis unreachable is a miss, as for the other calls."""
    client_of = getattr(cache, "client", None)
    if client_of is None or not hasattr(client_of, "get_client"):
        if results:
            analysis_cache_set_many(results, seconds)
        return analysis_cache_get_many(positions) if positions else {}
    keys = {client_of.make_key(analysis_key(p)): p for p in positions}
    try:
        pipe = client_of.get_client(write=True).pipeline(transaction=False)
        for position, result in results.items() if seconds > 0 else ():
            pipe.set(client_of.make_key(analysis_key(position)), client_of.encode(result), px=int(seconds * 1000))
        if keys:
            pipe.mget(*keys)
        replies = pipe.execute()
    except Exception as exc:  # noqa: BLE001 - Redis is only a fast copy: a miss
        log.warning("the analysis cache could not be reached: %s", exc)
        return {}
    if not keys:
        return {}
    return {
        keys[key]: client_of.decode(value) for key, value in zip(keys, replies[-1], strict=True) if value is not None
    }
