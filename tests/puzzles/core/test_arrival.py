"""A request is stamped when it has arrived whole (its body's last byte), is
counted as in flight from then only, and a body too slow is refused."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from puzzles.core import arrival, heartbeat, outages
from puzzles.core.arrival import ENVIRON_KEY, Arrivals

POST = {
    "type": "http",
    "method": "POST",
    "path": "/api/games/1/moves/",
    "headers": [(b"content-type", b"application/json"), (b"content-length", b"13")],
}


def reading_app(seen: dict, hold: threading.Event | None = None):
    """An app that reads the body as ``ThreadedWsgi`` does, then looks at its stamp."""

    async def app(scope, receive, send):
        seen["before_body"] = scope["environ"].get(ENVIRON_KEY)
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            if not message.get("more_body"):
                break
        seen["stamp"] = scope["environ"].get(ENVIRON_KEY)
        while hold is not None and not hold.is_set():
            await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    return app


def run(coroutine) -> None:
    """``asyncio.run`` in a thread of its own: a browser test before this one
    in the same process may have left an event loop running in this thread."""
    failed: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
            failed.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def sent_to(answers: list):
    async def send(message):
        answers.append(message)

    return send


def test_a_body_sent_after_the_headers_is_stamped_when_it_is_in():
    seen: dict = {}
    times: dict = {}

    async def client():
        chunks = [
            {"type": "http.request", "body": b'{"move":', "more_body": True},
            {"type": "http.request", "body": b' "x"}', "more_body": False},
        ]

        async def receive():
            if len(chunks) == 1:
                await asyncio.sleep(2)  # the player thinks between the headers and the body
                times["body"] = time.time()
            return chunks.pop(0)

        times["headers"] = time.time()
        await Arrivals(reading_app(seen))(POST, receive, sent_to([]))

    run(client())
    assert seen["before_body"] is None
    assert seen["stamp"] >= times["body"] >= times["headers"] + 2


def test_a_request_without_a_body_is_stamped_at_once():
    seen: dict = {}

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    before = time.time()
    run(Arrivals(reading_app(seen))({"type": "http", "method": "GET", "headers": []}, receive, sent_to([])))
    assert seen["before_body"] is not None
    assert seen["before_body"] >= before


def wait_for(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.01)


@pytest.mark.django_db(transaction=True)
def test_a_request_whose_body_has_not_come_holds_no_flag(settings):
    settings.OD_HEARTBEAT_SECONDS = 0.25
    outages.forget()
    seen: dict = {}
    asked = threading.Event()
    body_sent = threading.Event()
    answered = threading.Event()

    async def receive():
        asked.set()
        while not body_sent.is_set():
            await asyncio.sleep(0.01)
        return {"type": "http.request", "body": b'{"move": "x"}', "more_body": False}

    thread = threading.Thread(
        target=lambda: asyncio.run(Arrivals(reading_app(seen, answered))(POST, receive, sent_to([]))), daemon=True
    )
    thread.start()
    try:
        wait_for(asked.is_set)
        due = timezone.now() - timedelta(milliseconds=10)  # a flag due just now
        assert arrival.oldest_in_flight() is None
        heartbeat.beat(timezone.now())
        assert outages.flag_may_fall(due)  # the headers alone hold no flag
        body_sent.set()
        wait_for(lambda: "stamp" in seen)
        stamp = datetime.fromtimestamp(seen["stamp"], UTC)
        assert arrival.oldest_in_flight() == stamp  # arrived whole: it is on its way
        heartbeat.beat(timezone.now())
        assert not outages.flag_may_fall(stamp)  # a flag due when it came waits for it
    finally:
        body_sent.set()
        answered.set()
        thread.join(10)
    assert arrival.oldest_in_flight() is None


def test_a_body_too_slow_is_refused(monkeypatch):
    monkeypatch.setattr(arrival, "BODY_TIMEOUT", 0.3)
    seen: dict = {}
    answers: list = []

    async def receive():
        await asyncio.sleep(3600)  # a body that never comes

    async def client():
        await asyncio.wait_for(Arrivals(reading_app(seen))(POST, receive, sent_to(answers)), 30)

    run(client())
    start, body = answers
    assert start["status"] == 408
    assert (b"connection", b"close") in start["headers"]
    assert "error" in json.loads(body["body"])
    assert "stamp" not in seen
    assert arrival.oldest_in_flight() is None


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf"])
def test_a_body_timeout_that_is_no_positive_number_stops_the_site(monkeypatch, value):
    monkeypatch.setenv("OD_WEB_BODY_TIMEOUT", value)
    with pytest.raises(ValueError, match=f"OD_WEB_BODY_TIMEOUT is a number of seconds above 0, not '{value}'"):
        arrival.body_timeout()
