"""The bridge from the ASGI server to Django's WSGI handler: a request runs
whole in one thread of a fixed pool (the same threads again and again, so a
thread keeps its database connection), the body reaches the application, the
answer's headers are ones an ASGI server accepts (Django writes cookies after a
space), and failures are answers, not a dropped connection."""

from __future__ import annotations

import asyncio
import threading

from puzzles.core.threaded_wsgi import ThreadedWsgi


def scope(method: str = "GET", path: str = "/x/", headers: list[tuple[bytes, bytes]] | None = None) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"a=1",
        "root_path": "",
        "headers": headers or [(b"host", b"testserver")],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }


def call(app, request_scope: dict, messages: list[dict]) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    async def send(message: dict) -> None:
        sent.append(message)

    # In a thread of its own: a browser test of the same process may have left
    # an event loop running in this one.
    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(app(request_scope, receive, send))
        except BaseException as exc:  # noqa: BLE001 - raised again below
            failures.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(30)
    if failures:
        raise failures[0]
    return sent


def test_a_request_runs_whole_in_one_thread_of_the_pool():
    seen: list[tuple[str, str, bytes]] = []

    def wsgi(environ, start_response):
        body = environ["wsgi.input"].read()
        seen.append((threading.current_thread().name, environ["QUERY_STRING"], body))
        start_response("201 Created", [("Content-Type", "text/plain"), ("Set-Cookie", " sessionid=abc; Path=/")])
        return [b"made ", b"", b"it"]

    app = ThreadedWsgi(wsgi, threads=2)
    for _ in range(6):
        sent = call(
            app,
            scope("POST"),
            [
                {"type": "http.request", "body": b'{"move": ', "more_body": True},
                {"type": "http.request", "body": b'"36R"}'},
            ],
        )
        start, *bodies = sent
        assert start["status"] == 201
        assert (b"set-cookie", b"sessionid=abc; Path=/") in start["headers"]  # the space is gone
        assert b"".join(m["body"] for m in bodies) == b"made it"
        assert not bodies[-1]["more_body"]
    assert {body for _, _, body in seen} == {b'{"move": "36R"}'}
    assert {q for _, q, _ in seen} == {"a=1"}
    # each request in a thread of the pool, never the loop's, and the same few again
    names = {name for name, _, _ in seen}
    assert all(name.startswith("django") for name in names)
    assert len(app.pool._threads) <= 2  # the pool's threads, made once and used again


def test_closing_the_answer_runs_in_the_same_thread_and_failures_are_500():
    closed: list[str] = []
    served: list[str] = []

    class Answer(list):
        def close(self) -> None:  # Django sends request_finished here
            closed.append(threading.current_thread().name)

    def wsgi(environ, start_response):
        served.append(threading.current_thread().name)
        if environ["PATH_INFO"] == "/broken/":
            raise RuntimeError("boom")
        start_response("200 OK", [("Content-Length", "0")])
        return Answer()

    app = ThreadedWsgi(wsgi, threads=1)
    start, body = call(app, scope(), [{"type": "http.request", "body": b""}])
    assert start["status"] == 200
    assert body["body"] == b""
    assert closed == served
    start, body = call(app, scope(path="/broken/"), [{"type": "http.request", "body": b""}])
    assert start["status"] == 500
    assert body["body"] == b"Internal Server Error"


def test_too_many_duplicate_headers_is_a_400_and_a_client_gone_early_gets_nothing():
    def wsgi(environ, start_response):  # pragma: no cover - never reached
        raise AssertionError("not called")

    app = ThreadedWsgi(wsgi, threads=1)
    start, body = call(app, scope(headers=[(b"x-a", b"1")] * 150), [{"type": "http.request", "body": b""}])
    assert start["status"] == 400
    assert b"headers or address cannot be read" in body["body"]
    assert call(app, scope("POST"), [{"type": "http.disconnect"}]) == []


def test_lifespan_and_the_site_entry_point():
    app = ThreadedWsgi(lambda environ, start_response: [], threads=1)
    sent = call(app, {"type": "lifespan"}, [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}])
    assert [m["type"] for m in sent] == ["lifespan.startup.complete", "lifespan.shutdown.complete"]

    from channels.routing import ProtocolTypeRouter

    from config import asgi
    from puzzles.botapi.streaming import BotStreams
    from puzzles.core.arrival import Arrivals
    from puzzles.core.longpoll import LongPolls

    assert isinstance(asgi.application, ProtocolTypeRouter)  # HTTP one way, WebSockets (a game's stream) the other
    http = asgi.application.application_mapping["http"]
    assert isinstance(http, Arrivals)  # outermost for HTTP: it stamps each request as it arrives
    streams = http.app
    assert isinstance(streams, BotStreams)  # the bots' NDJSON streams held on the event loop
    polls = streams.app
    assert isinstance(polls, LongPolls)
    assert isinstance(polls.app, ThreadedWsgi)


def test_a_chunked_body_reaches_the_api_whole(db):
    """A body sent chunked (no Content-Length) is read by the API as sent, in
    pieces as the server hands them over: it was read as empty, the view
    answering that the position field was missing."""
    import json

    from django.core.wsgi import get_wsgi_application

    body = json.dumps(
        {"position": "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - A"}
    ).encode()
    app = ThreadedWsgi(get_wsgi_application(), threads=1)
    token = b"k" * 32  # the CSRF cookie and its header, as a client sends them back
    headers = [
        (b"host", b"testserver"),
        (b"content-type", b"application/json"),
        (b"transfer-encoding", b"chunked"),
        (b"cookie", b"csrftoken=" + token),
        (b"x-csrftoken", token),
    ]
    pieces = [body[:20], body[20:50], body[50:]]
    messages = [{"type": "http.request", "body": piece, "more_body": i < 2} for i, piece in enumerate(pieces)]
    sent = call(app, scope("POST", "/api/positions/", headers), messages)
    answer = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert sent[0]["status"] == 200, answer
    assert answer["position"].startswith("26.56.35")
