"""The example deal of the "How to play" page, worked out by the solver's
rules: the deal as dealt, and the board after three moves, when two back
stones have been uncovered and two others are still covered."""

from __future__ import annotations

from typing import Any

from solver import Position
from solver.position import line_from_moves

# The example of docs/rules.md section 2.3: B holds [0|0] and moves first.
DEAL = "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B"
MOVES = ["00", "05L", "04R"]


def example() -> dict[str, Any]:
    start = Position.parse(DEAL)
    position = start
    for move in MOVES:
        position = position.push(move)
    return {
        "deal": start.to_json(),
        "later": position.to_json(line=line_from_moves(start, MOVES, start.table_line())),
        "moves": MOVES,
    }
