"""Moves and their notation: ``36`` (opening), ``36L`` / ``36R``, ``pass``."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MoveError, StoneError
from .stones import HIGHEST, Stone

LEFT, RIGHT = "L", "R"


@dataclass(frozen=True, slots=True)
class Move:
    """A move: a stone put at an end (``L``/``R``), the opening stone (``end`` is
    ``None``), or the forced pass (``stone`` and ``end`` both ``None``)."""

    stone: Stone | None
    end: str | None = None

    def __post_init__(self) -> None:
        if self.stone is None and self.end is not None:
            raise MoveError(f"a pass has no end, got end {self.end!r}")
        if self.end not in (None, LEFT, RIGHT):
            raise MoveError(f"an end is 'L' or 'R', not {self.end!r}")

    @classmethod
    def parse(cls, text: str, highest: int = HIGHEST) -> Move:
        """Read a move whose stone is of the double-``highest`` set (double-six
        unless told; ``Position.normalise_move`` passes its variant's)."""
        if not isinstance(text, str):
            raise MoveError(f"a move is a string such as '36', '36R' or 'pass', not {text!r}")
        t = text.strip()
        if t.lower() == "pass":
            return PASS
        if len(t) == 3 and t[2].upper() in (LEFT, RIGHT):
            stone_text, end = t[:2], t[2].upper()
        elif len(t) == 2:
            stone_text, end = t, None
        else:
            raise MoveError(f"a move is a stone ('36'), a stone and an end ('36L', '36R') or 'pass', not {text!r}")
        try:
            stone = Stone.parse(stone_text, highest)
        except StoneError as exc:
            raise MoveError(f"bad stone in move {text!r}: {exc}") from None
        return cls(stone, end)

    @property
    def is_pass(self) -> bool:
        return self.stone is None

    @property
    def is_opening(self) -> bool:
        return self.stone is not None and self.end is None

    def __str__(self) -> str:
        if self.stone is None:
            return "pass"
        return f"{self.stone}{self.end or ''}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


PASS = Move(None, None)
