"""What a move in a game between people pushes to the pages that follow the
game (``stream.GameStream``): one small event for every reader, not the
game drawn again for each of them.

The event says what the move changed: the move (no solver value: a game
between people shows none before its end), the position and its board, the
seat to move, the version and the clocks, and under ``seats`` what each
seat's player may now do (its legal moves, whether it may abort).  The
stream hands each reader its own seat's part (``for_reader``), and the page
applies the event to the game it has; a page that misses one (a version it
does not follow on from) reads the game again.  Any other change (a
resignation, an abort, a loss on time, the end of the deal) is pushed as
``{"type": "changed"}``: the page reads the game, as it does at its start."""

from __future__ import annotations

from typing import Any

from solver import Position
from solver.position import line_from_moves

from . import clock, deadlines, early
from .models import GameMove
from .presentation import VALUES, abort_from, move_state
from .selectors import GameAfter
from .table import ROW


def move_event(after: GameAfter) -> dict[str, Any]:
    """The event of the last move of ``after`` (the game as the move left
    it, a person to move next), as the stream sends it."""
    game, moves = after.game, after.moves
    at = clock.now()
    position = Position.parse(game.current_position)
    board = position.to_json(line=line_from_moves(Position.parse(game.start_position), [m.move for m in moves]))
    moved = {m.side for m in moves if m.by == GameMove.By.HUMAN}
    deadlines.know_started_seats(game, moved)
    move = move_state(moves[-1], game)
    move.update(dict.fromkeys(VALUES))
    del move["role"]  # the reader's: the page has the roles
    clocks = deadlines.clocks_now(game, at)
    running = position.side
    seats = {
        seat: {
            "legal_moves": board["legal_moves"] if seat == running else [],
            "abortable": early.abort_refusal(game, seat, moved, at) is None,
            "abort_from": abort_from(game, seat, moved),
        }
        for seat in game.person_seats
    }
    return {
        "type": "move",
        "game": game.pk,
        "version": game.version,
        "ply": game.ply_count,
        "move": move,
        "position": game.current_position,
        "board": board,
        "to_move": running,
        "clocks": clocks,
        "server_time": int(at.timestamp() * 1000),
        "deadline": None if game.deadline is None else int(game.deadline.timestamp() * 1000),
        "clock_running": running if clocks and game.deadline is not None and running in moved else None,
        "seats": seats,
    }


def for_reader(event: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """``event`` as the reader of ``seat`` (None: a spectator) is sent it:
    its own seat's part as ``you`` (None for a spectator), no other's, and
    nothing the sockets' tables keep up from (``table.ROW``)."""
    if "seats" not in event:
        return event
    shown = {key: value for key, value in event.items() if key not in ("seats", ROW)}
    shown["you"] = event["seats"].get(seat) if seat is not None else None
    return shown
