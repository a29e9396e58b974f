"""Change notices, so that a client can wait for a grade or the solver's move
without hammering the server.

Every change bumps a row's ``version`` in the database; after the commit the
writer publishes on the row's change channel (``channel(kind, id)``): a
plain notice on Redis pub/sub for the long polls
(``GET /api/games/<id>/?wait=<version>``), and for a kind that has streams
(``register_streamed``: a game) an event too (what changed, or ``{"type":
"changed"}``: read the row again) to the channel layer's group of the row,
for the pages that follow it over a WebSocket (``streams``).

A long poll subscribes, then checks the version in the database, and sleeps
on the channel until a notice says to look again (or, under WSGI, a short
timeout; under ASGI the shared subscription wakes every waiter when its
connection drops or is made again).  Without Redis (or with ``OD_EVENTS``
off) it falls back to polling the database every 50 ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis
from django.conf import settings
from django.db import transaction

from . import streams

log = logging.getLogger(__name__)
_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=5)
    return _client


def enabled() -> bool:
    return getattr(settings, "OD_EVENTS", True)


def channel(kind: str, row_id: int | str) -> str:
    """The Redis channel of one row: ``kind`` is ``game``, ``attempt``...
    (or of what else has a version, e.g. a player's inbox)."""
    return f"od:{kind}:{row_id}"


# The kinds of rows whose readers may follow them over a WebSocket
# (``register_streamed``): only their changes go to the channel layer too.
_streamed: set[str] = set()


def register_streamed(kind: str) -> None:
    """Rows of ``kind`` have streams (a consumer listening to ``group``)."""
    _streamed.add(kind)


def publish(name: str, event: dict[str, Any] | None = None) -> None:
    """Tell the readers of channel ``name`` that its row has changed: its
    long polls, and if its kind has streams (``register_streamed``), its
    streams with ``event``, what changed (by default ``{"type":
    "changed"}``: read the row again)."""
    if not enabled():
        return
    try:
        _redis().publish(name, b"1")
    except redis.RedisError as exc:  # waiters fall back to polling
        log.warning("could not publish a change on %s: %s", name, exc)
    if name.split(":")[1] in _streamed:
        streams.send(group(name), event or {"type": "changed"})


def group(name: str) -> str:
    """The channel layer's group of a change channel (``od:game:7`` is
    ``od.game.7``): the streams of the row listen to it."""
    return name.replace(":", ".")


def notify_on_commit(name: str, event: dict[str, Any] | None = None) -> None:
    """Publish on channel ``name`` once the current transaction commits
    (``event``: what changed, for the streams; see ``publish``)."""
    transaction.on_commit(lambda: publish(name, event))


def wait_asked(query: Any) -> tuple[int, float] | None:
    """The version and the longest hold a ``?wait=<version>&timeout=<s>``
    query asks for (the hold capped by settings), or None without ``wait``.
    Raises ``ValueError`` when either is not a number."""
    wait, raw_timeout = query.get("wait"), query.get("timeout")
    timeout = float(raw_timeout) if raw_timeout is not None else 20.0  # checked with or without wait
    if not math.isfinite(timeout):
        raise ValueError(f"timeout is a number of seconds, not {raw_timeout!r}")
    if wait is None:
        return None
    return int(wait), max(0.0, min(timeout, settings.OD_MAX_WAIT_SECONDS))


def wait_for_change(name: str, current_version: Callable[[], int | None], version: int, timeout: float) -> int | None:
    """Return once ``current_version()`` differs from ``version`` or ``timeout``
    s have passed, with the version read last (``version`` itself when nothing
    changed in time)."""
    deadline = time.monotonic() + timeout
    pubsub = None
    if enabled():
        try:
            pubsub = _redis().pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]  # redis-py's is untyped
            pubsub.subscribe(name)
        except redis.RedisError:
            pubsub = None
    try:
        while True:
            seen = current_version()
            if seen != version:
                return seen
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return seen
            if pubsub is not None:
                try:
                    pubsub.get_message(timeout=min(remaining, 1.0))
                except redis.RedisError:
                    pubsub = None
            else:
                time.sleep(min(remaining, 0.05))
    finally:
        if pubsub is not None:
            with contextlib.suppress(redis.RedisError):
                pubsub.close()


class _Hub:
    """The long polls of one event loop share one Redis connection: a single
    pub/sub that subscribes to a row's channel while anyone waits on it and
    wakes those waiters (``asyncio.Event``) when a notice comes.  If Redis
    fails, every waiter is woken and the hub is dropped; the next waiter
    builds a new one (and meanwhile waiters poll the database)."""

    def __init__(self) -> None:
        import redis.asyncio as aioredis

        self.client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.waiters: dict[str, set[asyncio.Event]] = {}
        self.reader: asyncio.Task[None] | None = None
        self.broken = False
        # One (un)subscribe at a time: the first opens the connection, and
        # concurrent ones would each take a connection of their own.
        self.lock = asyncio.Lock()
        self.subscribed: set[str] = set()
        self.watched: Any = None  # the connection whose reconnections wake every waiter

    async def subscribe(self, name: str) -> asyncio.Event:
        event = asyncio.Event()
        self.waiters.setdefault(name, set()).add(event)
        try:
            async with self.lock:
                if name not in self.subscribed:
                    await self.pubsub.subscribe(name)
                    self.subscribed.add(name)
                    connection = self.pubsub.connection
                    if connection is not None and connection is not self.watched:
                        # redis-py connects again by itself after a drop (and
                        # subscribes again); notices published meanwhile are lost
                        connection.register_connect_callback(self._reconnected)
                        self.watched = connection
        except BaseException:  # cancelled (the client went away) or failed: no waiter left behind
            self._forget(name, event)
            raise
        if self.reader is None or self.reader.done():
            self.reader = asyncio.get_running_loop().create_task(self._read())
        return event

    def _reconnected(self, connection: Any) -> None:
        """The subscription's connection was made again: a notice may have
        been lost meanwhile, so every waiter reads its row again."""
        self._wake_all()

    def _wake_all(self) -> None:
        for waiting in self.waiters.values():
            for event in waiting:
                event.set()

    def _forget(self, name: str, event: asyncio.Event) -> None:
        waiting = self.waiters.get(name)
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self.waiters[name]

    async def unsubscribe(self, name: str, event: asyncio.Event) -> None:
        self._forget(name, event)
        async with self.lock:  # decided under the lock: a new waiter may have come meanwhile
            if name not in self.waiters and name in self.subscribed and not self.broken:
                await self.pubsub.unsubscribe(name)
                self.subscribed.discard(name)

    async def _read(self) -> None:
        while self.waiters and not self.broken:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except (redis.RedisError, OSError) as exc:
                log.warning("long polls: the Redis subscription failed (%s); polling the database", exc)
                self.fail()
                return
            if message is not None and message.get("type") == "message":
                name = message["channel"]
                for event in self.waiters.get(name.decode() if isinstance(name, bytes) else name, ()):
                    event.set()

    def fail(self) -> None:
        self.broken = True
        self._wake_all()
        _hubs.pop(asyncio.get_running_loop(), None)


_hubs: dict[asyncio.AbstractEventLoop, _Hub] = {}


def _hub() -> _Hub:
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None or hub.broken:
        hub = _hubs[loop] = _Hub()
    return hub


class Subscription:
    """One waiter's subscription to a channel, on the event loop's shared hub
    (``async with Subscription(name) as sub``).  Read the row after entering,
    so that no notice of a change made meanwhile is missed; then
    ``await sub.notice(seconds)`` says whether to read it again.  Without
    Redis (or once it fails) ``notice`` waits a quarter of a second and says
    to read again: the database is polled."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.hub: _Hub | None = None
        self.event: asyncio.Event | None = None

    async def __aenter__(self) -> Subscription:
        if enabled():
            try:
                self.hub = _hub()
                self.event = await self.hub.subscribe(self.name)
            except (redis.RedisError, OSError) as exc:
                log.warning("long polls: cannot subscribe to %s (%s); polling the database", self.name, exc)
                if self.hub is not None:
                    self.hub.fail()
                self.hub = self.event = None
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self.hub is not None and self.event is not None:
            try:
                await self.hub.unsubscribe(self.name, self.event)
            except (redis.RedisError, OSError):
                self.hub.fail()

    async def notice(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for a notice: True when one came (or the
        hub failed, or there is none: read the row again), False when the
        time passed quietly.  The hub wakes every waiter when Redis fails, so
        a quiet wait on a sound subscription means the row did not change."""
        if self.event is None or self.hub is None or self.hub.broken:
            await asyncio.sleep(min(seconds, 0.25))
            return True
        try:
            await asyncio.wait_for(self.event.wait(), timeout=seconds)
        except TimeoutError:
            return self.hub.broken
        self.event.clear()
        return True


async def wait_subscribed(
    sub: Subscription,
    current_version: Callable[[], Awaitable[int | None]],
    version: int,
    timeout: float,
    seen: object,
) -> object:
    """Within ``sub``: return once the row's version differs from ``version``
    or ``timeout`` s have passed, with the version seen last; ``seen`` is the
    one the caller read once subscribed.  The database is read only when a
    notice comes: a poll that waits out its time quietly costs no read."""
    deadline = time.monotonic() + timeout
    while seen == version:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        if await sub.notice(remaining):
            seen = await current_version()
    return seen
