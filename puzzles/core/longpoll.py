"""Long polls that hold no thread.

``GET /api/games/<id>/?wait=<version>`` (and the same on attempts and
matches) is held until the row's version changes.  Under WSGI the DRF view
waits itself and holds one of the server's threads meanwhile; under ASGI (what
``make run`` serves) this middleware does the waiting on the event loop
instead, with Redis pub/sub, and then hands the request on without ``wait``,
so the view answers at once.  When the hold runs out with nothing new, the
answer is the view's bodiless 304, given here without the view.  Each process
lets one client (a session, else an address) hold at most
``PUZZLES_MAX_POLLS_PER_CLIENT`` polls at a time; more get a 429.

Apps register their endpoints in ``AppConfig.ready`` with ``register(path,
kind, version_of)``: ``path`` a regular expression with the row's id as its one
group, ``kind`` the change channel's kind (``events.channel``), and
``version_of(request, id)`` the row's version if it belongs to the request's
player, else ``None`` (then nothing waits and the view answers, e.g. 404).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.db import close_old_connections, connections
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict

from . import events


@dataclass(frozen=True)
class Route:
    path: re.Pattern[str]
    kind: str
    version_of: Callable[[HttpRequest, int], int | None]


_routes: list[Route] = []
_open: Counter[str] = Counter()


def register(path: str, kind: str, version_of: Callable[[HttpRequest, int], int | None]) -> None:
    if not any(route.path.pattern == path for route in _routes):
        _routes.append(Route(re.compile(path), kind, version_of))


def open_polls() -> int:
    """How many long polls this process holds now."""
    return sum(_open.values())


def _client(request: HttpRequest) -> str:
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    return f"session:{key}" if key else f"address:{request.META.get('REMOTE_ADDR', '')}"


def _without_wait(request: HttpRequest) -> None:
    query = request.GET.copy()
    query.pop("wait", None)
    query.pop("timeout", None)
    request.GET = QueryDict(query.urlencode())
    request.META["QUERY_STRING"] = query.urlencode()


class LongPollMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if not self.is_async:
            return self.get_response(request)  # WSGI: the view waits itself
        return self._acall(request)

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        route, row_id = self._route(request)
        if route is None:
            return await self.get_response(request)
        try:
            asked_for = events.wait_asked(request.GET)
        except ValueError:
            return await self.get_response(request)  # the view says what is wrong
        if asked_for is None:
            return await self.get_response(request)
        asked, timeout = asked_for
        def read_version() -> int | None:
            close_old_connections()  # a connection the database dropped is opened again
            return route.version_of(request, row_id)

        # In the shared pool of the event loop, not a thread of this request's
        # own: hundreds of held polls then cost a handful of threads and
        # database connections, not one each.
        version_of: Callable[[], Awaitable[int | None]] = sync_to_async(read_version, thread_sensitive=False)
        if timeout > 0 and await version_of() == asked:
            client = _client(request)
            if _open[client] >= settings.PUZZLES_MAX_POLLS_PER_CLIENT:
                return JsonResponse(
                    {"error": f"too many open long polls ({_open[client]}): wait for one to answer first"},
                    status=429,
                )
            _open[client] += 1
            # The request's own database connection (opened by the session and
            # the ownership check) goes back to the pool while it waits:
            # hundreds of held polls must not hold hundreds of PostgreSQL
            # connections.  (SQLite has no such limit, and reopening hundreds
            # of files at once when the polls end would only slow them.)
            if connections["default"].vendor != "sqlite":
                await sync_to_async(connections.close_all)()
            try:
                seen = await events.async_wait_for_change(events.channel(route.kind, row_id), version_of, asked, timeout)
            finally:
                _open[client] -= 1
                if _open[client] <= 0:
                    del _open[client]
            if seen == asked:
                # Nothing new: 304 from here, without the view (no thread, no
                # query, no serialising the whole row for a client that has it).
                return HttpResponse(status=304)
        _without_wait(request)
        return await self.get_response(request)

    @staticmethod
    def _route(request: HttpRequest) -> tuple[Route | None, int]:
        if request.method != "GET" or "wait" not in request.GET:
            return None, 0
        for route in _routes:
            found = route.path.match(request.path)
            if found:
                return route, int(found.group(1))
        return None, 0
