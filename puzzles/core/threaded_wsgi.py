"""Django's synchronous views served to an ASGI server from a fixed pool of
threads, each request in one step, as a threaded WSGI server runs them.

Django's own ASGI handler runs a synchronous project request by request in a
new thread of its own, and passes control between that thread and the event
loop at every synchronous middleware, on the way in and on the way out:
about twenty hand-overs a request here, 7 to 8 ms for a request that does
nothing (the favicon), and a new database connection each time, since
connections belong to threads.  ``ThreadedWsgi`` hands the whole request to
one thread of a pool instead, where Django's WSGI handler runs it (signals,
middlewares, view) without a hand-over, and on SQLite a thread keeps its
database connection from one request to the next (``CONN_MAX_AGE``; on
PostgreSQL the process's pool keeps them).  The event loop
stays free for what waits without a thread: the long polls
(``longpoll.LongPolls``, in front of this).

The answer is read whole in the thread and sent from the loop: the site has
no streamed responses.  a2wsgi's ``WSGIMiddleware`` does the same work with a
hand-over to the loop for each part of the answer (and the body read through
the loop): ``bench/infra_bench.py`` measures it at 1.2 to 2 times this one's
CPU a request, and Django's own handler at 2.4 to 7 times.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile
from typing import IO, Any

from asgiref.wsgi import WsgiToAsgiInstance

log = logging.getLogger(__name__)

Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

_BAD_REQUEST = (400, b"Bad Request: the request's headers or address cannot be read")
_FAILED = (500, b"Internal Server Error")


class ThreadedWsgi:
    """The ASGI application that runs ``wsgi_app`` in ``threads`` threads."""

    def __init__(self, wsgi_app: WSGIApp, threads: int) -> None:
        self.wsgi_app = wsgi_app
        self.threads = threads
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="django")

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            raise ValueError(f"only HTTP is served here, not {scope['type']!r}")
        with SpooledTemporaryFile(max_size=65536) as body:
            size = 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return  # gone before the request was read: nobody to answer
                size += body.write(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body.seek(0)
            loop = asyncio.get_running_loop()
            start, chunks = await loop.run_in_executor(self.pool, self._run, scope, body, size)
        await send(start)
        for index, chunk in enumerate(chunks):
            await send({"type": "http.response.body", "body": chunk, "more_body": index < len(chunks) - 1})
        if not chunks:
            await send({"type": "http.response.body", "body": b""})

    def _run(self, scope: dict[str, Any], body: IO[bytes], size: int) -> tuple[Message, list[bytes]]:
        """In a thread of the pool: the whole request, and the answer read whole."""
        instance = WsgiToAsgiInstance(self.wsgi_app)  # type: ignore[no-untyped-call]  # asgiref's is untyped
        instance.scope = scope
        try:
            environ: dict[str, Any] = instance.build_environ(scope, body)  # type: ignore[no-untyped-call]
        except ValueError:  # too many repeats of a header, or an address that is not ASCII
            return _plain(*_BAD_REQUEST)
        if not environ.get("CONTENT_LENGTH"):
            # A chunked body (no Content-Length) has been read whole by now:
            # its length is known, and Django and DRF read no more than
            # CONTENT_LENGTH says (without it, an empty body).
            environ["CONTENT_LENGTH"] = str(size)
        # What an ASGI application in front passes on to Django (the scope's
        # "environ"): facts about the request that no client can send.
        environ.update(scope.get("environ", {}))
        started: list[Message] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            # Values as a WSGI server sends them: Django writes each cookie
            # after a space ("Set-Cookie:" and " name=..."), which ASGI refuses.
            started[:] = [
                {
                    "type": "http.response.start",
                    "status": int(status.split(" ", 1)[0]),
                    "headers": [
                        (name.lower().encode("latin-1"), value.strip().encode("latin-1")) for name, value in headers
                    ],
                }
            ]

        try:
            result = self.wsgi_app(environ, start_response)
            try:
                chunks = [chunk for chunk in result if chunk]
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()  # Django's request_finished: the connections are tidied here, in this thread
        except Exception:  # Django answers its own errors; this is a failure outside it
            log.exception("the request could not be served")
            return _plain(*_FAILED)
        if not started:
            return _plain(*_FAILED)
        return started[0], chunks

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await asyncio.to_thread(self.pool.shutdown, True)  # the requests under way finish first
                await send({"type": "lifespan.shutdown.complete"})
                return


def _plain(status: int, text: bytes) -> tuple[Message, list[bytes]]:
    start = {
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(text)).encode())],
    }
    return start, [text]
