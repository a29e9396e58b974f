"""Positions: the two players' rows, the open ends and the side to move.

``Position.parse`` reads the position string of RULES.md section 2 and ``str()``
writes it back (normalised: stones low digit first).  The rules of section 1
live here too: which stones are available, the legal moves, applying a move,
the forced pass and the end of the deal with its score.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .errors import IllegalMoveError, PositionError, StoneError
from .moves import LEFT, PASS, RIGHT, Move
from .stones import ALL_STONES, DOUBLE_BLANK, Stone

SIDES = ("A", "B")
DOMINO, BLOCKED = "domino", "blocked"
REASONS = (DOMINO, BLOCKED)  # how a deal ends: a player goes out, or nobody can play
COLUMNS = 7
PLAYED = "--"


def other_side(side: str) -> str:
    return "B" if side == "A" else "A"


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's stones: a front row covering a back row, seven columns.

    ``None`` marks a stone already played.  A back stone is available only
    once the front stone of its column has gone (RULES 1.4).
    """

    front: tuple[Stone | None, ...]
    back: tuple[Stone | None, ...]
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.front, self.back)))

    def __hash__(self) -> int:  # positions are dictionary keys in the solvers
        return self._hash

    def available(self) -> list[tuple[int, Stone]]:
        """The stones that may be played, as ``(column, stone)``, columns left to right."""
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
        return sum(s.pips for s in self.stones())

    @property
    def count(self) -> int:
        return len(self.stones())

    def __contains__(self, stone: object) -> bool:
        return stone in self.front or stone in self.back

    def without(self, stone: Stone) -> Hand:
        """The hand after its available ``stone`` has been played."""
        for col, s in self.available():
            if s == stone:
                if self.front[col] is not None:
                    front = self.front[:col] + (None,) + self.front[col + 1 :]
                    return Hand(front, self.back)
                back = self.back[:col] + (None,) + self.back[col + 1 :]
                return Hand(self.front, back)
        raise IllegalMoveError(f"{stone} is not an available stone of this hand")

    def notation(self) -> str:
        def row(stones: tuple[Stone | None, ...]) -> str:
            return ".".join(PLAYED if s is None else str(s) for s in stones)

        return f"{row(self.front)}/{row(self.back)}"


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: ``winner`` is ``"A"``, ``"B"`` or ``None`` (a draw);
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
    """An open-domino position.  Immutable and hashable; ``push`` returns a new one.

    ``hands`` is ``(A's hand, B's hand)``; ``ends`` is ``None`` while the table
    is empty, else ``(left, right)``; ``side`` is ``"A"`` or ``"B"``, to move.
    """

    hands: tuple[Hand, Hand]
    ends: tuple[int, int] | None
    side: str

    # ----------------------------------------------------------------- notation
    @classmethod
    def parse(cls, text: str) -> Position:
        if not isinstance(text, str):
            raise PositionError(f"a position is a string, not {text!r}")
        fields = text.split()
        if len(fields) != 4:
            raise PositionError(
                f"a position has 4 fields '<A front>/<A back> <B front>/<B back> <ends> <side>', "
                f"found {len(fields)} in {text!r}"
            )
        hand_a = _parse_hand(fields[0], "A", text)
        hand_b = _parse_hand(fields[1], "B", text)
        ends = _parse_ends(fields[2], text)
        side = fields[3].upper()
        if side not in SIDES:
            raise PositionError(f"the side to move is 'A' or 'B', not {fields[3]!r} in {text!r}")
        position = cls((hand_a, hand_b), ends, side)
        position._validate(text)
        return position

    def __str__(self) -> str:
        ends = "-" if self.ends is None else f"{self.ends[0]}{self.ends[1]}"
        return f"{self.hands[0].notation()} {self.hands[1].notation()} {ends} {self.side}"

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    def _validate(self, text: str) -> None:
        seen: dict[Stone, str] = {}
        for side, hand in zip(SIDES, self.hands, strict=True):
            for col in range(COLUMNS):
                for row, stone in (("front", hand.front[col]), ("back", hand.back[col])):
                    if stone is None:
                        continue
                    if stone in seen:
                        raise PositionError(
                            f"stone {stone} appears twice ({seen[stone]} and {side} {row} "
                            f"column {col}) in {text!r}"
                        )
                    seen[stone] = f"{side} {row} column {col}"
                if hand.front[col] is not None and hand.back[col] is None:
                    raise PositionError(
                        f"{side}'s back stone in column {col} is marked played while its front "
                        f"stone {hand.front[col]} is still there, in {text!r}"
                    )
        played = [s for s in ALL_STONES if s not in seen]
        if self.ends is None:
            if played:
                raise PositionError(
                    f"the table is empty ('-') but {len(played)} stone(s) are marked played "
                    f"({' '.join(map(str, played))}) in {text!r}"
                )
            if DOUBLE_BLANK not in self.hands[SIDES.index(self.side)]:
                raise PositionError(
                    f"the table is empty, so the holder of 00 moves first, and {self.side} "
                    f"does not hold it, in {text!r}"
                )
            return
        if not played:
            raise PositionError(
                f"the ends are {self.ends[0]}{self.ends[1]} but no stone is marked played in {text!r}"
            )
        if not _forms_line(played, *self.ends):
            raise PositionError(
                f"the played stones ({' '.join(map(str, played))}) cannot form one line with "
                f"left end {self.ends[0]} and right end {self.ends[1]}, in {text!r}"
            )
        if self.hands[SIDES.index(self.side)].count == 0:
            raise PositionError(
                f"{self.side} has no stones left, so the deal is already over and "
                f"{self.side} cannot be the side to move, in {text!r}"
            )

    # -------------------------------------------------------------------- rules
    @property
    def hand(self) -> Hand:
        """The hand of the side to move."""
        return self.hands[SIDES.index(self.side)]

    @property
    def opponent_hand(self) -> Hand:
        return self.hands[1 - SIDES.index(self.side)]

    def hand_of(self, side: str) -> Hand:
        return self.hands[SIDES.index(side)]

    def played_stones(self) -> list[Stone]:
        listed = set(self.hands[0].stones()) | set(self.hands[1].stones())
        return [s for s in ALL_STONES if s not in listed]

    def _placements(self, hand: Hand) -> list[Move]:
        """Every distinct placement of ``hand``'s available stones, in column order, L before R."""
        if self.ends is None:
            return [Move(stone) for _, stone in hand.available()]
        left, right = self.ends
        moves = []
        for _, stone in hand.available():
            if stone.has(left):
                moves.append(Move(stone, LEFT))
            if stone.has(right) and left != right:
                moves.append(Move(stone, RIGHT))
        return moves

    def is_domino(self) -> bool:
        """Has a player gone out?"""
        return self.hands[0].count == 0 or self.hands[1].count == 0

    def is_blocked(self) -> bool:
        """Neither player can play (and nobody has gone out)."""
        if self.is_domino() or self.ends is None:
            return False
        return not self._placements(self.hands[0]) and not self._placements(self.hands[1])

    def is_over(self) -> bool:
        return self.is_domino() or self.is_blocked()

    def legal_moves(self) -> list[Move]:
        """The legal moves, one per distinct move, in column order (L before R);
        ``[PASS]`` when the pass is forced; ``[]`` once the deal is over."""
        if self.is_domino():
            return []
        moves = self._placements(self.hand)
        if moves:
            return moves
        if self._placements(self.opponent_hand):
            return [PASS]
        return []

    def result(self) -> Result | None:
        """The end of the deal (RULES 1.8, 1.9), or ``None`` while it goes on."""
        a, b = self.hands
        if a.count == 0:
            return Result("A", b.pips, DOMINO)
        if b.count == 0:
            return Result("B", a.pips, DOMINO)
        if not self.is_blocked():
            return None
        if a.pips < b.pips:
            return Result("A", b.pips, BLOCKED)
        if b.pips < a.pips:
            return Result("B", a.pips, BLOCKED)
        return Result(None, 0, BLOCKED)

    def final_value(self) -> int | None:
        """The value of a finished deal for the side to move (``None`` if not finished)."""
        result = self.result()
        if result is None:
            return None
        if result.winner is None:
            return 0
        return result.points if result.winner == self.side else -result.points

    def normalise_move(self, move: Move | str) -> Move:
        """Parse ``move`` if needed and return it as it stands in ``legal_moves()``.

        Raises ``MoveError`` for bad notation and ``IllegalMoveError`` when the
        move is not legal here; both messages quote the move and say why.
        """
        if isinstance(move, str):
            move = Move.parse(move)
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
        if stone not in self.hand:
            owner = "the other player" if stone in self.opponent_hand else "nobody (it is on the table)"
            return f"{stone} is not {self.side}'s stone; it belongs to {owner}"
        if stone not in [s for _, s in self.hand.available()]:
            return f"{stone} is in {self.side}'s back row, still covered by its front stone"
        if self.ends is None:
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
        (not checked: this is for solvers walking the legal moves)."""
        if move.is_pass:
            return Position(self.hands, self.ends, other_side(self.side))
        stone = move.stone
        assert stone is not None
        if self.ends is None:
            ends = (stone.low, stone.high)
        elif move.end == LEFT:
            ends = (stone.other(self.ends[0]), self.ends[1])
        else:
            ends = (self.ends[0], stone.other(self.ends[1]))
        me = SIDES.index(self.side)
        hands = list(self.hands)
        hands[me] = hands[me].without(stone)
        return Position((hands[0], hands[1]), ends, other_side(self.side))

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
        adjacency: dict[int, list[Stone]] = {n: [] for n in range(7)}
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
        if known (see ``line_from_moves``), else ``table_line()``."""
        result = self.result()
        return {
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
                for side, hand in zip(SIDES, self.hands, strict=True)
            },
            "line": [f"{a}{b}" for a, b in (line if line is not None else self.table_line())],
            "legal_moves": [str(m) for m in self.legal_moves()],
            "over": result is not None,
            "result": None if result is None else {"winner": result.winner, "points": result.points, "reason": result.reason},
        }

    @classmethod
    def from_draws(cls, draws: list[Stone]) -> Position:
        """The opening position of a deal whose 28 stones were drawn in this order
        (RULES 1.3: A draws first; each player's draws 0..6 make the front row,
        7..13 the back row)."""
        if sorted(draws) != list(ALL_STONES):
            raise PositionError(f"a deal draws each of the 28 stones once, not {draws!r}")
        a, b = draws[0::2], draws[1::2]
        hands = (Hand(tuple(a[:7]), tuple(a[7:])), Hand(tuple(b[:7]), tuple(b[7:])))
        side = "A" if DOUBLE_BLANK in hands[0] else "B"
        return cls(hands, None, side)


def _parse_hand(field: str, side: str, text: str) -> Hand:
    rows = field.split("/")
    if len(rows) != 2:
        raise PositionError(
            f"{side}'s stones are written '<front>/<back>' (one '/'), not {field!r} in {text!r}"
        )
    parsed = []
    for name, row in zip(("front", "back"), rows, strict=True):
        entries = row.split(".")
        if len(entries) != COLUMNS:
            raise PositionError(
                f"{side}'s {name} row has {len(entries)} entries, not 7, in {field!r} of {text!r}"
            )
        stones: list[Stone | None] = []
        for entry in entries:
            if entry == PLAYED:
                stones.append(None)
                continue
            try:
                stones.append(Stone.parse(entry))
            except StoneError:
                raise PositionError(
                    f"{side}'s {name} row has {entry!r}, which is neither a stone of the "
                    f"double-six set (two digits 0..6) nor '--', in {text!r}"
                ) from None
        parsed.append(tuple(stones))
    return Hand(parsed[0], parsed[1])


def _parse_ends(field: str, text: str) -> tuple[int, int] | None:
    if field == "-":
        return None
    if len(field) != 2 or not field.isascii() or not field.isdigit() or max(field) > "6":
        raise PositionError(
            f"the ends are '-' (empty table) or two digits 0..6 (left, right), not {field!r} in {text!r}"
        )
    return int(field[0]), int(field[1])


def _forms_line(stones: list[Stone], left: int, right: int) -> bool:
    """Can ``stones`` be laid as one line whose ends show ``left`` and ``right``?

    That is an Euler trail from ``left`` to ``right`` in the multigraph whose
    vertices are the numbers 0..6 and whose edges are the stones: every stone
    connected to ``left``, and the odd-degree numbers exactly ``{left, right}``
    (none when ``left == right``, which must then be on some stone).
    """
    degree = [0] * 7
    parent = list(range(7))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for s in stones:
        degree[s.low] += 1
        degree[s.high] += 1
        parent[find(s.low)] = find(s.high)
    odd = {n for n in range(7) if degree[n] % 2}
    if left == right:
        if odd or degree[left] == 0:
            return False
    elif odd != {left, right}:
        return False
    root = find(left)
    return all(find(s.low) == root for s in stones)


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
        position = position.push(move)
    return line
