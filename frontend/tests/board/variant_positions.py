"""Writes variant-positions.json: positions of every variant as the server
sends them (``Position.to_json()``), made by the solver, for the board's tests.

    .venv/bin/python frontend/tests/board/variant_positions.py
"""

import json
from pathlib import Path

from solver import deal


def first_moves(position, count):
    """The position and last move after ``count`` first-legal moves (or the end of the deal)."""
    last = None
    for _ in range(count):
        if position.result() is not None:
            break
        last = (position.side, position.legal_moves()[0])
        position = position.push(str(last[1]))
    return position, last


def again(variant):
    """A position where a seat has just played a double and moves again."""
    for seed in range(200):
        position = deal(seed, variant)
        while position.result() is None:
            side = position.side
            doubles = [m for m in position.legal_moves() if m.stone is not None and m.stone.high == m.stone.low]
            move = doubles[0] if doubles else position.legal_moves()[0]
            nxt = position.push(str(move))
            if move in doubles and nxt.side == side and nxt.result() is None:
                return {"before": position.to_json(), "move": str(move), "side": side, "position": nxt.to_json()}
            position = nxt
    raise SystemExit(f"no double played again in {variant}")


def forced_pass(variant):
    """A position where the seat to move can only pass."""
    for seed in range(200):
        position = deal(seed, variant)
        while position.result() is None:
            moves = position.legal_moves()
            if [str(m) for m in moves] == ["pass"]:
                return position.to_json()
            position = position.push(str(moves[0]))
    raise SystemExit(f"no forced pass in {variant}")


def main():
    out = {}
    for variant in ["block", "partnership", "lewicki9", "block+doubles", "partnership+doubles"]:
        start = deal(5, variant)
        later, last = first_moves(start, 6)
        over, over_last = first_moves(start, 200)
        out[variant] = {
            "deal": start.to_json(),
            "later": later.to_json(),
            "later_move": str(last[1]),
            "later_side": last[0],
            "over": over.to_json(),
        }
        if "+doubles" in variant:
            out[variant]["again"] = again(variant)
        out[variant]["pass"] = forced_pass(variant)
    Path(__file__).with_name("variant-positions.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
