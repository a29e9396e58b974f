"""When a request reached the server, read before it waits on anything.

A move is timed when it arrives, not when it is played: a request may wait
on Redis (the rate limit, the cache) or on the database before its view
runs, and that wait is the server's, not the player's.  ``Arrivals``, the
outermost ASGI application (``config/asgi.py``), stamps every HTTP request
as the event loop receives it whole, before the request queues for a
thread, and passes the stamp to Django in the scope's ``environ``;
``ArrivalMiddleware``, the first middleware, makes it the request's
``arrived()`` for the code the request runs.  Served otherwise (the tests'
client), a request has no stamp and ``arrived()`` is ``None``: the caller
reads its clock then.

A request has arrived when its body has: the last ``http.request`` message
(``more_body`` false) is stamped, and a request that says it has no body
(neither Content-Length above 0 nor Transfer-Encoding) is stamped at once.
Stamped at its headers, a move could be thought over between the headers
and the body and charged nothing.  The whole body must come within
``OD_WEB_BODY_TIMEOUT`` seconds (default 10) of the headers, else the
request is refused with a 408 and the connection closed: a body sent a
byte at a time holds no socket for long.

``Arrivals`` also keeps the requests that change something (POST) still
being served in this process, from their arrival: the heartbeat writes the
oldest one's arrival (``oldest_in_flight``), so that no flag falls while a
move that arrived in time is still on its way (``core.outages.flag_may_fall``).
A request whose body is still coming has not arrived, and holds no flag."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

ENVIRON_KEY = "open_domino.arrived"  # seconds since the epoch, as time.time()
_arrived: ContextVar[datetime | None] = ContextVar("open_domino_arrived", default=None)
_in_flight: dict[int, float] = {}
_lock = threading.Lock()
_ids = itertools.count()


def body_timeout() -> float:
    """``OD_WEB_BODY_TIMEOUT``: seconds above 0 for a request's whole body, else the site does not start."""
    raw = os.environ.get("OD_WEB_BODY_TIMEOUT", "10")
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not seconds > 0 or seconds == float("inf"):
        raise ValueError(f"OD_WEB_BODY_TIMEOUT is a number of seconds above 0, not {raw!r}")
    return seconds


BODY_TIMEOUT = body_timeout()


def arrived() -> datetime | None:
    """When the request this code runs for reached the server (None: no stamp)."""
    return _arrived.get()


@contextlib.contextmanager
def in_flight(at: float) -> Iterator[None]:
    """A change that reached the server at ``at`` (``time.time()``) outside
    an HTTP request (a move sent over a game's WebSocket), held in flight as
    a POST is while it is served."""
    key = next(_ids)
    with _lock:
        _in_flight[key] = at
    try:
        yield
    finally:
        with _lock:
            _in_flight.pop(key, None)


@contextlib.contextmanager
def stamped(at: float) -> Iterator[None]:
    """The code run for a message that reached the server at ``at``: its ``arrived()``."""
    token = _arrived.set(datetime.fromtimestamp(at, UTC))
    try:
        yield
    finally:
        _arrived.reset(token)


def oldest_in_flight() -> datetime | None:
    """The arrival of the oldest POST this process is still serving."""
    with _lock:
        oldest = min(_in_flight.values(), default=None)
    return None if oldest is None else datetime.fromtimestamp(oldest, UTC)


def _has_body(scope: dict[str, Any]) -> bool:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"transfer-encoding":
            return True
        if name.lower() == b"content-length" and value.strip() not in (b"", b"0"):
            return True
    return False


class _BodyLate(Exception):
    """The request's body did not all come within ``BODY_TIMEOUT``."""


class Arrivals:
    """The ASGI application in front of the others: stamps each request's arrival."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            return await self.app(scope, receive, send)
        environ: dict[str, Any] = {**scope.get("environ", {})}
        scope = {**scope, "environ": environ}
        key = next(_ids)
        counted = scope.get("method") == "POST"

        def stamp() -> None:
            environ[ENVIRON_KEY] = at = time.time()
            if counted:
                with _lock:
                    _in_flight[key] = at

        if not _has_body(scope):
            stamp()
            return await self._serve(scope, receive, send, key)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BODY_TIMEOUT
        whole = False
        answered = False

        async def timed_receive() -> Any:
            nonlocal whole
            if whole:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise _BodyLate from None
            if message.get("type") == "http.request" and not message.get("more_body"):
                whole = True
                stamp()  # the request has arrived: its last byte is in
            return message

        async def watched_send(message: Any) -> None:
            nonlocal answered
            answered = True
            await send(message)

        try:
            await self._serve(scope, timed_receive, watched_send, key)
        except _BodyLate:
            if not answered:
                await _refuse_late(send)

    async def _serve(self, scope: dict[str, Any], receive: Any, send: Any, key: int) -> None:
        try:
            await self.app(scope, receive, send)
        finally:
            with _lock:
                _in_flight.pop(key, None)


async def _refuse_late(send: Any) -> None:
    content = json.dumps({"error": gettext("the request's body came too slowly: send it again")}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 408,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(content)).encode()),
                (b"connection", b"close"),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": content})


class ArrivalMiddleware:
    """The first middleware: the stamp of ``Arrivals`` becomes ``arrived()``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        stamp = request.META.get(ENVIRON_KEY)
        token = _arrived.set(datetime.fromtimestamp(stamp, UTC) if isinstance(stamp, float) else None)
        try:
            return self.get_response(request)
        finally:
            _arrived.reset(token)
