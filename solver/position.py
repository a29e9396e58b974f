"""Positions: the seats' stones, the open ends and the seat to move.

``Position.parse`` reads the position strings of docs/rules.md sections 2.2 and 4.7
(``solver/position_text.py`` reads their fields and checks them) and
``str()`` writes them back (normalised: stones low digit first, out stones
ascending, the standard game's name left out); a seat's stones are a ``Hand``
(``solver/hand.py``).  The rules live here too:
which stones are available, the legal moves (the forced first stone of
``block`` and ``partnership``), applying a move (the extra move of a double
with ``+doubles``), the forced pass and the end of the deal with its score.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Any

from .errors import IllegalMoveError, PositionError
from .hand import PLAYED, Hand
from .moves import LEFT, PASS, RIGHT, Move
from .position_text import names_variant, read_position
from .stones import Stone
from .variant import COLUMNS, LEWICKI, Variant

__all__ = [
    "BLOCKED",
    "DOMINO",
    "PLAYED",
    "REASONS",
    "SIDES",
    "Hand",
    "Position",
    "Result",
    "line_from_moves",
    "names_variant",
    "other_side",
]

SIDES = ("A", "B")  # the seats of the standard game (every variant's seats: ``variant.seats``)
DOMINO, BLOCKED = "domino", "blocked"
REASONS = (DOMINO, BLOCKED)  # how a deal ends: a seat goes out, or nobody can play


def other_side(side: str) -> str:
    """The other player of a two-seat game."""
    return "B" if side == "A" else "A"


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: ``winner`` is the winning side (``"A"`` or ``"B"``;
    ``"A+C"`` or ``"B+D"`` in ``partnership``) or ``None`` (a draw);
    ``points`` is what the winner scores; ``reason`` is ``"domino"`` or
    ``"blocked"`` (one of ``REASONS``)."""

    winner: str | None
    points: int
    reason: str

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason})"
        return f"{self.winner} wins {self.points} ({self.reason})"


@dataclass(frozen=True, slots=True)
class Position:
    """A position of any variant.  Immutable and hashable; ``push`` returns a new one.

    ``hands`` has one ``Hand`` per seat of ``variant``, in seat order;
    ``ends`` is ``None`` while the table is empty, else ``(left, right)``;
    ``side`` is the seat to move; ``out`` the stones out of play, ascending
    (none in the standard game).
    """

    hands: tuple[Hand, ...]
    ends: tuple[int, int] | None
    side: str
    variant: Variant = LEWICKI
    out: tuple[Stone, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    # the legal moves, worked out on the first call (a position is asked for
    # them again and again: validating an analysis, grading, drawing a board)
    _legal: tuple[Move, ...] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        # the variant and the out stones are the same all through a deal: they
        # take part in equality, not in the hash
        object.__setattr__(self, "_hash", hash((self.hands, self.ends, self.side)))

    def __hash__(self) -> int:  # the reference solver's memo key
        return self._hash

    # ----------------------------------------------------------------- notation
    @classmethod
    def parse(cls, text: str) -> Position:
        """The position a position string (docs/rules.md sections 2.2 and 4.7) writes.
        Positions are immutable, so the last few thousand strings read are
        remembered: a site reads the same few positions again and again."""
        if not isinstance(text, str):
            raise PositionError(f"a position is a string, not {text!r}")
        if cls is Position and len(text) <= _MAX_REMEMBERED_CHARS:
            return _parse_remembered(text)
        return cls._parse(text)

    @classmethod
    def _parse(cls, text: str) -> Position:
        read = read_position(text)
        return cls(read.hands, read.ends, read.side, read.variant, read.out)

    def __str__(self) -> str:
        parts = [] if self.variant.is_default else [str(self.variant)]
        parts += [hand.notation() for hand in self.hands]
        if self.variant.out_count:
            parts.append(".".join(map(str, self.out)))
        parts.append("-" if self.ends is None else f"{self.ends[0]}{self.ends[1]}")
        parts.append(self.side)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    # -------------------------------------------------------------------- rules
    @property
    def seats(self) -> tuple[str, ...]:
        return self.variant.seats

    @property
    def hand(self) -> Hand:
        """The hand of the seat to move."""
        return self.hands[self.variant.seats.index(self.side)]

    @property
    def opponent_hand(self) -> Hand:
        """The hand of the next seat (in a two-seat game: the opponent)."""
        seats = self.variant.seats
        return self.hands[(seats.index(self.side) + 1) % len(seats)]

    def hand_of(self, side: str) -> Hand:
        return self.hands[self.variant.seats.index(side)]

    def team_pips(self, team: int) -> int:
        """The pips left in the hands of side ``team`` (0: A's, 1: the other)."""
        return sum(hand.pips for hand in self.hands[team::2])

    def played_stones(self) -> list[Stone]:
        listed = set(self.out)
        for hand in self.hands:
            listed.update(hand.stones())
        return [s for s in self.variant.stones if s not in listed]

    def first_stone(self) -> Stone | None:
        """The stone that must open this deal, if the variant forces one (the
        same for every position of the deal: it is chosen among the stones
        dealt, those in hand or on the table)."""
        if not self.variant.forces_first_stone:
            return None
        out = set(self.out)
        return self.variant.first_stone([s for s in self.variant.stones if s not in out])

    def _placements(self, hand: Hand) -> list[Move]:
        """Every distinct placement of ``hand``'s available stones, in column order, L before R."""
        if self.ends is None:
            first = self.first_stone()
            return [Move(stone) for _, stone in hand.available() if first is None or stone == first]
        left, right = self.ends
        moves = []
        for _, stone in hand.available():
            if left == stone.low or left == stone.high:
                moves.append(Move(stone, LEFT))
            if left != right and (right == stone.low or right == stone.high):
                moves.append(Move(stone, RIGHT))
        return moves

    def _fits(self, hand: Hand, ends: tuple[int, int]) -> bool:
        left, right = ends
        return any(left == s.low or left == s.high or right == s.low or right == s.high for _, s in hand.available())

    def is_domino(self) -> bool:
        """Has a seat gone out?"""
        return (
            any(hand.count == 0 for hand in self.hands)
            if len(self.hands) > 2
            else (self.hands[0].count == 0 or self.hands[1].count == 0)
        )

    def is_blocked(self) -> bool:
        """No seat can play (and nobody has gone out)."""
        if self.is_domino() or self.ends is None:
            return False
        return not any(self._fits(hand, self.ends) for hand in self.hands)

    def is_over(self) -> bool:
        return self.is_domino() or self.is_blocked()

    def legal_moves(self) -> list[Move]:
        """The legal moves, one per distinct move, in column order (L before R);
        ``[PASS]`` when the pass is forced; ``[]`` once the deal is over."""
        legal = self._legal
        if legal is None:
            legal = tuple(self._legal_moves())
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def _legal_moves(self) -> list[Move]:
        if self.is_domino():
            return []
        moves = self._placements(self.hand)
        if moves:
            return moves
        if self.ends is not None and any(self._fits(hand, self.ends) for hand in self.hands):
            return [PASS]
        return []

    def result(self) -> Result | None:
        """The end of the deal (docs/rules.md sections 1.8, 1.9 and 4.4), or ``None`` while it goes on."""
        variant = self.variant
        for seat, hand in zip(variant.seats, self.hands, strict=True):
            if hand.count == 0:
                team = variant.team_of(seat)
                return Result(variant.team_name(team), self.team_pips(1 - team), DOMINO)
        if not self.is_blocked():
            return None
        mine, theirs = self.team_pips(0), self.team_pips(1)
        if mine < theirs:
            return Result(variant.team_name(0), theirs, BLOCKED)
        if theirs < mine:
            return Result(variant.team_name(1), mine, BLOCKED)
        return Result(None, 0, BLOCKED)

    def final_value(self) -> int | None:
        """The value of a finished deal for the side to move's team (``None`` if not finished)."""
        result = self.result()
        if result is None:
            return None
        if result.winner is None:
            return 0
        mine = self.variant.team_name(self.variant.team_of(self.side))
        return result.points if result.winner == mine else -result.points

    def normalise_move(self, move: Move | str) -> Move:
        """Parse ``move`` if needed and return it as it stands in ``legal_moves()``.

        Raises ``MoveError`` for bad notation and ``IllegalMoveError`` when the
        move is not legal here; both messages quote the move and say why.
        """
        if isinstance(move, str):
            move = Move.parse(move, self.variant.highest)
        legal = self.legal_moves()
        if move in legal:
            return move
        if not legal:
            raise IllegalMoveError(f"the deal is over ({self.result()}): no move is legal, not {str(move)!r}")
        if self.ends is not None and move.end == RIGHT and self.ends[0] == self.ends[1]:
            same = Move(move.stone, LEFT)
            if same in legal:
                return same
        raise IllegalMoveError(f"{str(move)!r} is not legal here: {self._why_illegal(move, legal)}")

    def _why_illegal(self, move: Move, legal: list[Move]) -> str:
        if legal == [PASS]:
            return f"{self.side} has no stone that fits, so the only move is 'pass'"
        if move.is_pass:
            return f"{self.side} has a stone that fits, and passing is never voluntary"
        stone = move.stone
        assert stone is not None
        if stone not in self.variant.stones:
            return f"{stone} is not a stone of the {self.variant.set_name} set"
        if stone not in self.hand:
            if stone in self.out:
                owner = "nobody: it is out of play"
            elif len(self.seats) == 2 and stone in self.opponent_hand:
                owner = "the other player"
            else:
                holders = [seat for seat, hand in zip(self.seats, self.hands, strict=True) if stone in hand]
                owner = f"{holders[0]}" if holders else "nobody (it is on the table)"
            return f"{stone} is not {self.side}'s stone; it belongs to {owner}"
        if stone not in [s for _, s in self.hand.available()]:
            return f"{stone} is in {self.side}'s back row, still covered by its front stone"
        if self.ends is None:
            first = self.first_stone()
            if first is not None and stone != first:
                return f"the {self.variant.name} game opens with {first}, so the first move is '{first}'"
            return f"the opening move is the bare stone, '{stone}'"
        if move.end is None:
            return f"say which end the stone goes to, e.g. '{stone}L' or '{stone}R'"
        end_value = self.ends[0] if move.end == LEFT else self.ends[1]
        return f"{stone} does not fit the {'left' if move.end == LEFT else 'right'} end, which shows {end_value}"

    def push(self, move: Move | str) -> Position:
        """The position after ``move`` (checked for legality)."""
        return self.play(self.normalise_move(move))

    def play(self, move: Move) -> Position:
        """The position after ``move``, which must be one of ``legal_moves()``
        (not checked: this is for solvers walking the legal moves).

        With ``+doubles`` a seat that has played a double and still has a stone
        that fits moves again; when it has none the next seat moves (the
        doubling seat does not pass)."""
        variant = self.variant
        me = variant.seats.index(self.side)
        after = variant.next_seat(self.side)
        if move.is_pass:
            return Position(self.hands, self.ends, after, variant, self.out)
        stone = move.stone
        assert stone is not None
        if self.ends is None:
            ends = (stone.low, stone.high)
        elif move.end == LEFT:
            ends = (stone.other(self.ends[0]), self.ends[1])
        else:
            ends = (self.ends[0], stone.other(self.ends[1]))
        hands = list(self.hands)
        hands[me] = hands[me].without(stone)
        if variant.doubles and stone.is_double and hands[me].count and self._fits(hands[me], ends):
            after = self.side
        return Position(tuple(hands), ends, after, variant, self.out)

    def line(self, moves: list[Move | str]) -> Iterator[Position]:
        """The positions reached by playing ``moves`` one after the other."""
        position = self
        for move in moves:
            position = position.push(move)
            yield position

    def table_line(self) -> list[tuple[int, int]]:
        """The stones on the table as one line from the left end to the right
        end, each as ``(left half, right half)``.

        A position does not record the order the stones were played in, so
        this is one valid arrangement (an Euler trail over the played stones,
        the smallest number first at each step); a game that knows its moves
        should lay them in played order instead (``line_from_moves``).
        """
        if self.ends is None:
            return []
        left, right = self.ends
        remaining = self.played_stones()
        # Hierholzer's algorithm on the multigraph numbers -> stones.
        adjacency: dict[int, list[Stone]] = {n: [] for n in range(self.variant.highest + 1)}
        for s in remaining:
            adjacency[s.low].append(s)
            if not s.is_double:
                adjacency[s.high].append(s)
        for edges in adjacency.values():
            edges.sort(key=lambda s: (s.other(s.low) if s.low != s.high else s.low, s.high))
        used: set[Stone] = set()
        stack: list[tuple[int, Stone | None]] = [(left, None)]
        trail: list[tuple[int, Stone | None]] = []
        while stack:
            number, via = stack[-1]
            edges = adjacency[number]
            while edges and edges[0] in used:
                edges.pop(0)
            if edges:
                stone = edges.pop(0)
                used.add(stone)
                stack.append((stone.other(number), stone))
            else:
                trail.append(stack.pop())
        trail.reverse()  # from left to right
        line = [(a, b) for (a, _), (b, _) in pairwise(trail)]
        assert not line or (line[0][0] == left and line[-1][1] == right), (line, self.ends)
        return line

    def to_json(self, line: list[tuple[int, int]] | None = None) -> dict[str, Any]:
        """What a board needs to draw this position (the board knows no rules:
        the legal moves come with it).  ``line`` is the table in played order
        if known (see ``line_from_moves``), else ``table_line()``.  Outside the
        standard game it also gives the ``variant`` and the ``out`` stones; a
        hand without rows has its slots as ``front`` and an empty ``back``."""
        result = self.result()
        data: dict[str, Any] = {
            "position": str(self),
            "side": self.side,
            "ends": list(self.ends) if self.ends is not None else None,
            "hands": {
                side: {
                    "front": [None if s is None else str(s) for s in hand.front],
                    "back": [None if s is None else str(s) for s in hand.back],
                    "pips": hand.pips,
                    "count": hand.count,
                }
                for side, hand in zip(self.seats, self.hands, strict=True)
            },
            "line": [f"{a}{b}" for a, b in (line if line is not None else self.table_line())],
            "legal_moves": [str(m) for m in self.legal_moves()],
            "over": result is not None,
            "result": None
            if result is None
            else {"winner": result.winner, "points": result.points, "reason": result.reason},
        }
        if not self.variant.is_default:
            data["variant"] = str(self.variant)
            data["out"] = [str(s) for s in self.out]
        return data

    @classmethod
    def from_draws(cls, draws: Sequence[Stone], variant: Variant = LEWICKI) -> Position:
        """The opening position of a deal whose stones were drawn in this order
        (docs/rules.md sections 1.3 and 4.9: the seats draw in turn, A first, one stone at a time,
        until each holds its share; a seat's draws 0..6 make its front row (or
        its slots), 7..13 its back row; the stones left are out)."""
        if sorted(draws) != list(variant.stones):
            raise PositionError(
                f"a {variant} deal draws each of the {len(variant.stones)} stones once, not {list(draws)!r}"
            )
        seats = len(variant.seats)
        dealt = list(draws[: seats * variant.per_seat])
        hands = []
        for i in range(seats):
            mine = tuple(dealt[i::seats])
            hands.append(Hand(mine[:COLUMNS], mine[COLUMNS:]) if variant.is_rows else Hand(mine, ()))
        out = tuple(sorted(draws[seats * variant.per_seat :]))
        side, _ = variant.opener(hand.stones() for hand in hands)
        return cls(tuple(hands), None, side, variant, out)


def line_from_moves(
    start: Position, moves: Sequence[Move | str], base: Sequence[tuple[int, int]] = ()
) -> list[tuple[int, int]]:
    """The table after playing ``moves`` from ``start``, in played order, left to
    right, each stone as ``(left half, right half)``.  ``base`` is the table of
    ``start`` (e.g. ``start.table_line()``); by default the line starts empty."""
    line: list[tuple[int, int]] = list(base)
    position = start
    for move in moves:
        move = position.normalise_move(move)
        stone = move.stone
        if stone is not None:
            if position.ends is None:
                line = [(stone.low, stone.high)]
            elif move.end == LEFT:
                line.insert(0, (stone.other(position.ends[0]), position.ends[0]))
            else:
                line.append((position.ends[1], stone.other(position.ends[1])))
        position = position.play(move)  # normalised above: legal
    return line


_MAX_REMEMBERED_CHARS = 400  # longer than any valid position string: not worth remembering


@lru_cache(maxsize=4096)
def _parse_remembered(text: str) -> Position:
    return Position._parse(text)
