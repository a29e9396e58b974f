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

from collections import OrderedDict
from typing import Any

from solver import Position
from solver.position import line_from_moves

from . import clock, deadlines, early
from .models import GameMove
from .presentation import VALUES, abort_from, move_state
from .selectors import GameAfter, MoveRow
from .table import ROW


def move_event(after: GameAfter) -> dict[str, Any]:
    """The event of the last move of ``after`` (the game as the move left
    it, a person to move next), as the stream sends it."""
    game, moves = after.game, after.moves
    at = clock.now()
    position = Position.parse(game.current_position)
    board = position.to_json(line=_line(game.pk, game.start_position, moves))
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


# The table's line (its stones in played order) after the last move of each
# game this process has sent or been sent an event of, with that move's ply
# and text: the next move's line is that one and one stone more, where
# replaying every move from the start cost more the longer the game (most of
# an event's CPU time by the middle of a game).
_LINES: OrderedDict[int, tuple[int, str, list[tuple[int, int]]]] = OrderedDict()
_LINES_KEPT = 10_000


def _line(game_id: int, start: str, moves: list[MoveRow]) -> list[tuple[int, int]]:
    kept = _LINES.get(game_id)
    last = moves[-1]
    if kept is not None and len(moves) >= 2 and kept[:2] == (len(moves) - 1, moves[-2].move):
        before = Position.parse(last.position_before)
        if not kept[2] or before.ends == (kept[2][0][0], kept[2][-1][1]):  # the line the move was played on
            line = line_from_moves(before, [last.move], base=kept[2])
            _keep(game_id, len(moves), last.move, line)
            return line
    line = line_from_moves(Position.parse(start), [m.move for m in moves])
    _keep(game_id, len(moves), last.move, line)
    return line


def _keep(game_id: int, ply: int, move: str, line: list[tuple[int, int]]) -> None:
    _LINES[game_id] = (ply, move, line)
    _LINES.move_to_end(game_id)
    if len(_LINES) > _LINES_KEPT:
        _LINES.popitem(last=False)


def remember(event: dict[str, Any]) -> None:
    """Keep the line of a move's event received from another process."""
    line = [(int(stone[0]), int(stone[1])) for stone in event["board"]["line"]]
    _keep(event["game"], event["ply"], event["move"]["move"], line)


def for_reader(event: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """``event`` as the reader of ``seat`` (None: a spectator) is sent it:
    its own seat's part as ``you`` (None for a spectator), no other's, and
    nothing the sockets' tables keep up from (``table.ROW``)."""
    if "seats" not in event:
        return event
    shown = {key: value for key, value in event.items() if key not in ("seats", ROW)}
    shown["you"] = event["seats"].get(seat) if seat is not None else None
    return shown
