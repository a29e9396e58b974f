"""How many are watching a game between people now: each spectator's client
(``longpoll.client_key``: its session, else its address) in a Redis sorted
set per game, scored by when it was last seen (``viewer_key``).  A
spectator's WebSocket adds it when it opens and takes it out when it
closes; the spectator's page
asks for the count every few seconds (``watching``), which keeps it in while
the page is open whether or not a socket opened.  A client not seen for
``SEEN_SECONDS`` no longer counts, so a process that died with sockets open
leaves nothing behind for long.  Counting is one ``ZCOUNT`` a game (a list's
in one round trip); Redis down counts nobody and breaks nothing."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable

import redis
from django.conf import settings

# A spectator not seen for this long (its page asks every few seconds) no longer counts.
SEEN_SECONDS = 30
_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=1)
    return _client


def _key(game_id: int) -> str:
    return f"od:spectators:{game_id}"


def seen(game_id: int, viewer: str) -> None:
    """``viewer`` watches the game now (kept for ``SEEN_SECONDS``)."""
    now = time.time()
    try:
        with _redis().pipeline() as pipe:
            pipe.zadd(_key(game_id), {viewer: now})
            pipe.zremrangebyscore(_key(game_id), "-inf", now - SEEN_SECONDS)  # the set stays small
            pipe.expire(_key(game_id), SEEN_SECONDS * 2)
            pipe.execute()
    except redis.RedisError:
        pass  # uncounted, nothing else changes


def left(game_id: int, viewer: str) -> None:
    """``viewer`` stopped watching (its socket closed)."""
    with contextlib.suppress(redis.RedisError):
        _redis().zrem(_key(game_id), viewer)


def counts(game_ids: Iterable[int]) -> dict[int, int]:
    """How many watch each game now, in one round trip (0 for each when Redis cannot be reached)."""
    ids = list(game_ids)
    if not ids:
        return {}
    since = time.time() - SEEN_SECONDS
    try:
        with _redis().pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.zcount(_key(game_id), since, "+inf")
            found = pipe.execute()
    except redis.RedisError:
        return dict.fromkeys(ids, 0)
    return {game_id: int(n) for game_id, n in zip(ids, found, strict=True)}


def viewer_key(client: str, page: str | None) -> str:
    """Who is counted: a client with a session by its session (its socket and
    its page's requests alike); one without (most spectators: watching
    stores nothing in a session) by the random id its page sends, as many
    share an address; by its address when its page sends none."""
    return f"page:{page}" if page and not client.startswith("session:") else client


def socket_opened(game_id: int, client: str) -> None:
    """A spectator's socket opened: counted at once when its client has a
    session (else its page's request counts it, by the page's own id)."""
    if client.startswith("session:"):
        seen(game_id, client)


def socket_closed(game_id: int, client: str) -> None:
    if client.startswith("session:"):
        left(game_id, client)


def count(game_id: int) -> int:
    return counts([game_id])[game_id]
