"""An independent check of the solver in every variant: a tiny plain minimax
written here from docs/rules.md alone (its own rules, its own notation, no memo,
nothing from solver.position or solver.reference), run on small endgames and
on block deals, against every move value, grade and main line of the
compiled core."""

from __future__ import annotations

import random

import pytest

from solver import Position, analyse, deal

# ------------------------------------------------------------------ the rules
# A state: (hands, ends, side).  hands: per seat a tuple of columns, each a
# tuple of stones still there, the available one first (rows: (front, back);
# a hand without rows: one stone per column).  A stone is (low, high).  ends:
# None or (left, right).  side: seat index.  Teams: seat % 2.


def from_position(position: Position) -> tuple:
    """The start state, read from the position's fields (parsing is tested elsewhere)."""
    hands = []
    for hand in position.hands:
        backs = hand.back or (None,) * 7
        columns = tuple(
            tuple((s.low, s.high) for s in (front, back) if s is not None)
            for front, back in zip(hand.front, backs, strict=True)
        )
        hands.append(columns)
    return tuple(hands), position.ends, "ABCD".index(position.side)


class Rules:
    def __init__(self, name: str, doubles: bool) -> None:
        self.name, self.doubles = name, doubles
        self.seats = 4 if name == "partnership" else 2

    def pips(self, hands: tuple, team: int) -> int:
        return sum(a + b for seat in range(team, self.seats, 2) for column in hands[seat] for a, b in column)

    def first_stone(self, hands: tuple) -> tuple | None:
        """Only asked while the table is empty: every stone dealt is in a hand."""
        stones = [s for hand in hands for column in hand for s in column]
        if self.name == "partnership":
            return (6, 6)
        if self.name == "block":
            doubles = [s for s in stones if s[0] == s[1]]
            return max(doubles) if doubles else max(stones, key=lambda s: (s[0] + s[1], s[1]))
        return None

    def moves(self, hands: tuple, ends: tuple | None, seat: int) -> list[tuple[int, str | None]]:
        """(column, end) in column order, L before R; end None opens the line."""
        out = []
        first = self.first_stone(hands) if ends is None else None
        for col, column in enumerate(hands[seat]):
            if not column:
                continue
            a, b = column[0]
            if ends is None:
                if first is None or column[0] == first:
                    out.append((col, None))
                continue
            if ends[0] in (a, b):
                out.append((col, "L"))
            if ends[1] in (a, b) and ends[1] != ends[0]:
                out.append((col, "R"))
        return out

    def play(self, state: tuple, move: tuple[int, str | None]) -> tuple:
        hands, ends, seat = state
        col, end = move
        a, b = hands[seat][col][0]
        if end is None:
            new_ends = (a, b)
        elif end == "L":
            new_ends = (b if ends[0] == a else a, ends[1])
        else:
            new_ends = (ends[0], b if ends[1] == a else a)
        hand = list(hands[seat])
        hand[col] = hand[col][1:]
        new_hands = hands[:seat] + (tuple(hand),) + hands[seat + 1 :]
        left = sum(len(c) for c in hand)
        if self.doubles and a == b and left and self.moves(new_hands, new_ends, seat):
            return new_hands, new_ends, seat
        return new_hands, new_ends, (seat + 1) % self.seats

    def value(self, state: tuple) -> int:
        """For the side of the seat to move; plain minimax."""
        hands, ends, seat = state
        team = seat % 2
        for other, hand in enumerate(hands):
            if not any(hand):  # that seat went out: its side scores the other side's pips
                return self.pips(hands, 1 - team) if other % 2 == team else -self.pips(hands, team)
        moves = self.moves(hands, ends, seat)
        if not moves:
            if not any(self.moves(hands, ends, s) for s in range(self.seats)):
                mine, theirs = self.pips(hands, team), self.pips(hands, 1 - team)
                return theirs if mine < theirs else -mine if mine > theirs else 0
            return -self.value((hands, ends, (seat + 1) % self.seats))  # forced pass
        return max(self.child(state, move) for move in moves)

    def child(self, state: tuple, move: tuple) -> int:
        after = self.play(state, move)
        value = self.value(after)
        return value if after[2] % 2 == state[2] % 2 else -value

    def notation(self, state: tuple, move: tuple | None) -> str:
        if move is None:
            return "pass"
        hands, ends, seat = state
        a, b = hands[seat][move[0]][0]
        return f"{a}{b}{move[1] or ''}"

    def analysis(self, state: tuple) -> tuple[int, list[tuple[str, int]], list[str]]:
        """The value, every legal move with its value in legal order, the main line."""
        hands, ends, seat = state
        moves = self.moves(hands, ends, seat)
        values = [(self.notation(state, m), self.child(state, m)) for m in moves]
        value = self.value(state)
        if not moves and any(self.moves(hands, ends, s) for s in range(self.seats)) and all(map(any, hands)):
            values = [("pass", value)]
        line = []
        while True:
            hands, ends, seat = state
            if not all(map(any, hands)):
                break
            moves = self.moves(hands, ends, seat)
            if not moves:
                if not any(self.moves(hands, ends, s) for s in range(self.seats)):
                    break
                line.append("pass")
                state = (hands, ends, (seat + 1) % self.seats)
                continue
            best = self.value(state)
            move = next(m for m in moves if self.child(state, m) == best)
            line.append(self.notation(state, move))
            state = self.play(state, move)
        return value, values, line


def grade(value: int, best: int) -> str:
    """docs/rules.md section 3.3, from the text."""

    def outcome(v: int) -> int:
        return (v > 0) - (v < 0)

    if value == best:
        return "best"
    if outcome(value) < outcome(best):
        return "blunder"
    return "mistake" if best - value >= 10 else "inaccuracy"


# ------------------------------------------------------------------ positions


def small_endgames(variant: str, count: int, stones: int) -> list[Position]:
    """One position per seeded random game: the first with at most ``stones`` in hand."""
    out = []
    seed = 50_000
    while len(out) < count:
        rng = random.Random(seed)
        position = deal(seed, variant)
        while not position.is_over():
            if sum(h.count for h in position.hands) <= stones:
                out.append(position)
                break
            position = position.play(rng.choice(position.legal_moves()))
        seed += 1
    return out


VARIANTS = [
    "lewicki",
    "lewicki+doubles",
    "lewicki9",
    "lewicki9+doubles",
    "block",
    "block+doubles",
    "partnership",
    "partnership+doubles",
]


def check(position: Position) -> None:
    rules = Rules(position.variant.name, position.variant.doubles)
    value, values, line = rules.analysis(from_position(position))
    analysis = analyse(position)
    assert analysis.value == value, str(position)
    best = max((v for _, v in values), default=value)
    expected = sorted(((m, v, grade(v, best)) for m, v in values), key=lambda e: -e[1])  # stable: legal order
    assert [(str(m.move), m.value, m.grade) for m in analysis.moves] == expected, str(position)
    assert [str(m) for m in analysis.pv] == line, str(position)


@pytest.mark.parametrize("variant", VARIANTS)
def test_small_endgames_against_plain_minimax(variant):
    positions = small_endgames(variant, 30, 11)
    assert len(set(positions)) == 30
    for position in positions:
        check(position)


@pytest.mark.parametrize("variant", ["block", "block+doubles"])
def test_block_deals_against_plain_minimax(variant):
    for seed in range(16):
        check(deal(seed, variant))


def test_the_checker_sees_the_cases():
    # passes, blocked ends and the double's extra move all occur in what it checks
    positions = [p for v in VARIANTS for p in small_endgames(v, 30, 9)]
    lines = [analyse(p).pv for p in positions]
    assert sum("pass" in map(str, line) for line in lines) >= 20
    assert sum(p.legal_moves() == [] for p in positions) == 0
    ends = []
    for position, line in zip(positions, lines, strict=True):
        for move in line:
            position = position.push(move)
        ends.append(position.result().reason)
    assert ends.count("blocked") >= 20
    assert ends.count("domino") >= 20
