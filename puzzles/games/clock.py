"""The time of the games' clocks: one function, so that tests can move time
on (``monkeypatch.setattr(clock, "now", ...)``) without a dependency, and
every reading of a clock (a move, a poll, the deadline task) goes through it."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from django.utils import timezone

from puzzles.core import arrival

if TYPE_CHECKING:
    from .models import Game


def now() -> datetime:
    return timezone.now()


def timed_at() -> datetime:
    """The time a request is timed at: when it reached the server
    (``core.arrival``, before it waited on Redis or the database), else now."""
    arrived, at = arrival.arrived(), now()
    return at if arrived is None else min(arrived, at)


def ms_between(start: datetime, end: datetime) -> int:
    """Whole milliseconds from ``start`` to ``end`` (negative if ``end`` is earlier)."""
    delta = end - start
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


def deadline_passed(game: Game, at: datetime | None = None) -> bool:
    """Whether a game between people still in progress has let its deadline
    pass (its person to move has run out of time, or never made a first
    move), and no flag held (``flag_recheck_at``) is still waiting to be
    looked at again.  Here, beside the time, so that the reads can ask it too."""
    at = at or now()
    return (
        game.kind == "people"
        and game.status != "over"
        and game.deadline is not None
        and at >= game.deadline
        and (game.flag_recheck_at is None or at >= game.flag_recheck_at)
    )
