"""Exact analysis of a position: its value, every legal move's value and
grade, and the main line to the end of the deal.

``analyse(position)`` runs the compiled core (``solver._core``);
``analyse(position, engine="reference")`` runs the pure-Python reference
solver, which defines the values.  Both return the same ``Analysis``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .moves import PASS, Move
from .position import Position
from .reference import ReferenceSolver
from .stones import ALL_STONES

BEST, INACCURACY, MISTAKE, BLUNDER = "best", "inaccuracy", "mistake", "blunder"
GRADES = (BEST, INACCURACY, MISTAKE, BLUNDER)
MISTAKE_POINTS = 10  # points lost from which a same-outcome move is a mistake


def outcome(value: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for the player whose value it is."""
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def grade(value: int, best: int) -> str:
    """The standard label of a move worth ``value`` where the best is worth
    ``best`` (RULES.md, "Grading a move")."""
    if value == best:
        return BEST
    if outcome(value) != outcome(best):
        return BLUNDER
    return MISTAKE if best - value >= MISTAKE_POINTS else INACCURACY


@dataclass(frozen=True, slots=True)
class MoveValue:
    move: Move
    value: int
    grade: str
    points_lost: int

    @property
    def outcome(self) -> str:
        return outcome(self.value)

    def to_json(self) -> dict:
        return {"move": str(self.move), "value": self.value, "grade": self.grade}


@dataclass(frozen=True, slots=True)
class Analysis:
    """``moves`` is sorted best first (equal values keep legal-move order:
    column by column, left end before right); ``pv`` is the main line, at each
    step the first best move in that order, to the end of the deal."""

    position: Position
    value: int
    moves: tuple[MoveValue, ...]
    pv: tuple[Move, ...]
    nodes: int = 0

    @property
    def best_moves(self) -> list[Move]:
        return [m.move for m in self.moves if m.value == self.value]

    def move_value(self, move: Move | str) -> MoveValue:
        """The entry of ``move`` (checked for legality and normalised)."""
        move = self.position.normalise_move(move)
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise AssertionError(f"{move} is legal but not analysed")  # pragma: no cover

    @property
    def is_over(self) -> bool:
        return not self.moves

    def to_json(self) -> dict:
        return {
            "position": str(self.position),
            "value": self.value,
            "moves": [m.to_json() for m in self.moves],
            "pv": [str(m) for m in self.pv],
        }


def _build(position: Position, value: int, values: list[tuple[Move, int]], pv: list[Move], nodes: int) -> Analysis:
    best = max((v for _, v in values), default=value)
    entries = sorted(
        (MoveValue(m, v, grade(v, best), best - v) for m, v in values),
        key=lambda e: -e.value,  # stable: ties stay in legal-move order
    )
    return Analysis(position, value, tuple(entries), tuple(pv), nodes)


# ------------------------------------------------------------ compiled core

def _slots(position: Position) -> bytes:
    out = bytearray()
    for hand in position.hands:
        for row in (hand.front, hand.back):
            out.extend(255 if s is None else ALL_STONES.index(s) for s in row)
    return bytes(out)


_END_NAMES = {0: "L", 1: "R", 2: None}


def _core_move(position: Position, col: int, end: int) -> Move:
    hand = position.hand
    stone = hand.front[col] if hand.front[col] is not None else hand.back[col]
    return Move(stone, _END_NAMES[end])


def core_available() -> bool:
    try:
        from . import _core  # noqa: F401
    except ImportError:
        return False
    return True


def _analyse_core(position: Position) -> Analysis:
    from . import _core

    ends = position.ends if position.ends is not None else (7, 7)
    value, moves, pv, nodes = _core.analyse(_slots(position), ends[0], ends[1], "AB".index(position.side))
    values = [(_core_move(position, c, e), v) for c, e, v in moves]
    if not values and position.legal_moves() == [PASS]:
        values = [(PASS, value)]
    line: list[Move] = []
    walk = position
    for step in pv:
        move = PASS if step is None else _core_move(walk, *step)
        line.append(move)
        walk = walk.push(move)
    return _build(position, value, values, line, nodes)


def perft(position: Position, depth: int, engine: str = "core") -> int:
    """How many move sequences of ``depth`` moves start here (a forced pass is a
    move; a sequence that reaches the end of the deal early counts once)."""
    if engine == "core":
        from . import _core

        ends = position.ends if position.ends is not None else (7, 7)
        return _core.perft(_slots(position), ends[0], ends[1], "AB".index(position.side), depth)
    moves = position.legal_moves()
    if depth == 0 or not moves:
        return 1
    return sum(perft(position.play(m), depth - 1, engine) for m in moves)


# --------------------------------------------------------- reference solver

def _analyse_reference(position: Position, solver: Optional[ReferenceSolver] = None) -> Analysis:
    solver = solver or ReferenceSolver()
    values = solver.move_values(position)
    value = solver.value(position)
    return _build(position, value, values, solver.principal_variation(position), len(solver.memo))


def analyse(position: Position | str, engine: str = "core", reference_solver: Optional[ReferenceSolver] = None) -> Analysis:
    """Exact analysis of ``position`` (a ``Position`` or a position string).

    ``engine`` is ``"core"`` (compiled, the default) or ``"reference"``.
    """
    if isinstance(position, str):
        position = Position.parse(position)
    if engine == "core":
        return _analyse_core(position)
    if engine == "reference":
        return _analyse_reference(position, reference_solver)
    raise ValueError(f"engine is 'core' or 'reference', not {engine!r}")
