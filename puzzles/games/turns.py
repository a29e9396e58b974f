"""A game's fields as moves reach a position: its status (over, a
person's move, the solver's), its result, and the update of its row.  Pure
over positions; shared by starting a game and playing its moves."""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.utils import timezone

from solver import Position

from .models import Game


def status_after(position: Position, people: str) -> str:
    """Over, a person's move (``people``: the seats people play), or the solver's."""
    if position.is_over():
        return Game.Status.OVER
    return Game.Status.YOUR_MOVE if position.side in people else Game.Status.THINKING


def result_json(position: Position) -> dict[str, Any] | None:
    """The result of a finished deal as the game's row keeps it (``None``: not over)."""
    result = position.result()
    if result is None:
        return None
    return {"winner": result.winner, "points": result.points, "reason": result.reason}


def moved_on(after: Position, people: str, plies: int = 1) -> dict[str, Any]:
    """The game's fields once ``plies`` moves have reached ``after``."""
    return {
        "current_position": str(after),
        "ply_count": F("ply_count") + plies,
        "status": status_after(after, people),
        "result": result_json(after),
        "version": F("version") + 1,
        "updated_at": timezone.now(),
    }
