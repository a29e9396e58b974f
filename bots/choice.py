"""How the bot chooses its move at a level, as the site's own practice
opponent does (puzzles/games/opponent.py): the exact analysis of the
position by the ``solver`` package, then

- ``perfect``: one of the best moves, at random among them;
- ``strong``: any move, weighted ``exp(-points_lost / 2)``;
- ``casual``: the same with ``exp(-points_lost / 7)``;
- ``random``: any legal move (a bot to test against)."""

from __future__ import annotations

import math
import random

from solver import Position, analyse

LEVELS = ("perfect", "strong", "casual", "random")
TEMPERATURE = {"strong": 2.0, "casual": 7.0}


def choose(position: str, level: str, legal: list[str], rng: random.Random) -> str:
    """The move to play in ``position`` (the site's notation) among the site's ``legal`` moves."""
    if len(legal) == 1:
        return legal[0]
    if level == "random":
        return rng.choice(legal)
    analysis = analyse(Position.parse(position))
    values = {str(entry.move): entry.value for entry in analysis.moves if str(entry.move) in legal}
    if not values:  # the notation of the two differs: any move the site allows
        return rng.choice(legal)
    best = max(values.values())
    moves = sorted(values)
    if level == "perfect":
        return rng.choice([move for move in moves if values[move] == best])
    weights = [math.exp((values[move] - best) / TEMPERATURE[level]) for move in moves]
    return rng.choices(moves, weights=weights)[0]
