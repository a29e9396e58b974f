"""Types of the compiled search core, ``solver._core`` (built from ``_core.c``).

The core knows no notation: a position is passed as ``slots``, 28 bytes
(A's front row, A's back row, B's front row, B's back row, seven columns
each), every byte the stone's index in ``ALL_STONES`` or 255 for a stone
already played; ``left`` and ``right`` are the open ends 0..6, or both 7
while the table is empty; ``side`` is 0 for A and 1 for B.  A move is
``(column, end)`` with ``end`` 0 (left), 1 (right) or 2 (the opening stone).
The caller has validated the position (``solver.analysis`` does).
"""

CoreMove = tuple[int, int]
"""``(column, end)``: the available stone of that column of the side to move."""

def analyse(
    slots: bytes, left: int, right: int, side: int, /
) -> tuple[int, list[tuple[int, int, int]], list[CoreMove | None], int]:
    """``(value, moves, pv, nodes)``: the position's value for the side to move,
    every legal move as ``(column, end, value)`` in legal-move order (empty
    when the only move is a forced pass or the deal is over), the main line
    (``None`` for a forced pass) and the number of states searched."""

def perft(slots: bytes, left: int, right: int, side: int, depth: int, /) -> int:
    """How many move sequences of ``depth`` moves start here."""

def forget() -> None:
    """Forget the transposition table (the next analysis starts cold)."""

def table_bytes() -> int:
    """Size of the transposition table in bytes."""
