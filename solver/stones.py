"""Stones of the double-six set (and of the double-nine set of ``lewicki9``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .errors import StoneError

HIGHEST = 6  # of the standard double-six set
LARGEST = 9  # of any set a variant uses (double-nine)
SET_NAMES = {6: "double-six", 9: "double-nine"}


@dataclass(frozen=True, slots=True, order=True)
class Stone:
    """A stone ``[low|high]``, ``0 <= low <= high <= 9`` (double-six: ``<= 6``).

    ``str(stone)`` is the notation (low digit first) and ``Stone.parse`` reads
    it back; a stone written high first (``"50"``) is normalised to ``05``.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= LARGEST):
            raise StoneError(f"not a stone of the double-six or double-nine set: [{self.low}|{self.high}]")

    @classmethod
    def parse(cls, text: str, highest: int = HIGHEST) -> Stone:
        """Read a stone of the double-``highest`` set (double-six unless told)."""
        if not isinstance(text, str) or len(text) != 2 or not text.isascii() or not text.isdigit():
            raise StoneError(f"a stone is two digits 0..{highest}, not {text!r}")
        a, b = int(text[0]), int(text[1])
        if a > highest or b > highest:
            raise StoneError(
                f"a stone's halves are 0..{highest}: {text!r} is not in the {SET_NAMES.get(highest, '')} set"
            )
        return cls(min(a, b), max(a, b))

    def __str__(self) -> str:
        return f"{self.low}{self.high}"

    def __hash__(self) -> int:
        return self.low * 8 + self.high if self.high < 8 else 64 + self.low * 10 + self.high

    def __repr__(self) -> str:
        return f"Stone.parse({str(self)!r})"

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def index(self) -> int:
        """0..27 in the double-six set, in the order 00, 01, ..., 06, 11, ..., 66
        (the deck's initial order); a double-nine stone has no such index."""
        return ALL_STONES.index(self)

    def has(self, number: int) -> bool:
        return number == self.low or number == self.high

    def other(self, number: int) -> int:
        """The half that is not ``number`` (``number`` must be on the stone)."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise ValueError(f"{self} has no {number}")


@cache
def stone_set(highest: int) -> tuple[Stone, ...]:
    """The double-``highest`` set, ascending (the deck's initial order)."""
    return tuple(Stone(a, b) for a in range(highest + 1) for b in range(a, highest + 1))


ALL_STONES: tuple[Stone, ...] = stone_set(HIGHEST)
DOUBLE_BLANK = Stone(0, 0)
TOTAL_PIPS = sum(s.pips for s in ALL_STONES)  # 168
