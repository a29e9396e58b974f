"""Write src/demo/demo-data.json: sample positions for the demo page and the tests.

Run from the repository root with the project's Python (it uses the solver):

    .venv/bin/python frontend/scripts/make_demo_data.py

Each sample is a position as ``Position.to_json()`` sends it (with the line in
played order), the move that led to it, and for every legal move the solver's
grade and the position after it, so the demo page can answer a move without
knowing any rules itself.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from solver import analyse  # noqa: E402
from solver.deal import deal  # noqa: E402
from solver.position import line_from_moves  # noqa: E402

OUT = ROOT / "frontend" / "src" / "demo" / "demo-data.json"


def play_game(seed: int, best_share: float) -> list[str]:
    """A whole deal: the solver's best move with probability ``best_share``, else a random legal move."""
    rng = random.Random(seed)
    position = deal(seed)
    moves: list[str] = []
    while position.legal_moves():
        legal = [str(m) for m in position.legal_moves()]
        move = str(analyse(position).best_moves[0]) if rng.random() < best_share else rng.choice(legal)
        moves.append(move)
        position = position.push(move)
    return moves


def snapshot(seed: int, moves: list[str], title: str, with_answers: bool = True) -> dict:
    start = deal(seed)
    position = start
    for move in moves:
        position = position.push(move)
    sample = {
        "id": f"{seed}-{len(moves)}",
        "title": title,
        "seed": seed,
        "ply": len(moves),
        "lastMove": moves[-1] if moves else None,
        "position": position.to_json(line_from_moves(start, moves)),
        "answers": {},
    }
    if moves:
        before = start
        for move in moves[:-1]:
            before = before.push(move)
        sample["lastGrade"] = analyse(before).move_value(moves[-1]).grade
    if with_answers and position.legal_moves():
        analysis = analyse(position)
        for entry in analysis.moves:
            move = str(entry.move)
            after = position.push(move)
            sample["answers"][move] = {
                "grade": entry.grade,
                "value": entry.value,
                "best": analysis.value,
                "position": after.to_json(line_from_moves(start, moves + [move])),
            }
    return sample


def main() -> None:
    samples = []
    game = play_game(7, 0.5)
    samples.append(snapshot(7, [], "Opening: any front stone may start"))
    samples.append(snapshot(7, game[:5], "Early game"))
    samples.append(snapshot(7, game[:11], "Middle game: back stones uncovered"))
    # A long line that wraps, a forced pass, equal ends, and a finished deal.
    long_seed, long_game = None, None
    for seed in range(20, 200):
        moves = play_game(seed, 0.9)
        passes = [i for i, m in enumerate(moves) if m == "pass"]
        if len(moves) >= 24 and passes and passes[0] >= 12:
            long_seed, long_game = seed, moves
            break
    assert long_game is not None
    position, long_ply = deal(long_seed), 0
    for i, move in enumerate(long_game):
        position = position.push(move)
        if len(position.played_stones()) >= 15 and len(position.legal_moves()) >= 2:
            long_ply = i + 1
    samples.append(snapshot(long_seed, long_game[:long_ply], "Long line, wrapped"))
    first_pass = long_game.index("pass")
    samples.append(snapshot(long_seed, long_game[:first_pass], "Forced pass"))
    equal = None
    for seed in range(200, 400):
        moves = play_game(seed, 0.7)
        position = deal(seed)
        for i, move in enumerate(moves):
            position = position.push(move)
            if (
                i >= 6
                and position.ends is not None
                and position.ends[0] == position.ends[1]
                and len(position.legal_moves()) >= 2
                and "pass" not in [str(m) for m in position.legal_moves()]
            ):
                equal = (seed, moves[: i + 1])
                break
        if equal:
            break
    assert equal is not None
    samples.append(snapshot(equal[0], equal[1], "Both ends show the same number"))
    samples.append(snapshot(long_seed, long_game, "Deal over"))
    OUT.write_text(json.dumps({"samples": samples}, indent=1) + "\n")
    for s in samples:
        p = s["position"]
        print(s["id"], s["title"], p["position"], p["legal_moves"], len(p["line"]), p["result"])


if __name__ == "__main__":
    main()
