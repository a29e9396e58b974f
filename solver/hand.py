"""A seat's stones: ``Hand``, a value type of ``Position``.

A hand of the row variants is a front row covering a back row (docs/rules.md
section 1.4); a hand without rows is seven slots (section 4.7).  ``PLAYED``
(``--``) writes an entry whose stone has been played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalMoveError
from .stones import Stone
from .variant import COLUMNS

PLAYED = "--"


def _find(entries: tuple[Stone | None, ...], stone: Stone) -> int:
    """Where ``stone`` is among ``entries`` (-1: nowhere).  The solvers play the
    very stone objects of the hand, so identity is tried before equality."""
    for i, entry in enumerate(entries):
        if entry is stone:
            return i
    for i, entry in enumerate(entries):
        if entry == stone:
            return i
    return -1


def _entry_hash(index: int, stone: Stone) -> int:
    """A hand's hash is the sum of these over its stones, so that playing one
    updates it at once."""
    return (index + 1) * 0x9E3779B1 * (stone.low * 16 + stone.high + 1)


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat's stones.

    Layout rows: a front row covering a back row, seven columns (``back`` has
    seven entries); a back stone is available only once the front stone of
    its column has gone (docs/rules.md section 1.4).  Layout hand: seven slots in ``front``
    in the order drawn, ``back`` empty, every stone available.  ``None``
    marks a stone already played.
    """

    front: tuple[Stone | None, ...]
    back: tuple[Stone | None, ...]
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    _count: int = field(init=False, repr=False, compare=False, default=0)
    _pips: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        entries = self.front + self.back
        stones = [s for s in entries if s is not None]
        object.__setattr__(self, "_hash", sum(_entry_hash(i, s) for i, s in enumerate(entries) if s is not None))
        object.__setattr__(self, "_count", len(stones))
        object.__setattr__(self, "_pips", sum(s.low + s.high for s in stones))

    def __hash__(self) -> int:  # positions are dictionary keys in the solvers
        return self._hash

    def _replaced(
        self, front: tuple[Stone | None, ...], back: tuple[Stone | None, ...], index: int, stone: Stone
    ) -> Hand:
        """This hand with ``stone``, at entry ``index`` of front + back, played:
        the count, pips and hash follow from this hand's (the solvers make
        many of these)."""
        hand = object.__new__(Hand)
        object.__setattr__(hand, "front", front)
        object.__setattr__(hand, "back", back)
        object.__setattr__(hand, "_hash", self._hash - _entry_hash(index, stone))
        object.__setattr__(hand, "_count", self._count - 1)
        object.__setattr__(hand, "_pips", self._pips - stone.low - stone.high)
        return hand

    @property
    def is_rows(self) -> bool:
        return bool(self.back)

    def available(self) -> list[tuple[int, Stone]]:
        """The stones that may be played, as ``(column, stone)`` (``(slot, stone)``
        in a hand without rows), left to right."""
        if not self.back:
            return [(i, s) for i, s in enumerate(self.front) if s is not None]
        out = []
        for col in range(COLUMNS):
            stone = self.front[col] if self.front[col] is not None else self.back[col]
            if stone is not None:
                out.append((col, stone))
        return out

    def stones(self) -> list[Stone]:
        return [s for s in self.front + self.back if s is not None]

    @property
    def pips(self) -> int:
        return self._pips

    @property
    def count(self) -> int:
        return self._count

    def __contains__(self, stone: object) -> bool:
        return stone in self.front or stone in self.back

    def without(self, stone: Stone) -> Hand:
        """The hand after its available ``stone`` has been played."""
        col = _find(self.front, stone)
        if col >= 0:
            return self._replaced(self.front[:col] + (None,) + self.front[col + 1 :], self.back, col, stone)
        col = _find(self.back, stone)
        if col >= 0 and self.front[col] is None:
            back = self.back[:col] + (None,) + self.back[col + 1 :]
            return self._replaced(self.front, back, COLUMNS + col, stone)
        raise IllegalMoveError(f"{stone} is not an available stone of this hand")

    def notation(self) -> str:
        def row(stones: tuple[Stone | None, ...]) -> str:
            return ".".join(PLAYED if s is None else str(s) for s in stones)

        if not self.back:
            return row(self.front)
        return f"{row(self.front)}/{row(self.back)}"
