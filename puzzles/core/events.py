"""Change notices for games, so that a client can wait for a grade or the
solver's move without hammering the server (``GET /api/games/<id>/?wait=<version>``).

Every change bumps ``Game.version`` in the database; after the commit the
writer publishes on the Redis channel ``game:<id>``.  A waiter subscribes, then
checks the version in the database, and sleeps on the channel until a notice
(or a short timeout) says to look again.  Without Redis (or with
``PUZZLES_EVENTS`` off) it falls back to polling the database every 50 ms.
"""
from __future__ import annotations

import logging
import time
from typing import Callable, Optional

import redis
from django.conf import settings

log = logging.getLogger(__name__)
_client: Optional[redis.Redis] = None


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=5)
    return _client


def enabled() -> bool:
    return getattr(settings, "PUZZLES_EVENTS", True)


def channel(game_id: int) -> str:
    return f"od:game:{game_id}"


def game_changed(game_id: int) -> None:
    if not enabled():
        return
    try:
        _redis().publish(channel(game_id), b"1")
    except redis.RedisError as exc:  # waiters fall back to polling
        log.warning("could not publish a change of game %s: %s", game_id, exc)


def wait_for_change(game_id: int, current_version: Callable[[], Optional[int]], version: int, timeout: float) -> None:
    """Return once ``current_version()`` differs from ``version`` or ``timeout`` s have passed."""
    deadline = time.monotonic() + timeout
    pubsub = None
    if enabled():
        try:
            pubsub = _redis().pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(channel(game_id))
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
