"""When a request reached the server, read before it waits on anything.

A move is timed when it arrives, not when it is played: a request may wait
on Redis (the rate limit, the cache) or on the database before its view
runs, and that wait is the server's, not the player's.  ``Arrivals``, the
outermost ASGI application (``config/asgi.py``), stamps every HTTP request
as the event loop receives it, before the request queues for a thread, and
passes the stamp to Django in the scope's ``environ``; ``ArrivalMiddleware``,
the first middleware, makes it the request's ``arrived()`` for the code the
request runs.  Served otherwise (the tests' client), a request has no stamp
and ``arrived()`` is ``None``: the caller reads its clock then.

``Arrivals`` also keeps the requests that change something (POST) still
being served in this process: the heartbeat writes the oldest one's arrival
(``oldest_in_flight``), so that no flag falls while a move that arrived in
time is still on its way (``core.outages.flag_may_fall``)."""
from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse

ENVIRON_KEY = "open_domino.arrived"  # seconds since the epoch, as time.time()
_arrived: ContextVar[datetime | None] = ContextVar("open_domino_arrived", default=None)
_in_flight: dict[int, float] = {}
_lock = threading.Lock()
_ids = itertools.count()


def arrived() -> datetime | None:
    """When the request this code runs for reached the server (None: no stamp)."""
    return _arrived.get()


def oldest_in_flight() -> datetime | None:
    """The arrival of the oldest POST this process is still serving."""
    with _lock:
        oldest = min(_in_flight.values(), default=None)
    return None if oldest is None else datetime.fromtimestamp(oldest, UTC)


class Arrivals:
    """The ASGI application in front of the others: stamps each request's arrival."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            return await self.app(scope, receive, send)
        at = time.time()
        scope = {**scope, "environ": {**scope.get("environ", {}), ENVIRON_KEY: at}}
        if scope.get("method") != "POST":
            return await self.app(scope, receive, send)
        key = next(_ids)
        with _lock:
            _in_flight[key] = at
        try:
            await self.app(scope, receive, send)
        finally:
            with _lock:
                _in_flight.pop(key, None)


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
