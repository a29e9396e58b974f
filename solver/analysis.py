"""Exact analysis of a position: its value, every legal move's value and
grade, and the main line to the end of the deal.

``analyse(position)`` runs the compiled core (``solver._core``);
``analyse(position, engine="reference")`` runs the pure-Python reference
solver, which defines the values.  Both return the same ``Analysis``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import AnalysisError, IllegalMoveError, MoveError, PositionError
from .moves import PASS, Move
from .position import Hand, Position
from .reference import ReferenceSolver
from .stones import Stone

WIN, LOSS, DRAW = "win", "loss", "draw"
OUTCOMES = (WIN, LOSS, DRAW)
BEST, INACCURACY, MISTAKE, BLUNDER = "best", "inaccuracy", "mistake", "blunder"
GRADES = (BEST, INACCURACY, MISTAKE, BLUNDER)
MISTAKE_POINTS = 10  # points lost from which a same-outcome move is a mistake


def outcome(value: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` (one of ``OUTCOMES``) for the player
    whose value it is."""
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def grade(value: int, best: int) -> str:
    """The standard label (one of ``GRADES``) of a move worth ``value`` where
    the best is worth ``best`` (docs/rules.md section 3.3)."""
    if value == best:
        return BEST
    if outcome(value) != outcome(best):
        return BLUNDER
    return MISTAKE if best - value >= MISTAKE_POINTS else INACCURACY


@dataclass(frozen=True, slots=True)
class MoveValue:
    move: Move
    value: int
    grade: str
    points_lost: int

    @property
    def outcome(self) -> str:
        return outcome(self.value)

    def to_json(self) -> dict[str, Any]:
        return {"move": str(self.move), "value": self.value, "grade": self.grade}


@dataclass(frozen=True, slots=True)
class Analysis:
    """``moves`` is sorted best first (equal values keep legal-move order:
    column by column, left end before right); ``pv`` is the main line, at each
    step the first best move in that order, to the end of the deal.

    ``nodes`` is how many states the search visited: a statistic of the run,
    not part of the result, so it takes no part in comparing analyses (the
    two engines' analyses of a position are equal).
    """

    position: Position
    value: int
    moves: tuple[MoveValue, ...]
    pv: tuple[Move, ...]
    nodes: int = field(default=0, compare=False)

    @property
    def best_moves(self) -> list[Move]:
        return [m.move for m in self.moves if m.value == self.value]

    def move_value(self, move: Move | str) -> MoveValue:
        """The entry of ``move`` (checked for legality and normalised)."""
        move = self.position.normalise_move(move)
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise AssertionError(f"{move} is legal but not analysed")  # pragma: no cover

    @property
    def is_over(self) -> bool:
        return not self.moves

    def to_json(self) -> dict[str, Any]:
        return {
            "position": str(self.position),
            "value": self.value,
            "moves": [m.to_json() for m in self.moves],
            "pv": [str(m) for m in self.pv],
        }

    @classmethod
    def from_json(cls, data: object) -> Analysis:
        """The analysis that ``to_json`` wrote: its exact inverse, so that
        ``Analysis.from_json(a.to_json()) == a`` for every analysis ``a`` that
        ``analyse`` returns.  ``data`` is the dictionary ``to_json`` returns, or
        that dictionary as JSON text (a line of ``python -m solver analyse --json``).

        ``to_json`` leaves out two things an ``Analysis`` holds.  ``nodes`` is a
        statistic of the search, not part of the result: it is read back as 0
        (``nodes`` is not compared, so the round trip is still equal).  Each
        move's ``points_lost`` is the best value minus the move's value and is
        worked out again.

        The input is checked, not trusted: the keys are exactly the ones
        ``to_json`` writes; ``position`` is a valid position string; ``moves``
        are its legal moves, each once, in analysis order (best first, equal
        values in legal-move order), each with the grade the rules give it;
        ``value`` is the best move's value (the final value once the deal is
        over); ``pv`` is a line of legal moves that starts with a best move and
        ends the deal with ``value``.  Anything else raises ``AnalysisError``
        (a ``ValueError``) whose message quotes the part that was refused.
        Moves are normalised as ``Position.normalise_move`` does (``63r`` reads
        as ``36R``), and so is the position string.
        """
        if isinstance(data, str):
            data = _loads(data)
        fields = _json_object(data, _ANALYSIS_FIELDS, "an analysis")
        text = fields["position"]
        if not isinstance(text, str):
            raise AnalysisError(f"{_WHERE}'position' is a position string, not {text!r}")
        try:
            position = Position.parse(text)
        except PositionError as exc:
            raise AnalysisError(f"{_WHERE}bad 'position': {exc}") from None
        value = _json_int(fields["value"], "'value'")
        written = _json_moves(position, fields["moves"])
        values = {move: move_value for move, move_value, _ in written}
        legal = position.legal_moves()
        missing = [str(m) for m in legal if m not in values]
        if missing:
            raise AnalysisError(
                f"{_WHERE}'moves' lacks the legal move(s) {', '.join(map(repr, missing))} of {str(position)!r}"
            )
        analysis = _build(position, value, [(m, values[m]) for m in legal], [], 0)
        _check_as_analysed(analysis, written)
        line = _json_pv(position, fields["pv"], values, value)
        return cls(position, value, analysis.moves, tuple(line))

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> Analysis:
        """The analysis in a dictionary that ``to_json`` wrote and this program
        kept itself (its cache, its database), read without replaying it:
        ``from_json`` checks every move for legality and plays the whole main
        line, five times the work, to refuse input it did not write.  Only the
        shape is checked here; a dictionary of another shape goes to
        ``from_json``, which says what is wrong with it (``AnalysisError``).
        ``from_stored(a.to_json()) == a`` for every analysis ``a``."""
        try:
            position = Position.parse(data["position"])
            highest = position.variant.highest
            value = data["value"]
            listed = data["moves"]
            best = listed[0]["value"] if listed else value
            moves = tuple(
                MoveValue(Move.parse(entry["move"], highest), entry["value"], entry["grade"], best - entry["value"])
                for entry in listed
            )
            pv = tuple(Move.parse(step, highest) for step in data["pv"])
            if len(data) != len(_ANALYSIS_FIELDS) or not isinstance(value, int) or not isinstance(best, int):
                raise TypeError(value)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return cls.from_json(data)
        return cls(position, value, moves, pv)


# ----------------------------------------------------- reading analysis JSON

_WHERE = "analysis JSON: "
_ANALYSIS_FIELDS = ("position", "value", "moves", "pv")  # what Analysis.to_json writes
_MOVE_FIELDS = ("move", "value", "grade")  # what MoveValue.to_json writes
_QUOTED_CHARS = 40  # of JSON text around a syntax error


def _loads(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        near = text[max(0, exc.pos - _QUOTED_CHARS // 2) : exc.pos + _QUOTED_CHARS // 2]
        raise AnalysisError(
            f"{_WHERE}not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}, near {near!r}"
        ) from None


def _json_object(data: object, fields: tuple[str, ...], where: str) -> Mapping[str, object]:
    names = ", ".join(map(repr, fields))
    if not isinstance(data, Mapping):
        raise AnalysisError(f"{_WHERE}{where} is an object with the keys {names}, not {data!r}")
    missing = [name for name in fields if name not in data]
    if missing:
        raise AnalysisError(f"{_WHERE}{where} has no {', '.join(map(repr, missing))} (its keys are {list(data)!r})")
    unknown = [name for name in data if name not in fields]
    if unknown:
        raise AnalysisError(
            f"{_WHERE}{where} has the unknown key(s) {', '.join(map(repr, unknown))} (the keys are {names})"
        )
    return data


def _json_int(data: object, where: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise AnalysisError(f"{_WHERE}{where} is a whole number, not {data!r}")
    return data


def _json_list(data: object, where: str) -> list[object]:
    if not isinstance(data, (list, tuple)):
        raise AnalysisError(f"{_WHERE}{where} is a list, not {data!r}")
    return list(data)


def _json_move(position: Position, data: object, where: str) -> Move:
    """``data`` as the legal move of ``position`` it names."""
    if not isinstance(data, str):
        raise AnalysisError(f"{_WHERE}{where} is a move such as '36R' or 'pass', not {data!r}")
    try:
        return position.normalise_move(data)
    except (MoveError, IllegalMoveError) as exc:
        raise AnalysisError(f"{_WHERE}{where} {data!r} in {str(position)!r}: {exc}") from None


def _json_moves(position: Position, data: object) -> list[tuple[Move, int, str]]:
    """``'moves'`` of analysis JSON as listed: each a legal move of ``position``
    (listed once) with its value and a known grade, else ``AnalysisError``."""
    written: list[tuple[Move, int, str]] = []
    for i, item in enumerate(_json_list(data, "'moves'")):
        where = f"moves[{i}]"
        entry = _json_object(item, _MOVE_FIELDS, where)
        move = _json_move(position, entry["move"], f"{where}['move']")
        for j, (seen, _, _) in enumerate(written):
            if seen == move:
                raise AnalysisError(f"{_WHERE}{where} {entry['move']!r} lists {str(seen)!r} again (as moves[{j}])")
        move_grade = entry["grade"]
        if not isinstance(move_grade, str) or move_grade not in GRADES:
            raise AnalysisError(
                f"{_WHERE}{where}['grade'] is one of {', '.join(map(repr, GRADES))}, not {move_grade!r}"
            )
        written.append((move, _json_int(entry["value"], f"{where}['value']"), move_grade))
    return written


def _check_as_analysed(analysis: Analysis, written: list[tuple[Move, int, str]]) -> None:
    """``AnalysisError`` unless the moves as ``written`` (move, value, grade)
    are in ``analysis``'s order with its grades, and its value (that of the
    JSON) is the best move's value, or the final value once the deal is over."""
    position, value = analysis.position, analysis.value
    order = [str(entry.move) for entry in analysis.moves]
    listed = [str(move) for move, _, _ in written]
    if listed != order:
        raise AnalysisError(
            f"{_WHERE}'moves' are listed best first, equal values in legal-move order ({order!r}), not {listed!r}"
        )
    if analysis.moves and value != analysis.moves[0].value:
        raise AnalysisError(f"{_WHERE}'value' is the best move's value, {analysis.moves[0].value}, not {value!r}")
    if not analysis.moves and value != position.final_value():
        raise AnalysisError(
            f"{_WHERE}the deal is over ({position.result()}): 'value' is its final value "
            f"for {position.side}, {position.final_value()}, not {value!r}"
        )
    for i, (graded, (_, _, move_grade)) in enumerate(zip(analysis.moves, written, strict=True)):
        if graded.grade != move_grade:
            raise AnalysisError(
                f"{_WHERE}moves[{i}] {str(graded.move)!r} is worth {graded.value} where the best "
                f"is worth {value}: its grade is {graded.grade!r}, not {move_grade!r}"
            )


def _json_pv(position: Position, data: object, values: Mapping[Move, int], value: int) -> list[Move]:
    """``'pv'`` of analysis JSON: legal moves from ``position`` to the end of
    the deal, the first a best move (``values`` of the moves, ``value`` the
    best), ending with ``value`` for the side to move; else ``AnalysisError``."""
    line: list[Move] = []
    walk = position
    for i, item in enumerate(_json_list(data, "'pv'")):
        move = _json_move(walk, item, f"pv[{i}]")
        line.append(move)
        walk = walk.play(move)
    if not walk.is_over():
        raise AnalysisError(
            f"{_WHERE}'pv' is the main line to the end of the deal, but it stops after "
            f"{len(line)} move(s), at {str(walk)!r}"
        )
    if line and values[line[0]] != value:
        raise AnalysisError(
            f"{_WHERE}'pv' starts with a best move (worth {value}), not {str(line[0])!r} (worth {values[line[0]]})"
        )
    final = walk.final_value()
    assert final is not None  # the deal is over
    worth = final if position.variant.same_team(walk.side, position.side) else -final
    if worth != value:
        raise AnalysisError(
            f"{_WHERE}'pv' {' '.join(map(str, line))!r} ends the deal with {walk.result()}, "
            f"worth {worth} for {position.side}, not 'value' {value}"
        )
    return line


def _build(position: Position, value: int, values: list[tuple[Move, int]], pv: list[Move], nodes: int) -> Analysis:
    best = max((v for _, v in values), default=value)
    entries = sorted(
        (MoveValue(m, v, grade(v, best), best - v) for m, v in values),
        key=lambda e: -e.value,  # stable: ties stay in legal-move order
    )
    return Analysis(position, value, tuple(entries), tuple(pv), nodes)


# ------------------------------------------------------------ compiled core

_EMPTY_END = 10  # the core's ends of an empty table
_PLAYED = 255  # the core's byte for a slot without a stone
_NO_BACK = (None,) * 7  # the back slots of a hand without rows


def _stone_byte(stone: Stone | None) -> int:
    return _PLAYED if stone is None else (stone.low << 4) | stone.high


def _core_args(position: Position) -> tuple[bytes, int, int, int, int, int, int, int]:
    """The position as the core reads it (see ``solver/_core.pyi``)."""
    slots = bytearray()
    for hand in position.hands:
        slots.extend(map(_stone_byte, hand.front + (hand.back or _NO_BACK)))
    ends = position.ends if position.ends is not None else (_EMPTY_END, _EMPTY_END)
    variant = position.variant
    return (
        bytes(slots),
        len(variant.seats),
        int(variant.is_rows),
        int(variant.doubles),
        _stone_byte(position.first_stone()),
        ends[0],
        ends[1],
        variant.seats.index(position.side),
    )


_END_NAMES = {0: "L", 1: "R", 2: None}


def _slot_stone(hand: Hand, slot: int) -> Stone | None:
    return hand.front[slot] if slot < 7 else hand.back[slot - 7]


def core_available() -> bool:
    try:
        from . import _core  # noqa: F401
    except ImportError:
        return False
    return True


def _analyse_core(position: Position) -> Analysis:
    from . import _core

    value, moves, pv, nodes = _core.analyse(*_core_args(position))
    hand = position.hand
    values = [(Move(_slot_stone(hand, slot), _END_NAMES[end]), v) for slot, end, v in moves]
    if not values and not position.is_over():
        values = [(PASS, value)]  # a forced pass
    hands = position.hands
    line = [PASS if step is None else Move(_slot_stone(hands[step[0]], step[1]), _END_NAMES[step[2]]) for step in pv]
    return _build(position, value, values, line, nodes)


def perft(position: Position, depth: int, engine: str = "core") -> int:
    """How many move sequences of ``depth`` moves start here (a forced pass is a
    move; a sequence that reaches the end of the deal early counts once)."""
    if engine == "core":
        from . import _core

        return _core.perft(*_core_args(position), depth)
    moves = position.legal_moves()
    if depth == 0 or not moves:
        return 1
    return sum(perft(position.play(m), depth - 1, engine) for m in moves)


# --------------------------------------------------------- reference solver


def _analyse_reference(position: Position, solver: ReferenceSolver | None = None) -> Analysis:
    solver = solver or ReferenceSolver()
    values = solver.move_values(position)
    value = solver.value(position)
    return _build(position, value, values, solver.principal_variation(position), len(solver.memo))


def analyse(
    position: Position | str, engine: str = "core", reference_solver: ReferenceSolver | None = None
) -> Analysis:
    """Exact analysis of ``position`` (a ``Position`` or a position string).

    ``engine`` is ``"core"`` (compiled, the default) or ``"reference"``.
    """
    if isinstance(position, str):
        position = Position.parse(position)
    if engine == "core":
        return _analyse_core(position)
    if engine == "reference":
        return _analyse_reference(position, reference_solver)
    raise ValueError(f"engine is 'core' or 'reference', not {engine!r}")
