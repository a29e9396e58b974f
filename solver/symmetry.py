"""The canonical form of a position: one representative of all the
positions that are the same game written another way.

Nothing in the rules depends on

- the order of a rows hand's columns (a column is a front stone over its back
  stone, wherever it lies in the row) or of a hand's slots;
- which way round a stone is written (``Stone.parse`` already writes the low
  half first);
- which end of the line is called left: reversing the ends swaps every
  move's ``L`` and ``R``;
- the seats' names: the seats can be turned so that the side to move is the
  first seat (in a two-seat game the mirror of A and B, in ``partnership``
  a rotation of the table).  Values are seen from the side to move, so a
  turned position has the same value and the same moves.

The only rule that names a seat (``lewicki9`` with no double dealt: A opens)
concerns the empty table, where the side to move is then A already.  The
stones out of play are a set, written ascending.

``canonical(position)`` gives the representative and the ``Symmetry`` that
carries the position (and its moves) onto it; two positions are the same
game exactly when their canonical forms are equal, and ``canonical_key``
is that form written as a position string (a key for caches and for the
fairness checks).  ``carried(analysis, position)`` is the analysis of
``position`` read off the analysis of another spelling of the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .analysis import Analysis, _build
from .errors import PositionError
from .moves import LEFT, RIGHT, Move
from .position import Hand, Position
from .stones import Stone

_NONE = 1 << 10  # sorts a played stone after every stone (indexes are below 100)


@dataclass(frozen=True, slots=True)
class Symmetry:
    """How a position is carried onto another that is the same game: its
    seats turned by ``turn`` (seat ``i`` becomes seat ``i - turn``), its ends
    reversed when ``flip``.  Columns and slots are reordered too, which
    changes no move (a move names its stone)."""

    turn: int = 0
    flip: bool = False

    def move(self, move: Move | str) -> Move:
        """``move`` of the original position as it is written in the image."""
        if isinstance(move, str):
            move = Move.parse(move, 9)
        if self.flip and move.end is not None:
            return Move(move.stone, RIGHT if move.end == LEFT else LEFT)
        return move

    def move_back(self, move: Move | str) -> Move:
        """``move`` of the image as it is written in the original position
        (reversing the ends is its own inverse)."""
        return self.move(move)

    def seat(self, seat: str, seats: tuple[str, ...]) -> str:
        """The name in the image of the original position's ``seat``."""
        return seats[(seats.index(seat) - self.turn) % len(seats)]

    def seat_back(self, seat: str, seats: tuple[str, ...]) -> str:
        """The name in the original position of the image's ``seat``."""
        return seats[(seats.index(seat) + self.turn) % len(seats)]


def _stone_key(stone: Stone | None) -> int:
    return _NONE if stone is None else stone.low * 16 + stone.high


def canonical_hand(hand: Hand) -> Hand:
    """``hand`` with its columns (rows) or slots in a fixed order: by the front
    stone, then the back stone, played stones last."""
    if hand.is_rows:
        columns = sorted(zip(hand.front, hand.back, strict=True), key=lambda c: (_stone_key(c[0]), _stone_key(c[1])))
        return Hand(tuple(c[0] for c in columns), tuple(c[1] for c in columns))
    return Hand(tuple(sorted(hand.front, key=_stone_key)), ())


def canonical(position: Position) -> tuple[Position, Symmetry]:
    """The canonical form of ``position`` and the symmetry that gives it:
    the side to move is the first seat, every hand's columns or slots are
    sorted, and the lower end is on the left."""
    seats = position.seats
    turn = seats.index(position.side)
    hands = position.hands[turn:] + position.hands[:turn]
    flip = position.ends is not None and position.ends[0] > position.ends[1]
    ends = position.ends
    if flip and ends is not None:
        ends = (ends[1], ends[0])
    image = Position(tuple(canonical_hand(h) for h in hands), ends, seats[0], position.variant, position.out)
    return image, Symmetry(turn, flip)


def canonical_key(position: Position | str) -> str:
    """The canonical form of ``position`` (a ``Position`` or any spelling of one)
    written as a position string."""
    if isinstance(position, str):
        position = Position.parse(position)
    return str(canonical(position)[0])


def same_game(a: Position | str, b: Position | str) -> bool:
    """Whether ``a`` and ``b`` are the same game written two ways."""
    return canonical_key(a) == canonical_key(b)


def carried(analysis: Analysis, position: Position | str) -> Analysis:
    """The analysis of ``position`` read off ``analysis``, the analysis of
    another way of writing the same game: the same values, each move as
    ``position`` writes it (its ends reversed if the two differ), in the
    order ``analyse`` lists them.  The main line is carried as it is: a line
    of best moves, though among equal moves it may not be the first that
    ``analyse(position)`` would take.  Raises ``PositionError`` when the two
    are not the same game."""
    if isinstance(position, str):
        position = Position.parse(position)
    if canonical(position)[0] != canonical(analysis.position)[0]:
        raise PositionError(f"{str(analysis.position)!r} and {str(position)!r} are not the same game")
    values = {entry.move: entry.value for entry in analysis.moves}
    moves = [(move, values[_across(position, analysis.position).move(move)]) for move in position.legal_moves()]
    # Along the line the two may come to face the same way: a stone laid on
    # two equal ends turns the line as it is laid, so the ends are compared
    # at every step.
    pv, here, there = [], position, analysis.position
    for move in analysis.pv:
        mine_move = _across(here, there).move(move)
        pv.append(mine_move)
        here, there = here.play(mine_move), there.play(move)
    return _build(position, analysis.value, moves, pv, analysis.nodes)


def _across(position: Position, other: Position) -> Symmetry:
    """What carries the moves of ``other`` to those of ``position`` (the same
    game): the ends reversed when they show the other way round."""
    return Symmetry(flip=position.ends is not None and position.ends != other.ends)
