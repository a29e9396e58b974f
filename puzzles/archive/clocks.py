"""The clock of each move of a game between people, as a record's ``[%clk]``
comments carry it (docs/records.md), worked out from the moves' times.

No Django here.  A live game (Fischer: ``initial`` seconds, ``increment``
seconds a move): every person's clock starts at the initial time; a seat's
first move does not run it and earns no increment (``games.deadlines``);
each later move costs the time from its turn's start (the previous move's
time, or the game's start for the first ply) and earns the increment.  A
correspondence game (``days`` a move): the time to the move's deadline when it
was made.  The moves' stored times are when the server played them, and the
site's outages are not given back here: the clock a record shows is within a
moment of the one the game's page showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

DAY_MS = 86_400_000


@dataclass(frozen=True)
class Timed:
    """A move: its seat, whether a person made it, and when it was stored."""

    seat: str
    person: bool
    at: datetime


def _ms(start: datetime, end: datetime) -> int:
    delta = end - start
    return max(0, delta.days * DAY_MS + delta.seconds * 1000 + delta.microseconds // 1000)


def move_clocks(
    moves: Sequence[Timed],
    started: datetime,
    *,
    initial: int | None,
    increment: int | None,
    days: int | None,
) -> list[int | None]:
    """Each move's clock after it (milliseconds; ``None`` for a solver's
    move and for every move of an untimed game)."""
    if initial is None and days is None:
        return [None] * len(moves)
    left: dict[str, int] = {}
    out: list[int | None] = []
    turn_start = started
    for move in moves:
        if not move.person:
            out.append(None)
        elif days is not None:
            out.append(max(0, days * DAY_MS - _ms(turn_start, move.at)))
        elif move.seat not in left:  # the seat's first move: free
            left[move.seat] = (initial or 0) * 1000
            out.append(left[move.seat])
        else:
            left[move.seat] = max(0, left[move.seat] - _ms(turn_start, move.at)) + (increment or 0) * 1000
            out.append(left[move.seat])
        turn_start = move.at
    return out
