"""The players' side of a game's WebSocket stream (``/ws/games/<id>/``) for
``people_bench.py``: every player's connection is held on one asyncio loop
(one thread, the ``websockets`` package's asyncio client), which stamps each
event as it arrives and hands it to the player's own thread by a queue; the
player's thread waits on that queue where it would otherwise hold a long poll.

On a ``move`` event that follows on from the version the player has, it takes
the game from the event (the seat to move, the ply, the clocks, and its own
legal moves under ``you``); on ``changed``, or an event that does not follow
on (one was missed), or none for ``QUIET`` seconds, it reads the game with a
GET, as the site's pages do.  A stream the server closes is opened again
(and the game read), and counted: the site's pages do the same."""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

QUIET = 12.0  # seconds without an event before the player reads the game anyway (a long poll's 10 s and some)


class Hub:
    """One event loop, on a daemon thread, holding every player's stream."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="streams", daemon=True).start()

    def follow(self, game_id: int, cookies: dict[str, str]) -> Follow:
        """A stream of the game opened with the player's session cookie (and
        the site's own origin), once the server has said hello."""
        follow = Follow()
        future = asyncio.run_coroutine_threadsafe(self._open(follow, game_id, cookies), self.loop)
        follow.hello = future.result(60)
        return follow

    async def _connect(self, game_id: int, cookies: dict[str, str]) -> tuple[ClientConnection, dict]:
        base = f"127.0.0.1:{self.port}"
        connection = await connect(
            f"ws://{base}/ws/games/{game_id}/",
            origin=f"http://{base}",  # type: ignore[arg-type]
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())},
            open_timeout=30,
            ping_interval=None,  # the server pings; the players add nothing of their own
            compression=None,
        )
        hello = json.loads(await asyncio.wait_for(connection.recv(), 30))
        if hello.get("type") != "hello":
            await connection.close()
            raise RuntimeError(f"stream: the first event is not a hello: {hello}")
        return connection, hello

    async def _open(self, follow: Follow, game_id: int, cookies: dict[str, str]) -> dict:
        follow.connection, hello = await self._connect(game_id, cookies)
        follow.task = asyncio.ensure_future(self._read(follow, game_id, cookies))
        return hello

    async def _read(self, follow: Follow, game_id: int, cookies: dict[str, str]) -> None:
        """The events of the stream as they come; a stream the server closes
        is opened again, as a page does, and the player told to read the game
        (it may have missed an event meanwhile)."""
        while True:
            connection = follow.connection
            assert connection is not None
            try:
                async for message in connection:
                    follow.events.put((time.perf_counter(), json.loads(message)))
            except ConnectionClosed:
                pass
            except Exception as exc:  # noqa: BLE001 - handed to the player, which counts it
                follow.events.put((time.perf_counter(), {"type": "_closed", "reason": f"{type(exc).__name__}: {exc}"}))
                return
            if follow.closing:
                return
            follow.drops += 1
            try:
                follow.connection, _ = await self._connect(game_id, cookies)
            except Exception as exc:  # noqa: BLE001 - handed to the player, which counts it
                reason = f"closed by the server ({connection.close_code}), not opened again: {exc}"
                follow.events.put((time.perf_counter(), {"type": "_closed", "reason": reason}))
                return
            if follow.closing:
                await follow.connection.close()
                return
            follow.events.put((time.perf_counter(), {"type": "_reopened"}))

    def send(self, follow: Follow, message: dict[str, Any]) -> None:
        """Send ``message`` on the player's stream (a move, as the page sends it)."""
        connection = follow.connection
        assert connection is not None
        asyncio.run_coroutine_threadsafe(connection.send(json.dumps(message)), self.loop).result(30)

    def close(self, follow: Follow) -> None:
        follow.closing = True
        if follow.connection is not None:
            future = asyncio.run_coroutine_threadsafe(follow.connection.close(), self.loop)
            # The game is over: a stream slow to close is not its error.
            with contextlib.suppress(Exception):
                future.result(10)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


class Follow:
    """One player's stream: the events as they came, each with its arrival
    (perf_counter seconds)."""

    def __init__(self) -> None:
        self.events: queue.Queue[tuple[float, dict]] = queue.Queue()
        self.connection: ClientConnection | None = None
        self.task: asyncio.Future | None = None
        self.hello: dict = {}
        self.closing = False
        self.reads = 0  # the GETs an event (or the lack of one) made the player send
        self.drops = 0  # the times the server closed the stream (opened again)
        self.held: list[tuple[float, dict]] = []  # events that came while a move's answer was awaited
        self.sent = 0  # the moves sent on the stream (their ids)

    def answer(self, move_id: int) -> dict:
        """The server's answer (``played`` or ``refused``) to the move sent
        with ``move_id``; the events that come meanwhile are kept for
        ``next_game``."""
        while True:
            arrived, event = self.events.get(timeout=60)
            if event.get("type") == "_closed":
                raise RuntimeError(f"stream: {event['reason']}")
            if event.get("type") in ("played", "refused") and event.get("id") == move_id:
                return event
            self.held.append((arrived, event))

    def next_game(self, game: dict, read: Callable[[], dict]) -> tuple[dict | None, float]:
        """The game after the next change past ``game`` and when the player
        had it (None, 0: an event of nothing new, such as the player's own
        move coming back)."""
        try:
            arrived, event = self.held.pop(0) if self.held else self.events.get(timeout=QUIET)
        except queue.Empty:
            return self._read(read)
        kind = event.get("type")
        if kind == "_closed":
            raise RuntimeError(f"stream: {event['reason']}")
        if kind == "move":
            if event["version"] <= game["version"]:
                return None, 0.0
            if event["version"] == game["version"] + 1 and event.get("you") is not None:
                return from_event(game, event), arrived
        if kind == "hello":
            return None, 0.0
        return self._read(read)  # "changed", a move that does not follow on, a stream opened again

    def _read(self, read: Callable[[], dict]) -> tuple[dict, float]:
        self.reads += 1
        game = read()
        return game, time.perf_counter()


def from_event(game: dict, event: dict[str, Any]) -> dict:
    """``game`` as a move event leaves it (a person to move: not over)."""
    after = dict(game)
    after.update(
        version=event["version"],
        ply=event["ply"],
        to_move=event["to_move"],
        clocks=event["clocks"],
        clock_running=event["clock_running"],
        legal_moves=event["you"]["legal_moves"],
    )
    return after
