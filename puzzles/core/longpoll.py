"""Long polls that hold no thread.

``GET /api/games/<id>/?wait=<version>`` (and the same on attempts and
matches) is held until the row's version changes.  Under WSGI the DRF view
waits itself and holds one of the server's threads meanwhile.  Under ASGI
(what ``make run`` serves) ``LongPolls``, an ASGI application in front of
Django's (``config/asgi.py``), does the waiting on the event loop instead,
with Redis pub/sub, before the request reaches Django at all: Django gives
every request a thread of its own from its first step (the request_started
signal, every synchronous middleware), which would stay, idle, for as long as
the poll is held.  When the version moves on, the request goes to Django
without ``wait`` and the view answers at once; when the hold runs out with
nothing new, the answer is the view's bodiless 304, given here.  A client
that goes away stops its poll.  Each process lets one client (a session, else
an address) hold at most ``OD_MAX_POLLS_PER_CLIENT`` polls at a time;
more get a 429.

Apps register their endpoints in ``AppConfig.ready`` with ``register(path,
kind, version_of, version)``: ``path`` a regular expression with the row's id as its one
group, ``kind`` the change channel's kind (``events.channel``), and
``version_of(request, id)`` the row's version if it belongs to the request's
player, else ``None`` (then nothing waits and the view answers, e.g. 404),
and ``version(id)`` the row's version alone, read on every notice while the
poll is held (whose the row is was settled by the first read).  What is the
reader's own rather than a row's (a player's inbox, at one address for
everyone) registers ``channel_of(request, id)``, the change channel to
watch, and no ``version``: ``version_of`` is read on every notice.  Both run in
the event loop's shared thread pool; ``version_of`` with the request's
session and user as the middlewares would give them.

"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import math
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import HttpRequest, QueryDict
from django.utils.functional import SimpleLazyObject

from . import events, ids
from .throttles import RATE_COUNTED, PlayerThrottle

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Route:
    path: re.Pattern[str]
    kind: str
    version_of: Callable[[HttpRequest, int], int | None]
    version: Callable[[int], int | None] | None
    channel_of: Callable[[HttpRequest, int], str] | None = None


_routes: list[Route] = []
_open: Counter[str] = Counter()
# Called with each held poll's request at its first read (an app noting who
# is online: a page that only long-polls never reaches Django's middlewares).
_seen: list[Callable[[HttpRequest], None]] = []


def on_poll(callback: Callable[[HttpRequest], None]) -> None:
    """Call ``callback(request)`` (in a thread) at the start of each held poll."""
    if callback not in _seen:
        _seen.append(callback)


def register(
    path: str,
    kind: str,
    version_of: Callable[[HttpRequest, int], int | None],
    version: Callable[[int], int | None] | None,
    channel_of: Callable[[HttpRequest, int], str] | None = None,
) -> None:
    if not any(route.path.pattern == path for route in _routes):
        _routes.append(Route(re.compile(path), kind, version_of, version, channel_of))


def open_polls() -> int:
    """How many long polls this process holds now."""
    return sum(_open.values())


def client_key(request: HttpRequest) -> str:
    """Who a request's client is, for the caps on what one holds open: its
    session, else its address."""
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    return f"session:{key}" if key else f"address:{request.META.get('REMOTE_ADDR', '')}"


def _as_the_middlewares_would(request: HttpRequest) -> None:
    """The request's lazy session and user, as SessionMiddleware and
    AuthenticationMiddleware set them (nothing is read until ``version_of``
    asks)."""
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    request.user = SimpleLazyObject(lambda: auth.get_user(request))  # type: ignore[assignment]


async def _respond(
    send: Send, status: int, body: dict[str, Any] | None = None, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    content = b"" if body is None else json.dumps(body).encode()
    headers = [(b"x-content-type-options", b"nosniff"), (b"cache-control", b"no-store"), *(extra or [])]
    if body is not None:
        headers += [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})


def _route(scope: Scope) -> tuple[Route | None, int]:
    # HEAD too: Django answers it with the GET view, which would otherwise
    # hold a thread of the pool for the whole wait.
    if scope.get("type") != "http" or scope.get("method") not in ("GET", "HEAD"):
        return None, 0
    path = scope.get("path", "")
    root = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    for route in _routes:
        found = route.path.match(path)
        if found and int(found.group(1)) <= ids.LARGEST:  # past it no row: Django's 404
            return route, int(found.group(1))
    return None, 0


def _channel_of(channel_of: Callable[[HttpRequest, int], str], request: HttpRequest, row_id: int) -> str:
    close_old_connections()  # as around a request
    try:
        return channel_of(request, row_id)
    finally:
        close_old_connections()


async def _poll_channel(route: Route, request: HttpRequest, row_id: int) -> str | None:
    """The events channel a poll of ``route`` on ``row_id`` listens to, or
    None when the session's store failed (the view answers, with Django's
    errors if need be)."""
    if route.channel_of is None:
        return events.channel(route.kind, row_id)
    try:
        return await sync_to_async(_channel_of, thread_sensitive=False)(route.channel_of, request, row_id)
    except Exception:
        log.exception("long polls: could not tell the channel of %s %s", route.kind, row_id)
        return None


class _VersionReader:
    """The reads of one held poll's row version (in a thread).  The first
    counts the poll against the client's rate (``_REFUSED`` over it); once a
    read finds the row, later ones read just its version.  It keeps whether
    the poll was ``counted``, for its end."""

    def __init__(self, route: Route, request: HttpRequest, row_id: int) -> None:
        self.route, self.request, self.row_id = route, request, row_id
        self.owned = self.counted = False

    def read(self) -> int | None | object:
        route, request, row_id = self.route, self.request, self.row_id
        # As around a request: a connection that broke or outlived
        # CONN_MAX_AGE is closed (on PostgreSQL, handed back to the pool).
        close_old_connections()
        try:
            if self.owned:
                return route.version(row_id) if route.version is not None else route.version_of(request, row_id)
            # A held poll counts against the client's rate as any request
            # does; over it, the view answers (a 429).
            if not PlayerThrottle().allow_request(request, None):  # type: ignore[arg-type]
                return _REFUSED
            self.counted = True
            for seen in _seen:
                seen(request)
            version = route.version_of(request, row_id)
            self.owned = version is not None
            return version
        finally:
            close_old_connections()


class LongPolls:
    """The ASGI application that holds long polls, in front of ``app``
    (Django's), to which every other request goes untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route, row_id = _route(scope)
        if route is None:
            return await self.app(scope, receive, send)
        query = QueryDict(scope.get("query_string", b"").decode("latin-1"), mutable=True)
        try:
            asked_for = events.wait_asked(query)
        except ValueError:
            asked_for = None  # the view says what is wrong
        if asked_for is None or asked_for[1] <= 0:
            return await self.app(scope, receive, send)
        asked, timeout = asked_for
        request = ASGIRequest(scope, io.BytesIO())
        _as_the_middlewares_would(request)
        received: list[Message] = []
        channel = await _poll_channel(route, request, row_id)
        if channel is None:
            return await self.app(scope, receive, send)
        reader = _VersionReader(route, request, row_id)
        # In the shared pool of the event loop: hundreds of held polls cost a
        # handful of threads and database connections, not one each.
        version_of: Callable[[], Awaitable[Any]] = sync_to_async(reader.read, thread_sensitive=False)
        client = client_key(request)
        try:
            # Subscribed before the first read, so that no change made
            # meanwhile goes unnoticed; then a quiet hold reads nothing more.
            async with events.Subscription(channel) as sub:
                first = await version_of()
                if first != asked:
                    seen: object = first  # news already, not theirs, or over the rate: the view answers
                elif _open[client] >= settings.OD_MAX_POLLS_PER_CLIENT:
                    # Its open polls answer within about the time this one asked to wait.
                    return await _respond(
                        send,
                        429,
                        {"error": f"too many open long polls ({_open[client]}): wait for one to answer first"},
                        [(b"retry-after", str(max(1, math.ceil(timeout))).encode())],
                    )
                else:
                    _open[client] += 1
                    try:
                        seen = await self._hold(sub, version_of, asked, timeout, receive, received)
                    finally:
                        _open[client] -= 1
                        if _open[client] <= 0:
                            del _open[client]
        except Exception:  # the database or Redis failed: the view answers at once, with Django's errors if need be
            log.exception("long polls: could not hold a poll on %s %s", route.kind, row_id)
            return await self._forward(scope, query, receive, received, send, reader.counted)
        if seen is _GONE:
            return None
        if seen == asked:
            return await _respond(send, 304)
        return await self._forward(scope, query, receive, received, send, reader.counted)

    async def _forward(
        self, scope: Scope, query: QueryDict, receive: Receive, received: list[Message], send: Send, counted: bool
    ) -> None:
        """To Django, without the wait (the view answers at once), reading
        first the request's messages that this listened to.  A request this
        counted against the client's rate is marked so in its environ, where
        no client can put anything, and is not counted a second time."""
        query.pop("wait", None)
        query.pop("timeout", None)
        forwarded = {**scope, "query_string": query.urlencode().encode("latin-1")}
        if counted:
            forwarded["environ"] = {**scope.get("environ", {}), RATE_COUNTED: True}

        async def replay() -> Message:
            return received.pop(0) if received else await receive()

        return await self.app(forwarded, replay, send)

    @staticmethod
    async def _hold(
        sub: events.Subscription,
        version_of: Callable[[], Awaitable[Any]],
        asked: int,
        timeout: float,
        receive: Receive,
        received: list[Message],
    ) -> object:
        """The version once it moves on or the hold runs out, or ``_GONE`` if
        the client went away first."""

        async def listen() -> None:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                received.append(message)

        waiting = asyncio.ensure_future(events.wait_subscribed(sub, version_of, asked, timeout, asked))
        listening = asyncio.ensure_future(listen())
        try:
            await asyncio.wait({waiting, listening}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (waiting, listening):
                if not task.done():
                    task.cancel()
            await asyncio.gather(waiting, listening, return_exceptions=True)
        if not waiting.done() or waiting.cancelled():
            return _GONE
        return waiting.result()


_GONE = object()  # the client went away while its poll was held
_REFUSED = object()  # the client is over its rate: the view answers
