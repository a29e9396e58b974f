"""The rules of the streak and timed runs, as pure functions of a run row
and the time: the rating each puzzle of a run aims at, the clock, and when
a run is over (written or not yet: a read never writes, so a timed run whose
clock has run out is over for every reader before a task or the next move
writes it so)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

# Streak: the n-th puzzle (from 0) aims at START + STEP * n, and is never
# rated below the puzzle before it.
STREAK_START = 800
STREAK_STEP = 60
# A streak may skip this many puzzles (the skipped one neither counts nor ends it).
STREAK_SKIPS = 1
# Timed: three minutes; a wrong move costs ten seconds; the puzzles get harder more slowly.
TIMED_DURATION = 180
TIMED_PENALTY = 10
TIMED_START = 800
TIMED_STEP = 40
# Of the puzzles nearest the target (at or above it), one of this many is chosen at random.
CHOICE_AMONG = 4
# A timed run whose last move is still being graded this long after the deadline is closed anyway.
GRACE_SECONDS = 60

MODES = ("streak", "timed")


def target_rating(mode: str, index: int) -> int:
    """The rating the ``index``-th puzzle of a run (from 0) aims at."""
    if mode == "streak":
        return STREAK_START + STREAK_STEP * index
    return TIMED_START + TIMED_STEP * index


def deadline_of(started_at: datetime, duration: int, penalty_seconds: int) -> datetime:
    return started_at + timedelta(seconds=duration - penalty_seconds)


def time_left(run: Any, now: datetime) -> float | None:
    """Seconds left on a timed run's clock (None for a streak), never below 0."""
    if run.mode != "timed" or run.deadline is None:
        return None
    if run.status == "over":
        end = run.finished_at or now
        return max(0.0, round((run.deadline - end).total_seconds(), 1))
    return max(0.0, round((run.deadline - now).total_seconds(), 1))


def clock_out(run: Any, now: datetime) -> bool:
    """Whether a timed run's clock has reached zero."""
    return run.mode == "timed" and run.deadline is not None and now >= run.deadline


def is_over(run: Any, now: datetime, current_thinking: bool = False) -> bool:
    """Whether the run is over as of ``now``: written so, or a timed run out of
    time whose last move is not being graded (a move accepted in time is
    graded first, and counts)."""
    if run.status == "over":
        return True
    if not clock_out(run, now):
        return False
    return not current_thinking or now >= run.deadline + timedelta(seconds=GRACE_SECONDS)
