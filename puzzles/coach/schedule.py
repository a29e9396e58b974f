"""The spaced schedule of exercises (pure: no Django).

A new exercise is due at once.  A failed one comes back after the first
interval; solved when due, it moves on to the next interval; solved when due
at the last interval, it is learnt (never due again).  A try before it is due
(practice) changes nothing; failing resets it to the first interval.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

INTERVALS_DAYS = (1, 3, 7, 21)


@dataclass(frozen=True)
class Step:
    step: int  # index of the interval the exercise waits in, -1 while new
    due_at: datetime | None  # None once learnt


def after_try(step: int, due_at: datetime | None, correct: bool, now: datetime) -> Step:
    """The schedule after a try at ``now``."""
    due = due_at is not None and due_at <= now
    if not correct:
        return Step(0, now + timedelta(days=INTERVALS_DAYS[0]))
    if not due:
        return Step(step, due_at)  # practice ahead of time (or learnt): the schedule stands
    if step < 0:
        return Step(step, None)  # solved at the first sight: nothing to learn
    nxt = step + 1
    if nxt >= len(INTERVALS_DAYS):
        return Step(nxt, None)
    return Step(nxt, now + timedelta(days=INTERVALS_DAYS[nxt]))
