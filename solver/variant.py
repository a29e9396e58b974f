"""Variants of the game (docs/rules.md section 4): the set, the seats and teams, the
layout of a hand, the deal, the opener and the first stone, and the
``+doubles`` option.

A ``Variant`` is a small immutable value: ``Variant.parse("block+doubles")``
reads the notation and ``str()`` writes it back.  ``LEWICKI`` (the standard
game, no option) is the default everywhere.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from .errors import VariantError
from .stones import Stone, stone_set

LEWICKI_NAME, LEWICKI9_NAME, BLOCK_NAME, PARTNERSHIP_NAME = "lewicki", "lewicki9", "block", "partnership"
NAMES = (LEWICKI_NAME, LEWICKI9_NAME, BLOCK_NAME, PARTNERSHIP_NAME)
OPTION = "doubles"
ROWS, HAND = "rows", "hand"  # layouts: two rows of seven columns, or seven free slots
SEATS = ("A", "B", "C", "D")  # every seat any variant has, in playing order
COLUMNS = 7  # columns of a row, or slots of a hand


@dataclass(frozen=True, slots=True)
class _Table:
    """One row of the table of docs/rules.md section 4.1."""

    highest: int  # the set: double-``highest``
    seats: int
    per_seat: int  # stones dealt to each seat
    layout: str
    summary: str  # how the opener and the first stone are chosen, for help texts


_TABLE = {
    LEWICKI_NAME: _Table(
        6, 2, 14, ROWS, "double-six, A and B, 14 each in two rows; the holder of 00 opens with any available stone"
    ),
    LEWICKI9_NAME: _Table(
        9,
        2,
        14,
        ROWS,
        "double-nine, A and B, 14 each in two rows, 27 out; the holder of the lowest "
        "double in play (none: A) opens with any available stone",
    ),
    BLOCK_NAME: _Table(
        6,
        2,
        7,
        HAND,
        "double-six, A and B, 7 each in hand, 14 out; the holder of the highest double "
        "in play (none: of the heaviest stone) leads that stone",
    ),
    PARTNERSHIP_NAME: _Table(
        6, 4, 7, HAND, "double-six, A B C D in turn, A+C against B+D, 7 each in hand; the holder of 66 leads it"
    ),
}


@dataclass(frozen=True, slots=True)
class Variant:
    """A variant of the game: its ``name`` (one of ``NAMES``) and whether the
    ``+doubles`` option is on (a seat that plays a double moves again)."""

    name: str = LEWICKI_NAME
    doubles: bool = False
    # worked out once from the table (the solvers ask for them at every move)
    seats: tuple[str, ...] = field(init=False, repr=False, compare=False, default=())
    _team: dict[str, int] = field(init=False, repr=False, compare=False, default_factory=dict)
    _next: dict[str, str] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        if self.name not in _TABLE:
            raise VariantError(f"unknown variant {self.name!r}: the variants are {', '.join(NAMES)}")
        if not isinstance(self.doubles, bool):
            raise VariantError(f"the doubles option is True or False, not {self.doubles!r}")
        seats = SEATS[: _TABLE[self.name].seats]  # the seats in playing order
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "_team", {seat: i % 2 for i, seat in enumerate(seats)})
        object.__setattr__(self, "_next", {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)})

    def __hash__(self) -> int:
        return hash((self.name, self.doubles))

    # ------------------------------------------------------------ notation
    @classmethod
    def parse(cls, text: str) -> Variant:
        """``lewicki``, ``lewicki9``, ``block``, ``partnership``, each
        optionally followed by ``+doubles`` (lower case, the option once)."""
        if not isinstance(text, str):
            raise VariantError(f"a variant is a string such as 'block' or 'lewicki+doubles', not {text!r}")
        name, plus, option = text.partition("+")
        if name not in _TABLE:
            hint = f" (names are lower case: {name.lower()!r})" if name.lower() in _TABLE else ""
            raise VariantError(
                f"unknown variant {text!r}{hint}: the variants are {', '.join(NAMES)}, optionally with '+{OPTION}'"
            )
        if plus and option != OPTION:
            raise VariantError(f"unknown option in variant {text!r}: the only option is '+{OPTION}', written once")
        return _VARIANTS[(name, bool(plus))]

    def __str__(self) -> str:
        return f"{self.name}+{OPTION}" if self.doubles else self.name

    def __repr__(self) -> str:
        return f"Variant.parse({str(self)!r})"

    @property
    def is_default(self) -> bool:
        """The standard game without the option: its name is left out of position strings."""
        return self.name == LEWICKI_NAME and not self.doubles

    @property
    def summary(self) -> str:
        return _TABLE[self.name].summary

    # ------------------------------------------------------------ the set
    @property
    def highest(self) -> int:
        """The highest number of the set (6 for double-six, 9 for double-nine)."""
        return _TABLE[self.name].highest

    @property
    def stones(self) -> tuple[Stone, ...]:
        """The set, ascending: 00, 01, ..., 0h, 11, ..., hh."""
        return stone_set(self.highest)

    @property
    def set_name(self) -> str:
        return "double-nine" if self.highest == 9 else "double-six"

    # -------------------------------------------------------------- seats
    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        """The two sides: ``(("A",), ("B",))``, or ``(("A", "C"), ("B", "D"))``."""
        seats = self.seats
        return (seats[0::2], seats[1::2])

    def team_of(self, seat: str) -> int:
        """0 for the side of A, 1 for the other."""
        return self._team[seat]

    def team_name(self, team: int) -> str:
        """``A`` / ``B`` with two seats, ``A+C`` / ``B+D`` with four (a ``Result``'s winner)."""
        return "+".join(self.teams[team])

    def same_team(self, a: str, b: str) -> bool:
        return self._team[a] == self._team[b]

    def next_seat(self, seat: str) -> str:
        """The seat that moves after ``seat``."""
        return self._next[seat]

    # --------------------------------------------------------------- deal
    @property
    def layout(self) -> str:
        """``"rows"`` (front stones cover back stones) or ``"hand"`` (every stone available)."""
        return _TABLE[self.name].layout

    @property
    def is_rows(self) -> bool:
        return self.layout == ROWS

    @property
    def per_seat(self) -> int:
        """How many stones each seat is dealt."""
        return _TABLE[self.name].per_seat

    @property
    def out_count(self) -> int:
        """How many stones stay out of play, face down."""
        return len(self.stones) - self.per_seat * len(self.seats)

    @property
    def field_count(self) -> int:
        """Fields of a position string after the variant's name."""
        return len(self.seats) + (1 if self.out_count else 0) + 2

    # ------------------------------------------------------ opening rules
    @property
    def forces_first_stone(self) -> bool:
        """Must the deal open with a given stone (``block``, ``partnership``)?"""
        return self.name in (BLOCK_NAME, PARTNERSHIP_NAME)

    def first_stone(self, dealt: Collection[Stone]) -> Stone | None:
        """The stone that must open the deal when the variant forces one
        (``block``: the highest double dealt, else the heaviest stone;
        ``partnership``: 66), or ``None`` when any available stone may."""
        if self.name == PARTNERSHIP_NAME:
            return Stone(6, 6)
        if self.name == BLOCK_NAME:
            doubles = [s for s in dealt if s.is_double]
            if doubles:
                return max(doubles)
            return max(dealt, key=lambda s: (s.pips, s.high))
        return None

    def opener(self, hands: Iterable[Collection[Stone]]) -> tuple[str, str]:
        """The seat that opens a deal with these hands (the stones each seat
        was dealt), and why, as ``(seat, reason)``."""
        held = list(hands)

        def holder(stone: Stone) -> str:
            return next(seat for seat, hand in zip(self.seats, held, strict=True) if stone in hand)

        dealt = [s for hand in held for s in hand]
        first = self.first_stone(dealt)
        if first is not None:
            if self.name == PARTNERSHIP_NAME:
                return holder(first), f"the holder of {first}"
            kind = "the highest double in play" if first.is_double else "the heaviest stone, no double being in play"
            return holder(first), f"the holder of {first} ({kind})"
        if self.name == LEWICKI_NAME:
            return holder(Stone(0, 0)), "the holder of 00"
        doubles = sorted(s for s in dealt if s.is_double)
        if doubles:
            return holder(doubles[0]), f"the holder of {doubles[0]} (the lowest double in play)"
        return self.seats[0], "A (no double is in play)"


_VARIANTS = {(name, doubles): Variant(name, doubles) for name in NAMES for doubles in (False, True)}
LEWICKI = _VARIANTS[(LEWICKI_NAME, False)]
LEWICKI9 = _VARIANTS[(LEWICKI9_NAME, False)]
BLOCK = _VARIANTS[(BLOCK_NAME, False)]
PARTNERSHIP = _VARIANTS[(PARTNERSHIP_NAME, False)]
VARIANTS: tuple[Variant, ...] = tuple(_VARIANTS.values())  # every variant, with and without the option


def as_variant(variant: Variant | str | None) -> Variant:
    """``variant`` as a ``Variant`` (a string is parsed; ``None`` is the standard game)."""
    if variant is None:
        return LEWICKI
    if isinstance(variant, Variant):
        return variant
    return Variant.parse(variant)
