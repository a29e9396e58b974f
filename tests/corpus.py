"""Reproducible test positions: fresh deals, and positions reached by playing
seeded random games (middlegames, endgames, forced passes, blocked ends)."""
from __future__ import annotations

import random

from solver import PASS, Position, deal


def random_game(seed: int) -> list[Position]:
    """Every position of a game from deal ``seed`` played with seeded random legal moves."""
    rng = random.Random(seed)
    positions = [deal(seed)]
    while moves := positions[-1].legal_moves():
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


def corpus(games: int, first_ply: int = 6, every: int = 3) -> list[tuple[int, list[Position]]]:
    """For each of ``games`` seeded games, the positions from ``first_ply`` on, every
    ``every`` plies, plus every forced pass and the final (terminal) position."""
    out = []
    for seed in range(games):
        game = random_game(10_000 + seed)
        chosen = [p for i, p in enumerate(game) if i >= first_ply and (i - first_ply) % every == 0]
        chosen += [p for p in game if p.legal_moves() == [PASS]]
        chosen.append(game[-1])
        unique = list(dict.fromkeys(chosen))
        out.append((seed, unique))
    return out
