"""How the solver chooses its move at each level (pure functions, no Django).

Input is a ``solver.Analysis`` of the position.  The randomness comes from a
generator seeded with the game's ``rng_seed`` and the ply, so a game can be
replayed exactly (and a task that runs twice chooses the same move).

- ``perfect``: one of the best moves, chosen at random among them.
- ``strong``: any move, with weight ``exp(-points_lost / 2)``: it nearly always
  keeps the best result, and hardly ever gives away 10 points or more.
- ``casual``: the same with ``exp(-points_lost / 7)``: it often drops a few
  points and now and then blunders.
"""

from __future__ import annotations

import math
import random
from typing import Any

from solver import Analysis

LEVELS = ("perfect", "strong", "casual")
TEMPERATURE = {"strong": 2.0, "casual": 7.0}


def move_rng(rng_seed: int, ply: int) -> random.Random:
    return random.Random(f"open-domino:{rng_seed}:{ply}")


def choose_move(analysis: Analysis, level: str, rng_seed: int, ply: int) -> str:
    moves = analysis.moves
    if not moves:
        raise ValueError("the deal is over: there is no move to choose")
    if level not in LEVELS:
        raise ValueError(f"a level is one of {', '.join(LEVELS)}, not {level!r}")
    if len(moves) == 1:
        return str(moves[0].move)
    rng = move_rng(rng_seed, ply)
    best = max(m.value for m in moves)
    if level == "perfect":
        return rng.choice([str(m.move) for m in moves if m.value == best])
    temperature = TEMPERATURE[level]
    weights = [math.exp((m.value - best) / temperature) for m in moves]
    return rng.choices([str(m.move) for m in moves], weights=weights)[0]


def grade_fields(analysis: Analysis, move: str) -> dict[str, Any]:
    """The grading columns of ``move`` (normalised notation) from an analysis
    of the position it was played in."""
    best = max((m.value for m in analysis.moves), default=analysis.value)
    for entry in analysis.moves:
        if str(entry.move) == move:
            return {
                "value": entry.value,
                "best_value": best,
                "best_moves": [str(m.move) for m in analysis.moves if m.value == best],
                "grade": entry.grade,
                "points_lost": best - entry.value,
            }
    raise ValueError(f"{move!r} is not among the analysed moves of {analysis.position}")
