"""Types of the compiled search core, ``solver._core`` (built from ``_core.c``).

The core knows no notation and no variant names: a position is passed as
``slots``, 14 bytes per seat in seat order (slots 0..6: the front row, or the
seven stones of a hand without rows; slots 7..13: the back row, the back
stone of column ``c`` in slot ``c + 7``, all 255 in a hand without rows),
every byte a stone as ``(low << 4) | high`` or 255 for no stone; ``seats`` is
2 or 4 (seats 0 and 2 against 1 and 3); ``rows`` is 1 when front stones
cover back stones and 0 for hands without rows; ``doubles`` is 1 when a seat that
plays a double moves again; ``first`` the stone that must open the deal, or
255 for any available stone; ``left`` and ``right`` are the open ends 0..9,
or both 10 while the table is empty; ``side`` is the seat to move.  A move is
``(slot, end)`` with ``end`` 0 (left), 1 (right) or 2 (the opening stone).
The caller has validated the position (``solver.analysis`` does).
"""

CoreStep = tuple[int, int, int]
"""``(seat, slot, end)``: a move of the main line."""

def analyse(
    slots: bytes, seats: int, rows: int, doubles: int, first: int, left: int, right: int, side: int, /
) -> tuple[int, list[tuple[int, int, int]], list[CoreStep | None], int]:
    """``(value, moves, pv, nodes)``: the position's value for the side to move,
    every legal move as ``(slot, end, value)`` in legal-move order (empty
    when the only move is a forced pass or the deal is over), the main line
    (``None`` for a forced pass) and the number of states searched."""

def perft(
    slots: bytes, seats: int, rows: int, doubles: int, first: int, left: int, right: int, side: int, depth: int, /
) -> int:
    """How many move sequences of ``depth`` moves start here."""

def forget() -> None:
    """Forget the transposition table (the next analysis starts cold)."""

def table_bytes() -> int:
    """Size of the transposition table in bytes."""
