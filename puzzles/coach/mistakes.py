"""What a mistake is to the coach, shared by the writes and the reads: the
grades that make one, the player's side in an analysed record, and what makes
two mistakes the same one (the position before the move and the move played,
each written as the solver writes them)."""

from __future__ import annotations

from typing import Any

from solver import DominoError, Position

MISTAKES = ("mistake", "blunder")


def mistake_key(position: str, move: str) -> tuple[str, str]:
    """What makes a mistake the same for its player: the position before it
    and the move played, each written as the solver writes them (a record's
    spelling and a game's are then the same)."""
    try:
        parsed = Position.parse(position)
        return str(parsed), str(parsed.normalise_move(move))
    except DominoError:
        return position, move


def record_side(tags: dict[str, str]) -> str | None:
    """The player's side in an analysed record, if its tags say it: the side
    whose tag is ``human`` (as the site writes a practice game's record), or
    a ``You`` tag naming the side."""
    you = (tags.get("You") or "").strip().upper()
    if you in ("A", "B"):
        return you
    humans = [side for side in ("A", "B") if (tags.get(side) or "").strip().lower() in ("human", "you", "me")]
    return humans[0] if len(humans) == 1 else None


def record_mistakes(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The plies of an analysed record (its ``result``) that are the player's
    mistakes: the side its tags name, graded mistake or blunder, not forced."""
    side = record_side(result.get("tags") or {})
    if side is None:
        return []
    return [p for p in result.get("plies", []) if p["side"] == side and p["grade"] in MISTAKES and not p.get("forced")]
