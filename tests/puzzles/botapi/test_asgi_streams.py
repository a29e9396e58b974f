"""``BotStreams``, the ASGI holder of the streams, with a stand-in for
Django behind it: a stream its view opened is sent line by line as its
feed has news, kept alive when it has none, ended with the feed or when
the client goes; a refusal of the view is passed on as it is; HEAD gets
the headers alone; every other request goes by untouched."""

from __future__ import annotations

import asyncio
import json

import pytest

from puzzles.botapi import streaming


class Feed:
    """A feed that says ``news`` one at a time, then is finished."""

    channel = "od:test:1"

    def __init__(self, news: list[dict], finish: bool = True) -> None:
        self.news = list(news)
        self.finish = finish
        self.finished = False
        self.calls = []

    def first(self) -> list[dict]:
        return [{"type": "gameFull"}]

    def next(self) -> list[dict]:
        self.calls.append("next")
        if self.news:
            return [self.news.pop(0)]
        self.finished = self.finish
        return []

    def opened(self) -> None:
        self.calls.append("opened")

    def closed(self) -> None:
        self.calls.append("closed")


def view(feed: Feed | None, status: int = 200):
    """Django's stand-in: opens ``feed`` into the holder (or refuses with ``status``)."""
    seen = {}

    async def app(scope, receive, send):
        seen["scope"] = scope
        holder = scope.get("environ", {}).get(streaming.HOLDER)
        if feed is not None and holder is not None:
            holder.append(streaming.Opened(feed, feed.first(), "user:1"))
        body = b"" if status == 200 else json.dumps({"error": "no"}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"x")]})
        await send({"type": "http.response.body", "body": body})

    return app, seen


def serve(app, path="/api/bot/game/stream/7", method="GET", leave_after: float | None = None) -> list[dict]:
    """The messages the client is sent (it leaves after ``leave_after`` s, if given)."""
    sent: list[dict] = []

    async def run() -> None:
        asked = 0

        async def receive():
            nonlocal asked
            asked += 1
            if asked == 1:
                return {"type": "http.request", "body": b"", "more_body": False}
            if leave_after is None:
                await asyncio.sleep(3600)
            await asyncio.sleep(leave_after)
            return {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": method, "path": path, "query_string": b"", "headers": []}
        await asyncio.wait_for(streaming.BotStreams(app)(scope, receive, send), 10)

    asyncio.run(run())
    return sent


def body(sent: list[dict]) -> bytes:
    return b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


@pytest.fixture(autouse=True)
def quick_keep_alive(monkeypatch):
    monkeypatch.setattr(streaming, "KEEP_ALIVE_SECONDS", 0.3)


def test_a_stream_is_sent_line_by_line_and_ends_with_its_feed():
    feed = Feed([{"type": "gameState", "ply": 1}, {"type": "gameState", "ply": 2}])
    app, _ = view(feed)
    sent = serve(app)
    assert sent[0]["status"] == 200
    assert dict(sent[0]["headers"])[b"content-type"] == b"application/x-ndjson"
    lines = body(sent).split(b"\n")
    assert [json.loads(line) for line in lines if line] == [
        {"type": "gameFull"},
        {"type": "gameState", "ply": 1},
        {"type": "gameState", "ply": 2},
    ]
    assert sent[-1] == {"type": "http.response.body", "body": b""}  # the answer ended
    assert feed.calls[0] == "opened"
    assert feed.calls[-1] == "closed"
    assert streaming.open_streams() == 0


def test_a_quiet_stream_is_kept_alive_until_the_client_leaves():
    feed = Feed([], finish=False)
    app, _ = view(feed)
    sent = serve(app, path="/api/stream/events", leave_after=1.0)
    keep_alives = [m for m in sent[2:] if m.get("body") == b"\n"]
    assert 2 <= len(keep_alives) <= 4  # one about every 0.3 s for 1 s
    assert feed.calls[-1] == "closed"
    assert streaming.open_streams() == 0  # counted while open only


def test_a_refusal_is_the_view_s_own_answer():
    app, _ = view(None, status=403)
    sent = serve(app)
    assert sent[0]["status"] == 403
    assert json.loads(body(sent)) == {"error": "no"}


def test_head_gets_the_headers_alone():
    feed = Feed([{"type": "gameState"}], finish=False)
    app, _ = view(feed)
    sent = serve(app, method="HEAD")
    assert sent[0]["status"] == 200
    assert body(sent) == b""
    assert feed.calls == []  # never followed


def test_other_requests_go_by_untouched():
    app, seen = view(None, status=404)
    sent = serve(app, path="/api/stream/events/")  # not a stream's path (the last slash)
    assert sent[0]["status"] == 404
    assert streaming.HOLDER not in seen["scope"].get("environ", {})
    serve(app, path="/api/stream/events", method="POST")
    assert streaming.HOLDER not in seen["scope"].get("environ", {})
