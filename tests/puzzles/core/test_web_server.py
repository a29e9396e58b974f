"""The web server's deadline for a request's headers: a connection whose
headers never end is closed, a slow but complete request is answered, and a
kept-alive connection's next request has the same deadline."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest
import uvicorn

from config import web
from config.web import HeaderDeadlineProtocol, header_timeout


async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setattr(web, "HEADER_TIMEOUT", 1.0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        http=HeaderDeadlineProtocol,
        lifespan="off",
        log_level="warning",
        timeout_keep_alive=30,
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(running.serve()), daemon=True)
    thread.start()
    for _ in range(100):
        if running.started:
            break
        time.sleep(0.05)
    yield port
    running.should_exit = True
    thread.join(10)


def closed_within(conn: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``conn`` (reads b""), or None."""
    conn.settimeout(seconds)
    start = time.monotonic()
    try:
        while True:
            data = conn.recv(4096)
            if not data:
                return time.monotonic() - start
    except TimeoutError:
        return None
    except ConnectionResetError:
        return time.monotonic() - start


def test_headers_that_never_end_are_dropped(server):
    with socket.create_connection(("127.0.0.1", server)) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        took = closed_within(conn, 5)
    assert took is not None
    assert took < 3


def test_a_silent_connection_is_dropped(server):
    with socket.create_connection(("127.0.0.1", server)) as conn:
        assert closed_within(conn, 5) is not None


def test_a_slow_but_complete_request_is_answered_and_the_next_has_the_deadline(server):
    with socket.create_connection(("127.0.0.1", server)) as conn:
        for piece in (b"GET / HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
            conn.sendall(piece)
            time.sleep(0.3)
        conn.settimeout(5)
        answer = conn.recv(4096)
        assert answer.startswith(b"HTTP/1.1 200")
        assert b"\r\nok\r\n" in answer
        # kept alive: the next request's headers are under the same deadline
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        took = closed_within(conn, 5)
    assert took is not None
    assert took < 3


@pytest.mark.parametrize("value", ["15s", "0", "-3", "inf", "nan"])
def test_a_header_timeout_that_is_no_positive_number_stops_the_worker(monkeypatch, value):
    monkeypatch.setenv("OD_WEB_HEADER_TIMEOUT", value)
    with pytest.raises(ValueError, match="OD_WEB_HEADER_TIMEOUT"):
        header_timeout()
    monkeypatch.setenv("OD_WEB_HEADER_TIMEOUT", "2.5")
    assert header_timeout() == 2.5
