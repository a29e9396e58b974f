"""The time of the games' clocks: one function, so that tests can move time
on (``monkeypatch.setattr(clock, "now", ...)``) without a dependency, and
every reading of a clock (a move, a poll, the deadline task) goes through it."""
from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def ms_between(start: datetime, end: datetime) -> int:
    """Whole milliseconds from ``start`` to ``end`` (negative if ``end`` is earlier)."""
    delta = end - start
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000
