"""A game followed over a WebSocket (``/ws/games/<id>/``): the events its
changes push (``pushed``), as they come, to every page that follows it.

A reader connects as it reads the game (its session says who it is; a
practice game is its owner's alone, a game between people anyone's) and is
told the version the game is at (``{"type": "hello"}``); then it gets each
move as ``{"type": "move", ...}`` with its own seat's legal moves, and any
other change as ``{"type": "changed"}``.  The page reads the game itself
(``GET /api/games/<id>/``) when it connects and whenever an event does not
follow on from the version it has.  The page may send its player's moves
over the socket too (``socket_moves``: answered ``played``, with the move's
event for the mover, or ``refused``).  Where a WebSocket cannot be opened
the page long-polls the game and posts its moves instead."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import arrival, events, streams
from puzzles.core.longpoll import client_key

from . import disconnects, pushed, seating, spectators
from .socket_moves import SocketRate, request_of, socket_move
from .table import Table

# The close code of a game the reader may not read (or that does not exist).
NOT_FOUND = 4404

# The sockets each client (``longpoll.client_key``) holds open in this process.
_open: Counter[str] = Counter()
# The seated sockets this process holds open, by (game, seat), and the task
# that keeps their seats seen (``disconnects.sockets_seen``): a process that
# dies stops refreshing them, and its count of sockets stops counting.
_seated: Counter[tuple[int, str]] = Counter()
_refresher: asyncio.Task[None] | None = None


def in_a_thread(function: Any) -> Any:
    """``function`` run as ``database_sync_to_async`` runs it (old database
    connections closed around it), but in a thread of the loop's pool rather
    than Channels' one thread a process shares: a socket's opening and
    closing, its reader and its seat's count, would otherwise queue behind
    every other socket's in the process, and a new game's first moves reach
    an opponent whose socket is not open yet.  A socket's calls stay in
    order, as its consumer awaits each before it takes its next message."""
    return database_sync_to_async(function, thread_sensitive=False)


async def _refresh_seated() -> None:
    """Every ``SOCKET_REFRESH_SECONDS``, one update of the seats of this process's open sockets."""
    while True:
        await asyncio.sleep(disconnects.SOCKET_REFRESH_SECONDS)
        if _seated:
            with contextlib.suppress(Exception):  # a database gone a moment: the next round tries again
                await in_a_thread(disconnects.sockets_seen)(list(_seated))


def _seated_opened(game_id: int, seat: str) -> None:
    global _refresher
    _seated[(game_id, seat)] += 1
    if _refresher is None or _refresher.done():
        _refresher = asyncio.get_running_loop().create_task(_refresh_seated())


def _seated_closed(game_id: int, seat: str) -> None:
    global _refresher
    _seated[(game_id, seat)] -= 1
    if _seated[(game_id, seat)] <= 0:
        del _seated[(game_id, seat)]
    if not _seated and _refresher is not None:  # none left to keep seen: the next socket starts it again
        _refresher.cancel()
        _refresher = None


class OnTheLoop:
    """A consumer whose handlers touch the database only in threads that
    close their connections themselves (``database_sync_to_async``,
    ``socket_move``): each message is handled on the event loop at once.
    Channels' own ``dispatch`` first closes old connections in a thread of
    its own, a hop to a thread and back for every event every reader gets,
    which cost the web server more CPU than the event (``bench/people_bench.py``)."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


def _reader(request: HttpRequest, game_id: int) -> tuple[int, str | None] | None:
    close_old_connections()
    try:
        return seating.game_reader(Player.of(request), game_id)
    finally:
        close_old_connections()


class GameStream(OnTheLoop, AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One page following one game."""

    group: str | None = None
    client: str | None = None  # counted among its client's open sockets
    answered: int | None = None  # the version this socket's last move made, sent in its answer
    seat: str | None = None
    game_id = 0
    language = "en"
    request: HttpRequest  # set on connect, before any message is taken
    table: Table  # the game as its last move left it, for this player's next move (``table``)
    rate: SocketRate  # its moves counted against its player's rate

    async def connect(self) -> None:
        self.game_id = game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        # the opening request, as the site's code reads one: who the player is, their language, their address
        self.request = request = request_of(self.scope)
        found = await in_a_thread(_reader)(request, game_id)
        if found is None:
            await self.close(code=NOT_FOUND)
            return
        version, self.seat = found
        self.table = Table(self.seat)
        self.rate = SocketRate(request)
        client = client_key(request)
        if _open[client] >= settings.OD_MAX_SOCKETS_PER_CLIENT:
            await self.close()  # before the handshake is accepted: refused (403), and the page long-polls
            return
        # the language the page's requests are answered in (its cookie, else its Accept-Language)
        self.language = translation.get_language_from_request(request)
        self.group = events.group(events.channel("game", game_id))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        _open[client] += 1  # counted once open (a failure before leaves nothing to count down)
        self.client = client
        if self.seat is None:  # a spectator (or a practice game's owner, whose count nobody reads)
            address = request.META.get("REMOTE_ADDR", "")
            await sync_to_async(spectators.socket_opened, thread_sensitive=False)(game_id, client, address)
        else:  # its player is at the table while it is open (``disconnects``)
            await in_a_thread(disconnects.socket_opened)(game_id, self.seat)
            _seated_opened(game_id, self.seat)
        await self.send_json({"type": "hello", "game": game_id, "version": version, "seat": self.seat})

    async def disconnect(self, code: int) -> None:
        if self.client is not None:
            _open[self.client] -= 1
            if _open[self.client] <= 0:
                del _open[self.client]
            if self.seat is None:
                await sync_to_async(spectators.socket_closed, thread_sensitive=False)(self.game_id, self.client)
            else:
                _seated_closed(self.game_id, self.seat)
                await in_a_thread(disconnects.socket_closed)(self.game_id, self.seat)
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """A move (``{"type": "move", "move", "ply", "id"}``), played as the
        API plays a posted one; the answer (``played`` or ``refused``) says
        the message's ``id`` back.  Anything else is refused."""
        at = time.time()  # timed from here, before any wait on a thread, Redis or the database
        if not isinstance(content, dict) or content.get("type") != "move":
            with translation.override(self.language):
                error = _('a message on this socket is a move: {"type": "move", "move": ..., "ply": ...}')
            await self.send_json({"type": "refused", "status": 400, "error": error})
            return
        if not self.rate.allow():
            await self.send_json({**self.rate.refusal(self.language), "id": content.get("id")})
            return
        with arrival.in_flight(at), streams.on_loop(asyncio.get_running_loop()):  # no flag falls meanwhile
            answer = await sync_to_async(socket_move, thread_sensitive=False)(
                self.request, self.game_id, content, at, self.language, self.table
            )
        if answer["type"] == "played" and answer["event"] is not None:
            self.answered = answer["event"]["version"]
        await self.send_json({**answer, "id": content.get("id")})

    async def stream_event(self, message: dict[str, Any]) -> None:
        event = message["event"]
        if self.seat is not None:  # a spectator never moves: nothing to keep
            self.table.follow(event)
            if event.get("type") == "move":  # its line, for this process's next event of the game
                pushed.remember(event)
        if self.answered is not None and event.get("version") == self.answered:
            return  # this socket's own move, whose event its page has in the answer
        try:
            await self.send_json(pushed.for_reader(event, self.seat))
        except RuntimeError as exc:  # the page closed its socket while the event was on its way
            if "websocket.close" not in str(exc):
                raise
