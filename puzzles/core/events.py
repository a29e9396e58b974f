"""Change notices, so that a client can wait for a grade or the solver's move
without hammering the server (``GET /api/games/<id>/?wait=<version>``).

Every change bumps a row's ``version`` in the database; after the commit the
writer publishes on the Redis channel of the row (``channel(kind, id)``).  A waiter subscribes, then
checks the version in the database, and sleeps on the channel until a notice
(or a short timeout) says to look again.  Without Redis (or with
``PUZZLES_EVENTS`` off) it falls back to polling the database every 50 ms.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis
from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)
# How often a waiting long poll reads the database without a notice.
ASYNC_RECHECK_SECONDS = 3.0
_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=5)
    return _client


def enabled() -> bool:
    return getattr(settings, "PUZZLES_EVENTS", True)


def channel(kind: str, row_id: int) -> str:
    """The Redis channel of one row: ``kind`` is ``game``, ``attempt``..."""
    return f"od:{kind}:{row_id}"


def publish(name: str) -> None:
    if not enabled():
        return
    try:
        _redis().publish(name, b"1")
    except redis.RedisError as exc:  # waiters fall back to polling
        log.warning("could not publish a change on %s: %s", name, exc)


def notify_on_commit(name: str) -> None:
    """Publish on channel ``name`` once the current transaction commits."""
    transaction.on_commit(lambda: publish(name))


def wait_asked(query: Any) -> tuple[int, float] | None:
    """The version and the longest hold a ``?wait=<version>&timeout=<s>``
    query asks for (the hold capped by settings), or None without ``wait``.
    Raises ``ValueError`` when either is not a number."""
    wait = query.get("wait")
    if wait is None:
        return None
    timeout = float(query.get("timeout", 20))
    return int(wait), max(0.0, min(timeout, settings.PUZZLES_MAX_WAIT_SECONDS))


def wait_for_change(name: str, current_version: Callable[[], int | None], version: int, timeout: float) -> None:
    """Return once ``current_version()`` differs from ``version`` or ``timeout`` s have passed."""
    deadline = time.monotonic() + timeout
    pubsub = None
    if enabled():
        try:
            pubsub = _redis().pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(name)
        except redis.RedisError:
            pubsub = None
    try:
        while True:
            if current_version() != version:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if pubsub is not None:
                try:
                    pubsub.get_message(timeout=min(remaining, 1.0))
                except redis.RedisError:
                    pubsub = None
            else:
                time.sleep(min(remaining, 0.05))
    finally:
        if pubsub is not None:
            try:
                pubsub.close()
            except redis.RedisError:
                pass


async def async_wait_for_change(
    name: str, current_version: Callable[[], Awaitable[int | None]], version: int, timeout: float
) -> None:
    """``wait_for_change`` for the event loop: holds no thread while it waits.
    The database is read when a notice arrives, and every few seconds in case
    one was lost (or Redis is down: then it only polls)."""
    import redis.asyncio as aioredis

    deadline = time.monotonic() + timeout
    client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1) if enabled() else None
    pubsub = None
    try:
        if client is not None:
            try:
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(name)
            except (redis.RedisError, OSError):
                pubsub = None
        while True:
            if await current_version() != version:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if pubsub is not None:
                try:
                    await pubsub.get_message(timeout=min(remaining, ASYNC_RECHECK_SECONDS))
                except (redis.RedisError, OSError):
                    pubsub = None
            else:
                await asyncio.sleep(min(remaining, 0.25))
    finally:
        if pubsub is not None:
            try:
                await pubsub.aclose()
            except (redis.RedisError, OSError):
                pass
        if client is not None:
            await client.aclose()
