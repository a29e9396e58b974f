"""Open domino: the rules, the notation and an exact solver.

    from solver import Position, analyse, deal
    position = deal(7)                     # or Position.parse("<position string>")
    analysis = analyse(position)           # exact, from the side to move's view
    analysis.value, analysis.moves[0], analysis.pv

Pure Python apart from the compiled search core ``solver._core``; no Django.
"""
from .errors import (
    DominoError,
    IllegalMoveError,
    MoveError,
    PositionError,
    RecordError,
    SeedError,
    StoneError,
)
from .stones import ALL_STONES, Stone
from .moves import PASS, Move
from .position import Hand, Position, Result, other_side
from .deal import deal, draw_order

__all__ = [
    "ALL_STONES", "DominoError", "Hand", "IllegalMoveError", "Move", "MoveError", "PASS",
    "Position", "PositionError", "RecordError", "Result", "SeedError", "Stone", "StoneError",
    "deal", "draw_order", "other_side",
]
from .analysis import GRADES, Analysis, MoveValue, analyse, grade, outcome
from .record import GameRecord

__all__ += ["Analysis", "GRADES", "GameRecord", "MoveValue", "analyse", "grade", "outcome"]
