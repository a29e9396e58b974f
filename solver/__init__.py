"""Open domino: the rules, the notation and an exact solver.

    from solver import Position, analyse, deal
    position = deal(7)                     # or Position.parse("<position string>"), deal(7, "block")
    analysis = analyse(position)           # exact, from the side to move's view
    analysis.value, analysis.moves[0], analysis.pv
    canonical_key(position)                # the same for every way of writing the same game

The rules' vocabulary, defined once: ``SIDES`` (who moves), ``REASONS`` (how
a deal ends, ``Result.reason``), ``OUTCOMES`` (what ``outcome`` says of a
value) and ``GRADES`` (what ``grade`` says of a move).  ``VARIANTS`` are the
games the engine knows (``Variant``: ``lewicki``, the default, ``lewicki9``,
``block``, ``partnership``, each with or without ``+doubles``).

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
    VariantError,
)
from .moves import PASS, Move
from .position import REASONS, SIDES, Hand, Position, Result, other_side
from .record import GameRecord
from .stones import ALL_STONES, Stone
from .symmetry import Symmetry, canonical, canonical_key, carried, same_game
from .variant import BLOCK, LEWICKI, LEWICKI9, PARTNERSHIP, VARIANTS, Variant

__all__ = [
    "ALL_STONES",
    "BLOCK",
    "GRADES",
    "LEWICKI",
    "LEWICKI9",
    "OUTCOMES",
    "PARTNERSHIP",
    "PASS",
    "REASONS",
    "SIDES",
    "VARIANTS",
    "Analysis",
    "AnalysisError",
    "DominoError",
    "GameRecord",
    "Hand",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "MoveValue",
    "Position",
    "PositionError",
    "RecordError",
    "Result",
    "SeedError",
    "Stone",
    "StoneError",
    "Symmetry",
    "Variant",
    "VariantError",
    "analyse",
    "canonical",
    "canonical_key",
    "carried",
    "deal",
    "draw_order",
    "grade",
    "other_side",
    "outcome",
    "same_game",
]
