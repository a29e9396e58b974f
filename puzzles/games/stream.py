"""A game followed over a WebSocket (``/ws/games/<id>/``): the events its
changes push (``pushed``), as they come, to every page that follows it.

A reader connects as it reads the game (its session says who it is; a
practice game is its owner's alone, a game between people anyone's) and is
told the version the game is at (``{"type": "hello"}``); then it gets each
move as ``{"type": "move", ...}`` with its own seat's legal moves, and any
other change as ``{"type": "changed"}``.  The page reads the game itself
(``GET /api/games/<id>/``) when it connects and whenever an event does not
follow on from the version it has; the stream carries nothing else and takes
nothing from the page.  Where a WebSocket cannot be opened the page long-polls
the game instead (``core.longpoll``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import close_old_connections

from puzzles.accounts.players import Player
from puzzles.core import events

from . import pushed, seating

# The close code of a game the reader may not read (or that does not exist).
NOT_FOUND = 4404


def _reader(scope: dict[str, Any], game_id: int) -> tuple[int, str | None] | None:
    close_old_connections()
    try:
        request = SimpleNamespace(user=scope.get("user"), session=scope["session"])
        return seating.game_reader(Player.of(request), game_id)  # type: ignore[arg-type]
    finally:
        close_old_connections()


class GameStream(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One page following one game."""

    group: str | None = None
    seat: str | None = None

    async def connect(self) -> None:
        game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        found = await database_sync_to_async(_reader)(self.scope, game_id)
        if found is None:
            await self.close(code=NOT_FOUND)
            return
        version, self.seat = found
        self.group = events.group(events.channel("game", game_id))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "game": game_id, "version": version, "seat": self.seat})

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The page sends nothing: a move is posted to the API."""

    async def stream_event(self, message: dict[str, Any]) -> None:
        await self.send_json(pushed.for_reader(message["event"], self.seat))
