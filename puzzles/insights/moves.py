"""What a move of a game was, for the insights (pure: the solver's position
only, no Django): the phase of the deal it was played in and its kinds.

Phases, from the stone counts of the position before the move:

- ``opening``: fewer than ``OPENING_STONES`` (4) stones on the table, i.e. the
  first four stones laid in the deal;
- ``last_five``: otherwise, when the player to move holds at most
  ``LAST_STONES`` (5) stones (their last five, covered ones included);
- ``middle``: every other move.

Kinds (a move may be of several kinds, or none; a pass is of none):

- ``double``: the stone laid is a double;
- ``heavy``: the stone has at least three quarters of the pips of the set's
  heaviest stone (9 or more in the double-six set, 14 or more in the double-nine);
- ``blocking``: after it the deal is blocked, or the next player to move is
  an opponent who must pass.
"""

from __future__ import annotations

from solver import Position

OPENING_STONES = 4
LAST_STONES = 5
PHASES = ("opening", "middle", "last_five")
KINDS = ("double", "heavy", "blocking")


def phase(position: Position) -> str:
    if len(position.played_stones()) < OPENING_STONES:
        return "opening"
    if position.hand.count <= LAST_STONES:
        return "last_five"
    return "middle"


def is_heavy(pips: int, highest: int) -> bool:
    """At least three quarters of the heaviest stone's pips (``2 * highest``)."""
    return 4 * pips >= 3 * 2 * highest


def kinds(position: Position, move: str) -> set[str]:
    played = position.normalise_move(move)
    if played.is_pass or played.stone is None:
        return set()
    out = set()
    if played.stone.is_double:
        out.add("double")
    if is_heavy(played.stone.pips, position.variant.highest):
        out.add("heavy")
    after = position.push(played)
    if after.is_over():
        if after.is_blocked():
            out.add("blocking")
    elif after.side != position.side and all(m.is_pass for m in after.legal_moves()):
        out.add("blocking")
    return out


def has_choice(position: Position) -> bool:
    """More than one legal move (a forced move or pass says nothing of the player)."""
    return len(position.legal_moves()) > 1
