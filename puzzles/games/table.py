"""What a player's socket keeps of its game between moves, so that a move
sent over it is played without reading the game, its seats or its moves
again (lila keeps its games in memory the same way).

The socket's ``Table`` holds the game as the last move left it: after the
player's own move, the game its service handed back (``moves.Played``);
after the opponent's, the one before with that move's changes applied
(``row``, carried by the move's event to the game's streams and stripped
before a reader is sent it).  Any other change the socket is told of (a
``changed`` event) makes the table drop what it holds, and the next move
reads the game as a request does; a change it is not told of (a held flag,
the next deal's presence) leaves the table behind the database, which the
version-conditional write below catches.

Nothing here is trusted for the write: the move's update is conditional on
the version the table holds (``people_moves``), so a table behind the
database makes the move be played again on the game read under its lock.
The table is used only when it says the player is to move at the ply the
move is for and before the deadline; in every other case the move takes
the request's path, whose checks say what is wrong."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import DateTimeField

from solver import Position

from .models import Game, GameMove
from .selectors import GameAfter, MoveRow, move_row_of

# The event's key of the changes the stream's tables apply (never sent to a reader).
ROW = "row"


def row_of(fields: dict[str, Any], record: GameMove) -> dict[str, Any]:
    """The changes of one move as a table applies them: the game's updated
    fields (but the two the update counts on, ``ply_count`` and
    ``version``; times as ISO strings, for the channel layer) and the move."""
    changed = {
        name: value.isoformat() if isinstance(value, datetime) else value
        for name, value in fields.items()
        if name not in ("ply_count", "version")
    }
    move = [value.isoformat() if isinstance(value, datetime) else value for value in move_row_of(record)]
    return {"fields": changed, "move": move}  # (a move's graded_at as text: only whether it is set counts)


@dataclass
class Table:
    """One socket's game: ``seat``, its player's seat (None for a
    spectator), and ``after``, the game as its last move left it (None:
    not known, read it)."""

    seat: str | None
    after: GameAfter | None = None

    def ready(self, ply: Any, at: datetime) -> GameAfter | None:
        """The game held, if a move for ``ply`` arriving ``at`` may be
        played on it: the player's seat to move there, before the deadline."""
        after = self.after
        if after is None or self.seat is None:
            return None
        game = after.game
        if game.status != Game.Status.YOUR_MOVE or ply != game.ply_count or game.ply_count != len(after.moves):
            return None
        if game.deadline is not None and at >= game.deadline:
            return None
        return after if Position.parse(game.current_position).side == self.seat else None

    def follow(self, event: dict[str, Any]) -> None:
        """Keep up with a change pushed to the game's streams: apply a move
        that follows on from the game held, forget the game on anything else."""
        after, row = self.after, event.get(ROW)
        if after is None or event.get("version") == after.game.version:
            return  # nothing held, or this socket's own move, held already
        if row is None or event.get("version") != after.game.version + 1:
            self.after = None
            return
        game = copy.copy(after.game)
        for name, value in row["fields"].items():
            if isinstance(value, str) and isinstance(Game._meta.get_field(name), DateTimeField):
                value = datetime.fromisoformat(value)
            setattr(game, name, value)
        game.ply_count += 1
        game.version += 1
        self.after = GameAfter(game, [*after.moves, MoveRow(*row["move"])])
