"""A change's notice goes to the channel layer only for the kinds of rows
that have streams (a game): a training attempt's or a lobby's is a long
poll's notice alone, with no second round trip to Redis."""

from __future__ import annotations

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
