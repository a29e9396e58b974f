"""A game's change told to its readers once the transaction commits: its
long polls and its streams (``core.events``; ``event``, what changed, e.g. a
move's ``pushed.move_event``; by default, read the game again).  Every
writer of a game tells its change here."""

from __future__ import annotations

from typing import Any

from puzzles.core import events


def game_changed(game_id: int, event: dict[str, Any] | None = None) -> None:
    events.notify_on_commit(events.channel("game", game_id), event)
