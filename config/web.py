"""The web server's worker class: gunicorn's uvicorn worker, with the event
loop and the HTTP and WebSocket protocols named rather than guessed
(``auto`` would quietly serve no WebSocket were the ``websockets`` package
missing, or fall back to asyncio's own loop were ``uvloop`` missing).
libuv's loop (uvloop) costs less CPU per socket event than asyncio's: every move is a
WebSocket frame in, frames out to each reader and a message from Redis.  The
WebSockets are uvicorn's implementation on the ``websockets`` package's
sans-I/O protocol, which parses and writes frames in the server's own
protocol callbacks, where its older one runs tasks and stream readers for
each connection: the loop's CPU time a move fell by half
(``bench/people_bench.py``).

A request's headers have no deadline here: uvicorn waits for them as long as
the client likes, and a connection that sends half a request line and then
nothing holds its socket.  In production the reverse proxy in front, which
holds every client connection, drops such connections (nginx's
``client_header_timeout``; docs/deployment.md).  The body has a deadline of
its own (``OD_WEB_BODY_TIMEOUT``, ``puzzles.core.arrival.Arrivals``: a 408)."""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker as _UvicornWorker


class UvicornWorker(_UvicornWorker):
    """gunicorn's worker class for the site (``--worker-class config.web.UvicornWorker``)."""

    CONFIG_KWARGS: dict[str, Any] = {
        **_UvicornWorker.CONFIG_KWARGS,
        "loop": "uvloop",
        "http": "h11",
        # uvloop hands the protocol a long request line in smaller reads than asyncio did, and h11
        # refuses an unfinished request over 16 KiB with a bare 400: at 1 MiB, an address too long
        # reaches the site, which answers a JSON 414 that says so (puzzles/core/middleware.py)
        "h11_max_incomplete_event_size": 1 << 20,
        "ws": "websockets-sansio",
    }
