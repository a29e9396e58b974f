"""The Swiss pairing's time per round (figures, not pass/fail): a 6-round
Swiss of 500 players with seeded random results (the higher rating wins more
often, about one game in eight drawn), each round paired by
``puzzles.tournaments.swiss.pair_round`` and timed alone.

Goal: every round paired in <= 1,000 ms on a slow 2-core machine.

    .venv/bin/python bench/swiss_bench.py [--players 500] [--rounds 6] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzles.tournaments.swiss import Game, RoundResult, entrants_after, pair_round  # noqa: E402

GOAL_MS = 1000.0
DRAW_SHARE = 0.125


def play(pairs: tuple[tuple[int, int], ...], ratings: dict[int, float], rng: random.Random) -> tuple[Game, ...]:
    """Seeded results: a draw one game in eight, else the Elo expectation decides."""
    games = []
    for a, b in pairs:
        if rng.random() < DRAW_SHARE:
            games.append(Game(a, b, 0.5))
            continue
        expected_a = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
        games.append(Game(a, b, 1.0 if rng.random() < expected_a else 0.0))
    return tuple(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    ratings = {player: float(rng.randint(1000, 2200)) for player in range(1, args.players + 1)}
    rounds: list[RoundResult] = []
    times = []
    print(f"{args.players} players, {args.rounds} rounds, seed {args.seed}")
    for number in range(1, args.rounds + 1):
        players = entrants_after(rounds, ratings, ratings)
        groups = len({p.score for p in players})
        started = time.perf_counter()
        pairing = pair_round(players)
        elapsed = (time.perf_counter() - started) * 1000
        times.append(elapsed)
        mixed = sum(
            1
            for a, b in pairing.pairs
            if next(p.score for p in players if p.id == a) != next(p.score for p in players if p.id == b)
        )
        print(
            f"round {number}: {elapsed:7.1f} ms  ({groups} score groups, {len(pairing.pairs)} pairs, {mixed} across scores)"
        )
        rounds.append(RoundResult(play(pairing.pairs, ratings, rng), pairing.bye))
    worst = max(times)
    verdict = "met" if worst <= GOAL_MS else "missed"
    print(f"max: {worst:.1f} ms  target: {GOAL_MS:,.0f} ms  {verdict}")


if __name__ == "__main__":
    main()
