"""The web server's own parts: gunicorn's uvicorn worker, with a deadline for
a request's headers.

uvicorn waits for a request's headers as long as the client likes: a
connection that sends half a request line and then nothing (or a byte a
minute, as a slow-loris attack does) holds its socket for good, and enough of
them hold every socket the process may open.  ``HeaderDeadlineProtocol``
closes a connection whose request's headers have not all arrived
``OD_WEB_HEADER_TIMEOUT`` seconds (default 15) after it opened, or after the
answer to its previous request: time enough for any real client on a slow
line, whose headers are a few hundred bytes.  The body has a deadline of
its own (``OD_WEB_BODY_TIMEOUT``, ``puzzles.core.arrival.Arrivals``: a 408);
the answer has none (a long poll is held for up to 25 s)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn_worker import UvicornWorker as _UvicornWorker


def header_timeout() -> float:
    """``OD_WEB_HEADER_TIMEOUT``: a number of seconds above 0, else the worker does not start."""
    raw = os.environ.get("OD_WEB_HEADER_TIMEOUT", "15")
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not seconds > 0 or seconds == float("inf"):
        raise ValueError(f"OD_WEB_HEADER_TIMEOUT is a number of seconds above 0, not {raw!r}")
    return seconds


HEADER_TIMEOUT = header_timeout()  # read once, when the worker loads this module


class HeaderDeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose headers are late."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self.header_deadline = self.loop.call_later(HEADER_TIMEOUT, self._headers_late)

    def _disarm(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _headers_late(self) -> None:
        self.header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not before:  # a request's headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        answered = self.cycle
        super().on_response_complete()
        # The next request on this connection has the same deadline, unless
        # it was in already (pipelined) and has started.
        if self.cycle is answered and not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class UvicornWorker(_UvicornWorker):
    """gunicorn's worker class for the site (``--worker-class config.web.UvicornWorker``)."""

    CONFIG_KWARGS: dict[str, Any] = {**_UvicornWorker.CONFIG_KWARGS, "http": HeaderDeadlineProtocol}
