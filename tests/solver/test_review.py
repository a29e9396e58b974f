"""solver.review: every move of a record graded, the per-player summary and
the values for A, against a computation straight from solver.analyse."""

from __future__ import annotations

import random

from solver import GameRecord, analyse
from solver.review import accuracy, grade_record


def record(seed: int) -> GameRecord:
    rng = random.Random(seed)
    rec = GameRecord.from_seed(seed)
    while not rec.is_over:
        rec = rec.push(rng.choice(rec.final_position.legal_moves()))
    return rec


def test_summary_agrees_with_the_solver():
    for seed in (2, 19, 40):
        rec = record(seed)
        calls: list[tuple[int, int]] = []
        report = grade_record(rec, progress=lambda done, total, calls=calls: calls.append((done, total)))
        assert calls == [(i, len(rec.moves)) for i in range(1, len(rec.moves) + 1)]
        kept = {"A": 0, "B": 0}
        choices = {"A": 0, "B": 0}
        lost = {"A": 0, "B": 0}
        for position, move, ply in zip(rec.positions()[:-1], rec.moves, report["plies"], strict=True):
            analysis = analyse(position)
            value = analysis.move_value(move).value
            assert (ply["value"], ply["best"], ply["points_lost"]) == (value, analysis.value, analysis.value - value)
            assert ply["forced"] == (len(analysis.moves) == 1)
            lost[position.side] += analysis.value - value
            if len(analysis.moves) > 1:
                choices[position.side] += 1
                kept[position.side] += value == analysis.value
        for side in "AB":
            s = report["summary"][side]
            assert s["points_lost"] == lost[side]
            assert s["choices"] == choices[side]
            assert s["accuracy"] == accuracy(kept[side], choices[side])
            assert s["best"] + s["inaccuracy"] + s["mistake"] + s["blunder"] == s["moves"]
        # the values for A: the start's, then after each ply; the last one is the result
        assert len(report["values"]) == len(rec.moves) + 1
        result = rec.result
        final = 0 if result.winner is None else (result.points if result.winner == "A" else -result.points)
        assert report["values"][-1] == final
        assert report["values"][0] == (analyse(rec.start).value * (1 if rec.start.side == "A" else -1))


def test_accuracy_edges():
    assert accuracy(0, 0) == 100.0
    assert accuracy(1, 3) == 33.3
