"""Grading a whole game record: every move's value, the best value and its
grade, a summary per player and the value of the game after every ply.

Pure (no Django): the CLI's ``game`` command and the site's game analysis
both use it.

Per player (per seat of the variant: A and B, or A, B, C and D): ``moves`` (every ply they made, forced ones and passes
included), ``choices`` (plies with two or more legal moves), ``best`` /
``inaccuracy`` / ``mistake`` / ``blunder`` counts (docs/rules.md section
3.3), ``points_lost`` (sum of best value minus value) and ``accuracy``: the
percentage of their choices in which they kept the best value, rounded to one
decimal (100.0 when they had no choice to make).

``values`` is the value of each position of the game for player A (for
A's team in ``partnership``; ``start``, then after each ply): a chart of the
game that does not flip with the side to move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .analysis import BEST, GRADES, analyse
from .position import SIDES, Position
from .record import GameRecord, format_result

ProgressCallback = Callable[[int, int], None]


def value_for_a(position: Position, value: int) -> int:
    """``value`` (for the side to move) from the point of view of A's side."""
    return value if position.variant.same_team(position.side, "A") else -value


def accuracy(best: int, choices: int) -> float:
    return 100.0 if choices == 0 else round(100.0 * best / choices, 1)


def empty_summary() -> dict[str, Any]:
    return {"moves": 0, "choices": 0, "points_lost": 0, "accuracy": 100.0, **{g: 0 for g in GRADES}}


def summarise(plies: list[dict[str, Any]], seats: Sequence[str] = SIDES) -> dict[str, dict[str, Any]]:
    """The summary per player (each of ``seats``) of graded plies (dicts with
    ``side``, ``grade``, ``points_lost`` and ``forced``)."""
    summary = {side: empty_summary() for side in seats}
    kept = {side: 0 for side in seats}
    for p in plies:
        player = summary[p["side"]]
        player["moves"] += 1
        player["points_lost"] += p["points_lost"]
        player[p["grade"]] += 1
        if not p["forced"]:
            player["choices"] += 1
            kept[p["side"]] += p["grade"] == BEST
    for side in seats:
        summary[side]["accuracy"] = accuracy(kept[side], summary[side]["choices"])
    return summary


def grade_record(record: GameRecord, engine: str = "core", progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Every ply of ``record`` graded, the summary per player and the values
    for A over the game.  ``progress(done, total)`` is called after each ply."""
    plies: list[dict[str, Any]] = []
    positions = record.positions()
    values: list[int] = []
    total = len(record.moves)
    for ply, (position, move) in enumerate(zip(positions[:-1], record.moves, strict=True), 1):
        analysis = analyse(position, engine=engine)
        entry = analysis.move_value(move)
        values.append(value_for_a(position, analysis.value))
        plies.append(
            {
                "ply": ply,
                "side": position.side,
                "position": str(position),
                "move": str(move),
                "value": entry.value,
                "best": analysis.value,
                "best_moves": [str(m) for m in analysis.best_moves],
                "grade": entry.grade,
                "points_lost": entry.points_lost,
                "forced": len(analysis.moves) < 2,
            }
        )
        if progress is not None:
            progress(ply, total)
    final = record.final_position
    values.append(value_for_a(final, analyse(final, engine=engine).value))
    return {
        "tags": dict(record.tags),
        "start": str(record.start),
        "final": str(final),
        "result": format_result(record.result),
        "plies": plies,
        "summary": summarise(plies, record.start.variant.seats),
        "values": values,
    }
