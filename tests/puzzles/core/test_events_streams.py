"""A change's notice goes to the channel layer only for the kinds of rows
that have streams (a game): a training attempt's or a lobby's is a long
poll's notice alone, with no second round trip to Redis.  A socket's own
move sends its events on the socket's loop."""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async

from puzzles.core import events, streams


class FakeRedis:
    def __init__(self) -> None:
        self.published: list[str] = []

    def publish(self, name: str, payload: bytes) -> None:
        self.published.append(name)


def test_only_streamed_kinds_reach_the_channel_layer(monkeypatch, settings):
    settings.OD_EVENTS = True
    notices = FakeRedis()
    monkeypatch.setattr(events, "_redis", lambda: notices)
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(streams, "send", lambda group, event: sent.append((group, event)))
    events.publish(events.channel("attempt", 3))
    events.publish(events.channel("lobby", 1))
    events.publish(events.channel("game", 7))
    events.publish(events.channel("game", 8), {"type": "move", "version": 2})
    assert notices.published == ["od:attempt:3", "od:lobby:1", "od:game:7", "od:game:8"]
    assert sent == [("od.game.7", {"type": "changed"}), ("od.game.8", {"type": "move", "version": 2})]


class FakeLayer:
    """A channel layer that records each event and the loop it was sent on."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int, asyncio.AbstractEventLoop]] = []

    async def group_send(self, group: str, message: dict) -> None:
        await asyncio.sleep(0)  # a round trip's await: later sends must still leave in order
        self.sent.append((group, message["event"]["n"], asyncio.get_running_loop()))


def test_a_socket_s_thread_sends_its_events_on_the_socket_s_loop_in_order(monkeypatch):
    layer = FakeLayer()
    monkeypatch.setattr(streams, "get_channel_layer", lambda: layer)

    def move() -> None:  # a move played in a thread for the socket, sending three events
        for n in range(3):
            streams.send("od.game.7", {"n": n})

    async def socket() -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        with streams.on_loop(loop):
            await sync_to_async(move, thread_sensitive=False)()
        for _ in range(20):  # sent without the thread waiting: they leave once the loop runs them
            if len(layer.sent) == 3:
                break
            await asyncio.sleep(0.01)
        return loop

    loop = asyncio.run(socket())
    assert layer.sent == [("od.game.7", n, loop) for n in range(3)]
    # without it (a request's thread), on the process's own loop for events, waited for
    streams.send("od.game.8", {"n": 9})
    assert layer.sent[-1][:2] == ("od.game.8", 9)
    assert layer.sent[-1][2] is not loop
