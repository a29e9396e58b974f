"""Open domino: the rules, the notation and an exact solver.

    from solver import Position, analyse, deal
    position = deal(7)                     # or Position.parse("<position string>")
    analysis = analyse(position)           # exact, from the side to move's view
    analysis.value, analysis.moves[0], analysis.pv

The rules' vocabulary, defined once: ``SIDES`` (who moves), ``REASONS`` (how
a deal ends, ``Result.reason``), ``OUTCOMES`` (what ``outcome`` says of a
value) and ``GRADES`` (what ``grade`` says of a move).

Pure Python apart from the compiled search core ``solver._core``; no Django.
"""
from .analysis import GRADES, OUTCOMES, Analysis, MoveValue, analyse, grade, outcome
from .deal import deal, draw_order
from .errors import (
    AnalysisError,
    DominoError,
    IllegalMoveError,
    MoveError,
    PositionError,
    RecordError,
    SeedError,
    StoneError,
)
from .moves import PASS, Move
from .position import REASONS, SIDES, Hand, Position, Result, other_side
from .record import GameRecord
from .stones import ALL_STONES, Stone

__all__ = [
    "ALL_STONES", "GRADES", "OUTCOMES", "PASS", "REASONS", "SIDES",
    "Analysis", "AnalysisError", "DominoError", "GameRecord", "Hand", "IllegalMoveError", "Move",
    "MoveError", "MoveValue", "Position", "PositionError", "RecordError", "Result", "SeedError",
    "Stone", "StoneError",
    "analyse", "deal", "draw_order", "grade", "other_side", "outcome",
]
