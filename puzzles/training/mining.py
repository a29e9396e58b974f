"""Finding, verifying and describing puzzles, from solver facts only.

Pure Python (Django only for the lazily translated theme names): the Celery tasks call it through ``services``, the
tests call it directly.  A puzzle (Lichess-style) is a start position plus a
line: the solving side's key moves and the defender's replies.

Kinds:
- ``win``: exactly one legal move wins (value > 0); every other move draws or loses.
- ``most``: every move wins, exactly one wins the most, and every other move
  wins at least ``MOST_MARGIN`` points less.

After each correct move the defender plays its most resistant reply (the
lowest value for the solving side; among equals, the one that leaves the
solving side the fewest good answers).  The line goes on while the solving
side faces a deep choice (``is_deep_choice``: a real choice that is more than
which end one stone goes to) and stops when nothing is left
to find or the deal ends.  An attempt accepts any move that keeps the optimal
value and continues from the position actually reached, with the same rules
(``defender_reply``, ``is_deep_choice``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from solver import PASS, Analysis, Move, Position, analyse, deal
from solver.position import SIDES

WIN, MOST = "win", "most"
KINDS = (WIN, MOST)
MOST_MARGIN = 10
MAX_SOLVER_MOVES = 8
# The first move of a puzzle is a choice among at least this many legal moves.
MIN_FIRST_MOVES = 3


def classify(analysis: Analysis) -> str | None:
    """The puzzle kind of a position (from its analysis), or ``None``."""
    moves = analysis.moves
    if len(moves) < 2:
        return None  # a forced move is no puzzle
    best, second = moves[0].value, moves[1].value
    if best > 0 and second <= 0:
        return WIN
    if moves[-1].value > 0 and second <= best - MOST_MARGIN:
        return MOST
    return None


def is_real_choice(analysis: Analysis) -> bool:
    """Does the side to move have something to find: some legal move loses
    value, and few keep it (at most half of them, or just one)?"""
    keepers = len(analysis.best_moves)
    total = len(analysis.moves)
    return total >= 2 and keepers < total and keepers <= max(1, total // 2)


def is_placement_only(analysis: Analysis) -> bool:
    """Is the only thing to get wrong which end a stone goes to: every move
    that loses value is another placement of a stone that also has a move
    keeping it?"""
    keepers = {m.stone for m in analysis.best_moves}
    failing = [m.move for m in analysis.moves if m.value != analysis.value]
    return bool(failing) and all(m.stone is not None and m.stone in keepers for m in failing)


def is_deep_choice(analysis: Analysis) -> bool:
    """A real choice (``is_real_choice``) that is more than where to put one
    stone (``is_placement_only``): what a puzzle's line stops without."""
    return is_real_choice(analysis) and not is_placement_only(analysis)


def defender_reply(position: Position) -> Move:
    """The defender's most resistant reply: a best move for the defender (the
    lowest value for the solving side); among equals, the one after which the
    solving side has the fewest moves that keep the value; then legal order."""
    analysis = analyse(position)
    candidates = analysis.best_moves
    if len(candidates) == 1:
        return candidates[0]

    def good_answers(move: Move) -> int:
        after = analyse(position.play(move))
        return len(after.best_moves) if after.moves else 0

    return min(candidates, key=good_answers)  # min keeps the first of equals


@dataclass(frozen=True)
class Line:
    moves: tuple[Move, ...]  # solving side first, alternating with the defender (passes included)
    solver_moves: int  # how many moves the solving side must find
    end: Position  # the position after the line
    final: Position  # the end of the deal with perfect play after the line


def solution_line(start: Position, max_solver_moves: int = MAX_SOLVER_MOVES, legacy: bool = False) -> Line:
    """The stored line of a puzzle starting at ``start`` (``start``'s side
    solves): it goes on while the solving side faces a deep choice
    (``is_deep_choice``; with ``legacy``, any real choice, the rule the bench
    compares against)."""
    choice = is_real_choice if legacy else is_deep_choice
    solver_side = start.side
    position, moves, movers, found = start, [], [], 0
    while found < max_solver_moves:
        analysis = analyse(position)
        if not analysis.moves:
            break
        if position.side == solver_side:
            if found and not choice(analysis):
                break
            move = analysis.best_moves[0]
            found += 1
        else:
            move = defender_reply(position)
        moves.append(move)
        movers.append(position.side)
        position = position.play(move)
    while movers and movers[-1] != solver_side:
        moves.pop()  # the line ends on the solving side's last key move
        movers.pop()
    end = start
    for move in moves:
        end = end.play(move)
    final = end
    for move in analyse(end).pv:
        final = final.play(move)
    return Line(tuple(moves), found, end, final)


# ------------------------------------------------------------------- themes


@dataclass(frozen=True)
class Facts:
    """What the theme predicates and the rating look at."""

    start: Position
    kind: str
    analysis: Analysis
    line: Line

    @property
    def key(self) -> Move:
        return self.line.moves[0]

    @property
    def after_key(self) -> Position:
        return self.start.play(self.key)

    @property
    def solver_side(self) -> str:
        return self.start.side


@dataclass(frozen=True)
class Theme:
    """A puzzle theme: its key (stored on puzzles, used in URLs), its name and
    description (translated when shown) and the predicate that finds it."""

    key: str
    name: Promise
    description: Promise
    predicate: Callable[[Facts], bool]


# The one registry of themes, in display order.
THEMES: dict[str, Theme] = {}


def theme(
    key: str, name: Promise, description: Promise
) -> Callable[[Callable[[Facts], bool]], Callable[[Facts], bool]]:
    """Register a theme predicate ``Facts -> bool`` under ``key``."""

    def register(predicate: Callable[[Facts], bool]) -> Callable[[Facts], bool]:
        THEMES[key] = Theme(key, name, description, predicate)
        return predicate

    return register


@theme("block", _("block"), _("The key move leaves the opponent without a stone that fits: a forced pass."))
def _block(f: Facts) -> bool:
    return f.after_key.legal_moves() == [PASS]


@theme("unlock", _("unlock"), _("The key move frees a back stone that the line then plays."))
def _unlock(f: Facts) -> bool:
    hand = f.start.hand
    col = next((c for c, s in hand.available() if s == f.key.stone), None)
    if col is None or hand.front[col] != f.key.stone or hand.back[col] is None:
        return False
    freed = hand.back[col]
    return any(m.stone == freed for m in f.line.moves[1:])


@theme("starve", _("starve"), _("The key move leaves an end number the opponent has no stone of."))
def _starve(f: Facts) -> bool:
    after = f.after_key
    theirs = after.hand  # after the key move the opponent is to move
    return any(not any(s.has(end) for s in theirs.stones()) for end in set(after.ends or ()))


@theme("domino", _("domino"), _("The winning line ends with going out."))
def _domino(f: Facts) -> bool:
    result = f.line.final.result()
    return result is not None and result.reason == "domino" and result.winner == f.solver_side


@theme("count", _("count"), _("The winning line blocks the game and wins on the pip count."))
def _count(f: Facts) -> bool:
    result = f.line.final.result()
    return result is not None and result.reason == "blocked" and result.winner == f.solver_side


@theme("double", _("double"), _("The key move is a double."))
def _double(f: Facts) -> bool:
    return f.key.stone is not None and f.key.stone.is_double


@theme(
    "not-heaviest",
    _("not the heaviest"),
    _("The key move is not the heaviest stone that fits: shedding pips would fail."),
)
def _not_heaviest(f: Facts) -> bool:
    heaviest = max(m.move.stone.pips for m in f.analysis.moves if m.move.stone is not None)
    return f.key.stone is not None and f.key.stone.pips < heaviest


@theme("long-line", _("long line"), _("Three or more moves to find."))
def _long_line(f: Facts) -> bool:
    return f.line.solver_moves >= 3


@theme("back-row", _("back row"), _("The key move plays a stone from the back row."))
def _back_row(f: Facts) -> bool:
    return f.key.stone is not None and f.key.stone in f.start.hand.back


@theme("lockdown", _("lockdown"), _("The line makes the opponent pass twice or more."))
def _lockdown(f: Facts) -> bool:
    return sum(m.is_pass for m in f.line.moves) >= 2


def themes_of(facts: Facts) -> list[str]:
    return [key for key, entry in THEMES.items() if entry.predicate(facts)]


# ------------------------------------------------------------------- rating


def initial_rating(facts: Facts) -> int:
    """A first estimate from solver facts; Glicko-2 refines it from attempts.

    Harder: more moves to find, more legal moves that fail, a natural move
    (the heaviest stone, or a move that blocks) that fails, a small margin.
    """
    moves = facts.analysis.moves
    failing = [m for m in moves if m.value != facts.analysis.value]
    rating = 1200.0
    rating += 180 * (facts.line.solver_moves - 1)
    rating += 60 * min(len(failing), 8)
    heaviest = max((m.move.stone.pips for m in moves if m.move.stone is not None), default=0)
    if any(m.move.stone is not None and m.move.stone.pips == heaviest for m in failing):
        rating += 150  # the natural "shed the heaviest stone" fails
    if any(_forces_pass(facts.start, m.move) for m in failing):
        rating += 120  # a tempting block fails
    if _forces_pass(facts.start, facts.key):
        rating -= 100  # the answer is a block, which players look for first
    if facts.kind == MOST:
        margin = facts.analysis.value - moves[1].value
        rating += 100 if margin < 15 else 0
    return int(max(600, min(2600, rating)))


def _forces_pass(position: Position, move: Move) -> bool:
    return position.play(move).legal_moves() == [PASS]


# ------------------------------------------------------------------ quality


def depth_of(facts: Facts) -> int:
    """How many of the line's steps for the solving side are deep choices
    (the first always is, for a puzzle mined now)."""
    position, depth = facts.start, 0
    for move in facts.line.moves:
        if position.side == facts.solver_side and is_deep_choice(analyse(position)):
            depth += 1
        position = position.play(move)
    return depth


def quality_facts(facts: Facts) -> dict[str, Any]:
    """The solver facts the quality score is made of: legal moves at the
    first decision, how many of them fail and by how much, whether the
    natural moves (the heaviest stone, a block) fail, the line's length and
    how many of its steps are deep choices."""
    analysis = facts.analysis
    failing = [m for m in analysis.moves if m.value != analysis.value]
    heaviest = max((m.move.stone.pips for m in analysis.moves if m.move.stone is not None), default=0)
    return {
        "legal": len(analysis.moves),
        "failing": len(failing),
        "mean_loss": round(sum(analysis.value - m.value for m in failing) / len(failing), 1) if failing else 0,
        "heaviest_fails": any(m.move.stone is not None and m.move.stone.pips == heaviest for m in failing),
        "block_fails": any(_forces_pass(facts.start, m.move) for m in failing),
        "key_blocks": _forces_pass(facts.start, facts.key),
        "line": len(facts.line.moves),
        "solver_moves": facts.line.solver_moves,
        "depth": depth_of(facts),
    }


def stored_facts(position: str, kind: str, line: list[str], solver_moves: int) -> Facts:
    """The facts of a puzzle already stored, from its start and its stored
    line (the start analysed again): for scoring puzzles mined before the
    quality score existed."""
    start = Position.parse(position)
    moves, end = [], start
    for text in line:
        move = end.normalise_move(text)
        moves.append(move)
        end = end.play(move)
    final = end
    for move in analyse(end).pv:
        final = final.play(move)
    return Facts(start, kind, analyse(start), Line(tuple(moves), solver_moves, end, final))


def quality_score(q: dict[str, Any]) -> float:
    """0 to 100 from ``quality_facts``: many legal moves, most of them
    failing and by a lot, a natural move that fails, a long line of deep
    choices make a good puzzle; an answer that is an obvious block, less so."""
    score = 25 * min(q["legal"], 8) / 8
    score += 15 * (q["failing"] / q["legal"] if q["legal"] else 0)
    score += 15 * min(q["mean_loss"], 40) / 40
    score += 15 if q["heaviest_fails"] else 0
    score += 10 if q["block_fails"] else 0
    score += 20 * min(q["depth"], 4) / 4
    score -= 5 if q["key_blocks"] else 0
    return round(max(0.0, min(100.0, score)), 1)


def vote_score(quality: float, up: int, down: int) -> float:
    """The quality moved by the players' votes: up to 30 points either way,
    more as votes accumulate (a Wilson-like damping: two phantom votes)."""
    return round(quality + 30 * (up - down) / (up + down + 2), 1)


# ---------------------------------------------------------------- generator


@dataclass(frozen=True)
class Candidate:
    position: Position
    kind: str
    line: Line
    themes: tuple[str, ...]
    rating: int
    seed: int
    ply: int
    facts: Facts = field(repr=False, compare=False)

    def to_record(self) -> dict:
        """What the database stores (the answer included: never sent before the end)."""
        facts = self.quality_facts
        return {
            "position": str(self.position),
            "side": self.position.side,
            "kind": self.kind,
            "line": [str(m) for m in self.line.moves],
            "solver_moves": self.line.solver_moves,
            "themes": list(self.themes),
            "rating": self.rating,
            "seed": self.seed,
            "ply": self.ply,
            "value": self.facts.analysis.value,
            "quality_facts": facts,
            "quality": quality_score(facts),
        }

    @property
    def quality_facts(self) -> dict[str, Any]:
        return quality_facts(self.facts)


def describe(position: Position, seed: int = 0, ply: int = 0, legacy: bool = False) -> Candidate | None:
    """Verify ``position`` exactly and build its puzzle, or ``None`` if it is
    none: the first move is a deep choice (``is_deep_choice``) among at least
    ``MIN_FIRST_MOVES`` legal moves.  ``legacy`` keeps the former acceptance
    (any two legal moves, any real choice): for the bench's comparison only."""
    analysis = analyse(position)
    kind = classify(analysis)
    if kind is None:
        return None
    if not legacy and (len(analysis.moves) < MIN_FIRST_MOVES or not is_deep_choice(analysis)):
        return None
    line = solution_line(position, legacy=legacy)
    if line.solver_moves < 1 or not line.moves:
        return None
    facts = Facts(position, kind, analysis, line)
    return Candidate(position, kind, line, tuple(themes_of(facts)), initial_rating(facts), seed, ply, facts)


def play_imperfect_game(seed: int, temperatures: tuple[float, float] = (6.0, 6.0)) -> list[Position]:
    """A game from deal ``seed`` between two imperfect players who choose moves
    at random with weight ``exp(-points_lost / T)`` (``T`` per side): real
    mistakes, so positions with a unique winning move arise.  Seeded: the same
    ``seed`` plays the same game."""
    rng = random.Random(f"puzzle-game:{seed}")
    position = deal(seed)
    positions = [position]
    while True:
        analysis = analyse(position)
        if not analysis.moves:
            return positions
        temperature = temperatures[SIDES.index(position.side)]
        best = analysis.value
        weights = [math.exp((m.value - best) / temperature) for m in analysis.moves]
        move = rng.choices([m.move for m in analysis.moves], weights=weights)[0]
        position = position.play(move)
        positions.append(position)


def mine_deal(seed: int, legacy: bool = False) -> list[Candidate]:
    """Every puzzle found along one imperfect game of deal ``seed``."""
    found = []
    for ply, position in enumerate(play_imperfect_game(seed)):
        candidate = describe(position, seed, ply, legacy=legacy)
        if candidate is not None:
            found.append(candidate)
    return found
