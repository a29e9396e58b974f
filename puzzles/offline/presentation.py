"""The JSON of offline puzzles: the pack of puzzles the browser keeps, each
with what grades it there.

A puzzle's ``key`` gives, at each of the player's steps, the moves that keep
the best value (``accept``), each with the board after it, the defender's
reply and the board after that, and the next step (``then``; null when the
puzzle is solved).  Any other legal move fails the puzzle.  The values
themselves are not sent: the browser needs only which moves are right.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from puzzles.training.models import Puzzle
from puzzles.training.presentation import puzzle_card
from solver import Position
from solver.position import line_from_moves


def _board(start: Position, moves: list[str]) -> dict[str, Any]:
    position = start
    for move in moves:
        position = position.push(move)
    return position.to_json(line=line_from_moves(start, moves, start.table_line()))


def _node(start: Position, node: dict[str, Any], played: list[str]) -> dict[str, Any]:
    accept: dict[str, Any] = {}
    for move, branch in node["next"].items():
        line = [*played, move]
        reply = branch["reply"]
        entry: dict[str, Any] = {"after": _board(start, line), "reply": None, "replied": None, "then": None}
        if reply is not None:
            line = [*line, reply["move"]]
            entry.update(reply=reply["move"], replied=_board(start, line))
            if branch["then"] is not None:
                entry["then"] = _node(start, branch["then"], line)
        accept[move] = entry
    return {"accept": accept}


def offline_puzzle(puzzle: Puzzle, tree: dict[str, Any]) -> dict[str, Any]:
    """One puzzle of the pack: what the puzzle page shows, and its key."""
    start = Position.parse(puzzle.position)
    return {
        **puzzle_card(puzzle),
        "board": _board(start, []),
        "key": _node(start, tree, []),
        "urls": {"page": reverse("training:puzzle", args=[puzzle.pk])},
    }


def pack(items: list[tuple[Puzzle, dict[str, Any]]], preparing: int) -> dict[str, Any]:
    return {
        "puzzles": [offline_puzzle(puzzle, tree) for puzzle, tree in items],
        "preparing": preparing,
        "generated_at": timezone.now(),
        "results_url": reverse("offline:api-results"),
    }
