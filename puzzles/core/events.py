"""Change notices, so that a client can wait for a grade or the solver's move
without hammering the server (``GET /api/games/<id>/?wait=<version>``).

Every change bumps a row's ``version`` in the database; after the commit the
writer publishes on the Redis channel of the row (``channel(kind, id)``).  A waiter subscribes, then
checks the version in the database, and sleeps on the channel until a notice
says to look again (or, under WSGI, a short timeout; under ASGI the shared
subscription wakes every waiter when its connection drops or is made again).  Without Redis (or with
``OD_EVENTS`` off) it falls back to polling the database every 50 ms.

A notice may carry the row's new state as its waiters will be shown it
(``register_views``): a waiter whose view is among them answers with it,
reading nothing.  A waiter says which view it wants (``want_view``: who it
is and in which language) when it begins to wait; the writer renders, after
its commit, the views waited for then.  Any other notice is a plain ``1``:
read the row again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import redis
from django.conf import settings
from django.db import transaction

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


def publish(name: str, handed: Any = None) -> None:
    """Tell the waiters on channel ``name`` that its row has changed;
    ``handed``: the row as the writer left it (``register_views``)."""
    if not enabled():
        return
    try:
        _redis().publish(name, notice_payload(name, handed))
    except redis.RedisError as exc:  # waiters fall back to polling
        log.warning("could not publish a change on %s: %s", name, exc)


# ------------------------------------------------------------------ views
#
# A held long poll that is woken reads the row's version, then the request
# goes through Django to be answered: a whole request for each waiter of each
# change.  Where a kind registers a renderer, the writer renders the row once
# for each view waited for and sends them with the notice; the waiter answers
# with its own at once.

# What a view is: (who, language), e.g. ("A", "pl"); the renderer decides
# what "who" means (a seat, a spectator).
View = tuple[str, str]
Renderer = Callable[[int, list[View], Any], tuple[int, dict[View, bytes]] | None]
_renderers: dict[str, Renderer] = {}

# A wish older than this is no longer waited on (a hold lasts at most
# OD_MAX_WAIT_SECONDS, and the page asks again at once).
VIEW_WISH_SECONDS = 60
# At most this many views rendered for one change (the rest read the row).
MOST_VIEWS = 8


def register_views(kind: str, render: Renderer) -> None:
    """``render(row_id, views, handed)``: the row's version and its state as
    each of ``views`` is shown it (the body of a 200 answer, JSON), for the
    views it can render (a view it leaves out is read the usual way); None
    for none.  Called after the commit, in the writer's process.  ``handed``
    is what the writer passed with the notice (``notify_on_commit``): the
    row as its commit left it, which the renderer need not read again; None
    when the writer passed nothing."""
    _renderers[kind] = render


def _wishes_key(name: str) -> str:
    return f"{name}:views"


def want_view(name: str, view: View) -> str | None:
    """A waiter on channel ``name`` wants ``view`` rendered with the next
    notices, until it says otherwise (``unwant_view``, with what this
    returns) or ``VIEW_WISH_SECONDS`` have passed.  Each waiter's wish is
    its own: several waiting for one view (two tabs, the spectators of one
    language) get it rendered once."""
    if not enabled() or _kind(name) not in _renderers:
        return None
    wish = f"{_view_key(view)} {secrets.token_hex(4)}"
    try:
        pipe = _redis().pipeline(transaction=False)
        pipe.hset(_wishes_key(name), wish, str(int(time.time())))
        pipe.expire(_wishes_key(name), VIEW_WISH_SECONDS)
        pipe.execute()
    except redis.RedisError as exc:  # the waiter reads the row instead
        log.warning("could not record a view wanted on %s: %s", name, exc)
        return None
    return wish


async def unwant_view(name: str, wish: str) -> None:
    """The waiter that made ``wish`` (``want_view``) waits no more: its view
    is no longer rendered for it (on the event loop's shared connection)."""
    try:
        await _hub().client.hdel(_wishes_key(name), wish)  # type: ignore[misc]
    except (redis.RedisError, OSError) as exc:  # it lapses after VIEW_WISH_SECONDS
        log.warning("could not drop a view wanted on %s: %s", name, exc)


def _kind(name: str) -> str:
    parts = name.split(":")
    return parts[1] if len(parts) == 3 else ""


def _view_key(view: View) -> str:
    return f"{view[0]} {view[1]}"


def notice_payload(name: str, handed: Any = None) -> bytes:
    """What to publish on ``name`` for a change just committed: the views
    waited for, rendered (``{"views": {"<who> <language>": "<body>"}}``),
    or ``1`` when there are none (or rendering fails: the waiters read the
    row, as they would have anyway)."""
    render = _renderers.get(_kind(name))
    if render is None:
        return b"1"
    try:
        wishes: dict[bytes, bytes] = _redis().hgetall(_wishes_key(name))  # type: ignore[assignment]
        fresh = time.time() - VIEW_WISH_SECONDS
        views = set()
        for key, at in wishes.items():
            who, language, *_ = key.decode().split(" ") + ["", ""]
            if float(at) >= fresh and who and language:
                views.add((who, language))
        if not views:
            return b"1"
        row_id = int(name.rsplit(":", 1)[1])
        rendered = render(row_id, sorted(views)[:MOST_VIEWS], handed)
    except Exception:  # noqa: BLE001 - a notice must go out whatever the rendering does
        log.exception("could not render the views of %s", name)
        return b"1"
    if not rendered or not rendered[1]:
        return b"1"
    version, bodies = rendered
    return json.dumps(
        {"version": version, "views": {_view_key(view): body.decode() for view, body in bodies.items()}}
    ).encode()


@dataclass(frozen=True)
class Rendered:
    """What a notice with views carries: the row's version and each view's body."""

    version: int
    views: dict[str, str]

    def body(self, view: View) -> bytes | None:
        found = self.views.get(_view_key(view))
        return found.encode() if isinstance(found, str) else None


def rendered_of(payload: Any) -> Rendered | None:
    """The rendered views a notice carries, or None for a plain one."""
    if not isinstance(payload, bytes) or not payload.startswith(b"{"):
        return None
    try:
        data = json.loads(payload)
        version, views = data["version"], data["views"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(version, int) or not isinstance(views, dict):
        return None
    return Rendered(version, views)


def notify_on_commit(name: str, handed: Any = None) -> None:
    """Publish on channel ``name`` once the current transaction commits.
    ``handed``: the row as this transaction leaves it, for the renderer of
    its views (``register_views``); only what nothing else changes between
    the commit and the notice."""
    transaction.on_commit(lambda: publish(name, handed))


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
            pubsub = _redis().pubsub(ignore_subscribe_messages=True)
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


class Waiter(asyncio.Event):
    """One waiter's wake-up, with what the last notice carried (``Rendered``
    views, or None: read the row)."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered: Rendered | None = None


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
        self.waiters: dict[str, set[Waiter]] = {}
        self.reader: asyncio.Task[None] | None = None
        self.broken = False
        # One (un)subscribe at a time: the first opens the connection, and
        # concurrent ones would each take a connection of their own.
        self.lock = asyncio.Lock()
        self.subscribed: set[str] = set()
        self.watched: Any = None  # the connection whose reconnections wake every waiter

    async def subscribe(self, name: str) -> Waiter:
        event = Waiter()
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
                event.rendered = None
                event.set()

    def _forget(self, name: str, event: Waiter) -> None:
        waiting = self.waiters.get(name)
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self.waiters[name]

    async def unsubscribe(self, name: str, event: Waiter) -> None:
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
                waiting = self.waiters.get(name.decode() if isinstance(name, bytes) else name, ())
                rendered = rendered_of(message.get("data")) if waiting else None  # parsed once for them all
                for event in waiting:
                    event.rendered = rendered
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
        self.event: Waiter | None = None
        # What the last notice carried (``Waiter.rendered``), once ``notice`` said True.
        self.rendered: Rendered | None = None

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
        a quiet wait on a sound subscription means the row did not change.
        After True, ``rendered`` is what the notice carried."""
        self.rendered = None
        if self.event is None or self.hub is None or self.hub.broken:
            await asyncio.sleep(min(seconds, 0.25))
            return True
        try:
            await asyncio.wait_for(self.event.wait(), timeout=seconds)
        except TimeoutError:
            return self.hub.broken
        self.event.clear()
        self.rendered, self.event.rendered = self.event.rendered, None
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
