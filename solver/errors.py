"""Typed errors.  Every one is a ``ValueError`` whose message says what is wrong
and quotes the input that was refused."""


class DominoError(ValueError):
    """Base class of every error the solver package raises for bad input."""


class StoneError(DominoError):
    """A stone is not written as two digits of its set (0..6, or 0..9 for double-nine)."""


class VariantError(DominoError):
    """A variant's name or option is unknown (``Variant.parse``)."""


class PositionError(DominoError):
    """A position string is malformed or describes an impossible position."""


class MoveError(DominoError):
    """A move is not written in the move notation (``36``, ``36R``, ``pass``)."""


class IllegalMoveError(DominoError):
    """A well-formed move that the rules do not allow in this position."""


class RecordError(DominoError):
    """A game record is malformed or replays an illegal move."""


class SeedError(DominoError):
    """A deal seed is not a non-negative integer below 2**64."""


class AnalysisError(DominoError):
    """An analysis's JSON (``Analysis.from_json``) is malformed or does not
    describe a consistent analysis of its position."""
