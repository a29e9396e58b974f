"""The reference solver: the definition of a position's value, in plain Python.

It is the specification the compiled core (``solver._core``) is tested
against, written to be read rather than to be fast: a memoised negamax over
``Position`` objects using nothing but the rules in ``position.py``, for
every variant.

    value(p) = max(sign(p, c) * value(c) for c = p.play(m), m in p.legal_moves())
             = p.final_value()                                   once the deal is over

where ``sign(p, c)`` is +1 when the seat to move in ``c`` is on the same
side as the seat to move in ``p`` (a partner, or the same seat moving again
after a double with ``+doubles``) and -1 otherwise.  A forced pass is a legal
move like any other, so it needs no special case.  Values are from the point
of view of the seat to move's side (docs/rules.md sections 3.1 and 4.4).
"""

from __future__ import annotations

from .moves import Move
from .position import Position


class ReferenceSolver:
    """Memoised exact values.  Keep one instance to share the memo across
    positions of the same deal (for example along a game)."""

    def __init__(self) -> None:
        self.memo: dict[Position, int] = {}

    def value(self, position: Position) -> int:
        known = self.memo.get(position)
        if known is not None:
            return known
        moves = position.legal_moves()
        if moves:
            result = max(self.child_value(position, position.play(move)) for move in moves)
        else:
            final = position.final_value()
            assert final is not None  # no legal move: the deal is over
            result = final
        self.memo[position] = result
        return result

    def child_value(self, position: Position, child: Position) -> int:
        """The value of ``child`` for the seat to move in ``position``."""
        value = self.value(child)
        return value if position.variant.same_team(position.side, child.side) else -value

    def move_values(self, position: Position) -> list[tuple[Move, int]]:
        """Every legal move with its exact value for the player making it, in
        legal-move order."""
        return [(move, self.child_value(position, position.play(move))) for move in position.legal_moves()]

    def principal_variation(self, position: Position) -> list[Move]:
        """The main line to the end of the deal: at every step the first move
        in legal-move order whose value equals the position's value."""
        line: list[Move] = []
        while True:
            best = self.value(position)
            for move, value in self.move_values(position):
                if value == best:
                    line.append(move)
                    position = position.play(move)
                    break
            else:
                return line
