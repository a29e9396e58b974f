"""The bot streams as NDJSON (``application/x-ndjson``: one JSON object a
line, and an empty line as a keep-alive when nothing was sent for
``KEEP_ALIVE_SECONDS``), held without a thread.

A stream's request goes to Django first, like any other: its view
authenticates it (a session, or a token with the ``read`` scope), checks
what it asks for (404 for a game the reader may not read) and opens its
feed (``feeds``), whose first lines it reads.  Served by the site (ASGI),
``BotStreams``, an ASGI application in front of the long polls, has put a
holder in the request's ``environ`` (where no client can put anything): the
view leaves the opened feed there and answers an empty 200, and
``BotStreams`` streams the feed on the event loop, subscribed to its change
channel on the loop's shared Redis subscription (``core.events``), reading
the feed in the loop's thread pool at each notice and at each keep-alive.
A refusal (401, 403, 404, 429) is the view's own answer, passed on.  A
thousand open streams cost a thousand sockets and one Redis connection, no
thread each.

Served otherwise (the tests' client, a WSGI server), the view answers a
``StreamingHttpResponse`` whose iterator does the same in the request's
thread (``sync_lines``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import redis
from asgiref.sync import sync_to_async
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _
from rest_framework.request import Request

from puzzles.core import events
from puzzles.core.longpoll import client_key

from .feeds import Event, Feed

log = logging.getLogger(__name__)

NDJSON = "application/x-ndjson"
KEEP_ALIVE = b"\n"
KEEP_ALIVE_SECONDS = 6.0
# The streams one client (an account, else a session or an address) holds open in one web process.
MAX_STREAMS_PER_CLIENT = 16
# The environ key of the holder ``BotStreams`` hands the view.
HOLDER = "open_domino.stream_holder"
# The paths served as streams (the view decides the rest).
PATHS = re.compile(r"^/api/(?:stream/events|bot/game/stream/[0-9]+)$")
HEADERS = [
    (b"content-type", NDJSON.encode()),
    (b"cache-control", b"no-store"),
    (b"x-content-type-options", b"nosniff"),
    # a reverse proxy passes each line on as it comes (nginx buffers a response otherwise)
    (b"x-accel-buffering", b"no"),
]

Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def line(event: Event) -> bytes:
    return json.dumps(event, cls=DjangoJSONEncoder, separators=(",", ":")).encode() + b"\n"


def lines(found: list[Event]) -> bytes:
    return b"".join(line(event) for event in found)


@dataclass
class Opened:
    """A feed the view opened, its first lines and its client."""

    feed: Feed
    first: list[Event]
    client: str


def who(request: Request) -> str:
    """The client a stream counts against: its account, else as a long poll's client."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return client_key(request)


def respond(request: Request, feed: Feed) -> HttpResponse | StreamingHttpResponse:
    """The answer of a stream's view once its feed is open."""
    opened = Opened(feed, feed.first(), who(request))
    holder = request.META.get(HOLDER)
    if isinstance(holder, list):
        holder.append(opened)
        return HttpResponse(status=200)  # BotStreams streams it
    response = StreamingHttpResponse(sync_lines(opened), content_type=NDJSON)
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response


# ---------------------------------------------------------------- in a thread


class _Notices:
    """A thread's wait for the notices of one channel: Redis pub/sub, or a
    short sleep without it (the feed is read again each time)."""

    def __init__(self, name: str) -> None:
        self.pubsub: Any = None
        if events.enabled():
            try:
                self.pubsub = events._redis().pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                self.pubsub.subscribe(name)
            except redis.RedisError:
                self.pubsub = None

    def wait(self, seconds: float) -> None:
        if self.pubsub is not None:
            try:
                self.pubsub.get_message(timeout=max(0.0, seconds))
                return
            except redis.RedisError:
                self.pubsub = None
        time.sleep(min(max(0.0, seconds), 0.05))

    def close(self) -> None:
        if self.pubsub is not None:
            with contextlib.suppress(redis.RedisError):
                self.pubsub.close()


def sync_lines(opened: Opened) -> Iterator[bytes]:
    """The stream in the request's own thread (a WSGI server, the tests' client)."""
    feed = opened.feed
    yield lines(opened.first)
    if feed.finished:
        return
    notices = _Notices(feed.channel)
    feed.opened()
    try:
        sent = time.monotonic()
        while not feed.finished:
            notices.wait(sent + KEEP_ALIVE_SECONDS - time.monotonic())
            found = feed.next()
            if found:
                yield lines(found)
                sent = time.monotonic()
            elif time.monotonic() - sent >= KEEP_ALIVE_SECONDS:
                yield KEEP_ALIVE
                sent = time.monotonic()
    finally:
        feed.closed()
        notices.close()


# ------------------------------------------------------------ on the event loop

_open: Counter[str] = Counter()


def open_streams() -> int:
    """How many streams this process holds open now."""
    return sum(_open.values())


def _in_thread(call: Callable[[], Any]) -> Callable[[], Any]:
    def run() -> Any:
        close_old_connections()  # as around a request
        try:
            return call()
        finally:
            close_old_connections()

    return run


async def _respond_json(send: Send, status: int, body: dict[str, Any]) -> None:
    content = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(content)).encode()),
                (b"cache-control", b"no-store"),
                (b"retry-after", str(int(KEEP_ALIVE_SECONDS)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": content})


class BotStreams:
    """The ASGI application that holds the bot streams, in front of ``app``
    (the long polls and Django), to which every other request goes untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._is_stream(scope):
            return await self.app(scope, receive, send)
        holder: list[Opened] = []
        held: list[Message] = []

        async def keep(message: Message) -> None:
            held.append(message)

        await self.app({**scope, "environ": {**scope.get("environ", {}), HOLDER: holder}}, receive, keep)
        if not holder or held[0].get("status") != 200:
            for message in held:  # the view's own answer: a refusal
                await send(message)
            return None
        opened = holder[0]
        if scope.get("method") == "HEAD":  # the headers alone
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            await send({"type": "http.response.body", "body": b""})
            return None
        if _open[opened.client] >= MAX_STREAMS_PER_CLIENT:
            error = _("too many open streams (%(count)s): close one first") % {"count": _open[opened.client]}
            return await _respond_json(send, 429, {"error": error})
        _open[opened.client] += 1
        try:
            await self._stream(opened, receive, send)
        finally:
            _open[opened.client] -= 1
            if _open[opened.client] <= 0:
                del _open[opened.client]
        return None

    @staticmethod
    def _is_stream(scope: Scope) -> bool:
        # HEAD too: Django answers it with the GET view, whose stream would hold a thread of the pool for good
        if scope.get("type") != "http" or scope.get("method") not in ("GET", "HEAD"):
            return False
        path = scope.get("path", "")
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        return bool(PATHS.match(path))

    async def _stream(self, opened: Opened, receive: Receive, send: Send) -> None:
        feed = opened.feed
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await send({"type": "http.response.body", "body": lines(opened.first), "more_body": True})
        if feed.finished:
            await send({"type": "http.response.body", "body": b""})
            return
        gone = asyncio.ensure_future(self._gone(receive))
        read = sync_to_async(_in_thread(feed.next), thread_sensitive=False)
        try:
            await sync_to_async(_in_thread(feed.opened), thread_sensitive=False)()
            async with events.Subscription(feed.channel) as sub:
                await self._follow(feed, sub, read, gone, send)
        except Exception:  # the database or Redis failed: the stream ends, and the client opens it again
            log.exception("bot streams: a stream on %s failed", feed.channel)
        finally:
            left = gone.done()  # the client went away: nobody to end the answer for
            with contextlib.suppress(Exception):
                await sync_to_async(_in_thread(feed.closed), thread_sensitive=False)()
            gone.cancel()
            await asyncio.gather(gone, return_exceptions=True)
        if not left:
            with contextlib.suppress(Exception):
                await send({"type": "http.response.body", "body": b""})

    @staticmethod
    async def _follow(
        feed: Feed,
        sub: events.Subscription,
        read: Callable[[], Awaitable[list[Event]]],
        gone: asyncio.Future[None],
        send: Send,
    ) -> None:
        """Send the feed's new lines at each notice (and read it at each
        keep-alive, so a lost notice costs at most that long), until it is
        finished or the client has gone."""
        # a change between the view's first read and the subscription: read once more now
        found = await read()
        sent = time.monotonic()
        while True:
            if found:
                await send({"type": "http.response.body", "body": lines(found), "more_body": True})
                sent = time.monotonic()
            elif time.monotonic() - sent >= KEEP_ALIVE_SECONDS:
                await send({"type": "http.response.body", "body": KEEP_ALIVE, "more_body": True})
                sent = time.monotonic()
            if feed.finished or gone.done():
                return
            notice = asyncio.ensure_future(sub.notice(max(0.0, sent + KEEP_ALIVE_SECONDS - time.monotonic())))
            waiting: set[asyncio.Future[Any]] = {notice, gone}
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if not notice.done():
                notice.cancel()
                await asyncio.gather(notice, return_exceptions=True)
            if gone.done():
                return
            found = await read()

    @staticmethod
    async def _gone(receive: Receive) -> None:
        """Returns once the client has gone away."""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
