"""The arithmetic of a person's clock, with no Django: what a turn costs and
when its flag falls, with the time the site could not take moves given back.

A turn begins at ``started``; a move is timed when it reached the server
(``arrived``), however long the server then took to play it.  ``outages``
are the spans (start, end) in which the site could not take moves (a web
restart, Redis down or hung); an ongoing one has no end yet (``None``: it
runs to ``now``).  The part of an outage inside the turn is not charged, and
the flag falls only once the time left, so counted, has run out.  Outages may
overlap each other (several processes record the same one): their union
counts once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

Span = tuple[datetime, datetime | None]


def _ms(delta: timedelta) -> int:
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


def merged(outages: Iterable[Span], now: datetime) -> list[tuple[datetime, datetime]]:
    """The outages as disjoint spans in order, an ongoing one ending at ``now``."""
    spans = sorted((start, end if end is not None else max(now, start)) for start, end in outages)
    out: list[tuple[datetime, datetime]] = []
    for start, end in spans:
        if end <= start:
            continue
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def overlap_ms(outages: Iterable[Span], start: datetime, end: datetime, now: datetime | None = None) -> int:
    """Milliseconds of ``start``..``end`` inside the outages."""
    total = timedelta(0)
    for a, b in merged(outages, now or end):
        lo, hi = max(a, start), min(b, end)
        if hi > lo:
            total += hi - lo
    return _ms(total)


@dataclass(frozen=True)
class Clock:
    """A seat's clock as its turn began: ``left_ms`` then, and the increment it earns by a move."""

    left_ms: int
    increment_ms: int = 0

    def thinking_ms(self, started: datetime, arrived: datetime, outages: Iterable[Span] = ()) -> int:
        """What the turn from ``started`` to the move's arrival costs: its
        length less the outages in it (never below 0)."""
        if arrived <= started:
            return 0
        return max(0, _ms(arrived - started) - overlap_ms(outages, started, arrived))

    def after_move(self, started: datetime, arrived: datetime, outages: Iterable[Span] = ()) -> Clock:
        """The clock after a move that reached the server at ``arrived``: the
        turn's cost taken (down to 0), the increment added."""
        left = max(0, self.left_ms - self.thinking_ms(started, arrived, outages))
        return Clock(left + self.increment_ms, self.increment_ms)

    def left_at(self, started: datetime, at: datetime, outages: Iterable[Span] = ()) -> int:
        """Milliseconds left at ``at`` in the turn begun at ``started``."""
        return max(0, self.left_ms - self.thinking_ms(started, at, outages))

    def deadline(self, started: datetime, outages: Iterable[Span] = (), now: datetime | None = None) -> datetime:
        """When the flag falls: the turn's allowance after ``started``,
        pushed on by every outage (up to ``now`` for one still ongoing) that
        begins before it falls."""
        due = started + timedelta(milliseconds=self.left_ms)
        for a, b in merged(outages, now or due):
            if b <= started:
                continue
            if a >= due:
                break
            due += b - max(a, started)
        return due
