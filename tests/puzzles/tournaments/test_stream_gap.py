"""An event's room sends its pages a new version at most every
``GAP_SECONDS``, and no sooner than ``SETTLE_SECONDS`` after a notice: a
busy arena's game ends and pairings, noticed one after another, reach a
thousand pages as a few versions a second rather than one each."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from puzzles.tournaments import stream


@dataclass
class _Snapshot:
    version: int


class _Subscription:
    """A change channel on which a notice is always waiting."""

    def __init__(self, name: str) -> None:
        self.notices = 0

    async def __aenter__(self) -> _Subscription:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def notice(self, timeout: float) -> bool:
        self.notices += 1
        return True


class _Page:
    language = "en"

    def __init__(self, room: stream.Room, sends: int) -> None:
        self.room, self.sends, self.sent_at = room, sends, []

    async def send_doc(self, snapshot: _Snapshot) -> None:
        self.sent_at.append(time.monotonic())
        if len(self.sent_at) == self.sends:
            self.room.pages.discard(self)  # the page closes: the room stops following


def run_apart(coroutine):
    """``asyncio.run`` in a thread of its own: a browser test earlier in the
    same test process leaves Playwright's loop marked as running in the main
    thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _on_the_loop(function):
    """``in_a_thread`` without its thread or its closing of connections:
    this test's snapshots touch no database."""

    async def call(*args):
        return function(*args)

    return call


def test_a_room_sends_at_most_one_version_every_gap(monkeypatch):
    versions = iter(range(1, 100))
    monkeypatch.setattr(stream, "_in_a_thread", _on_the_loop)
    monkeypatch.setattr(stream.events, "Subscription", _Subscription)
    monkeypatch.setattr(
        stream.Snapshot, "read", staticmethod(lambda tournament_id, language: _Snapshot(next(versions)))
    )
    room = stream.Room(1)
    room.marked_at = float("inf")  # no presence marks in this test
    page = _Page(room, sends=4)
    room.pages.add(page)  # type: ignore[arg-type]
    started = time.monotonic()
    run_apart(asyncio.wait_for(room.follow(), 30))
    gaps = [b - a for a, b in zip(page.sent_at, page.sent_at[1:], strict=False)]
    assert page.sent_at[0] - started >= stream.SETTLE_SECONDS
    assert len(gaps) == 3
    assert all(gap >= stream.GAP_SECONDS for gap in gaps), gaps
