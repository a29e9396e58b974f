"""Stones of the double-six set."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import StoneError

HIGHEST = 6


@dataclass(frozen=True, slots=True, order=True)
class Stone:
    """A stone ``[low|high]``, ``0 <= low <= high <= 6``.

    ``str(stone)`` is the notation (low digit first) and ``Stone.parse`` reads
    it back; a stone written high first (``"50"``) is normalised to ``05``.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= HIGHEST):
            raise StoneError(f"not a stone of the double-six set: [{self.low}|{self.high}]")

    @classmethod
    def parse(cls, text: str) -> Stone:
        if not isinstance(text, str) or len(text) != 2 or not text.isascii() or not text.isdigit():
            raise StoneError(f"a stone is two digits 0..6, not {text!r}")
        a, b = int(text[0]), int(text[1])
        if a > HIGHEST or b > HIGHEST:
            raise StoneError(f"a stone's halves are 0..6: {text!r} is not in the double-six set")
        return cls(min(a, b), max(a, b))

    def __str__(self) -> str:
        return f"{self.low}{self.high}"

    def __hash__(self) -> int:
        return self.low * 8 + self.high

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
        """0..27, in the order 00, 01, ..., 06, 11, ..., 66 (the deck's initial order)."""
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


ALL_STONES: tuple[Stone, ...] = tuple(
    Stone(a, b) for a in range(HIGHEST + 1) for b in range(a, HIGHEST + 1)
)
DOUBLE_BLANK = Stone(0, 0)
TOTAL_PIPS = sum(s.pips for s in ALL_STONES)  # 168
