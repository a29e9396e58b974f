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
from typing import Any

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


@dataclass(frozen=True)
class GameClock:
    """A live game's clocks, a value: milliseconds left on each seat's clock
    as the running turn began (``left``), the increment a move earns, the
    seat whose turn runs (``running``, from ``started``), and the seats whose
    clocks have started (``moved``).  A seat's first move is untimed: it
    costs nothing and earns nothing, but must come within ``first_move_ms``.
    Each step gives a new value; nothing here reads a clock or a database."""

    left: tuple[tuple[str, int], ...]
    increment_ms: int = 0
    first_move_ms: int = 60_000
    running: str | None = None
    started: datetime | None = None
    moved: frozenset[str] = frozenset()

    @classmethod
    def of(cls, left: dict[str, int], increment_ms: int = 0, first_move_ms: int = 60_000, **turn: Any) -> GameClock:
        return cls(tuple(sorted(left.items())), increment_ms, first_move_ms, **turn)

    def left_ms(self, seat: str) -> int:
        """The seat's clock as its turn began (or as it stands, off turn)."""
        return dict(self.left).get(seat, 0)

    def as_dict(self) -> dict[str, int]:
        return dict(self.left)

    def allowance_ms(self) -> int | None:
        """What the running turn allows from its start: the seat's clock once
        it has moved, else the first move's time; None with no turn running."""
        if self.running is None:
            return None
        return self.left_ms(self.running) if self.running in self.moved else self.first_move_ms

    def deadline(self, outages: Iterable[Span] = (), now: datetime | None = None) -> datetime | None:
        """When the running seat's flag falls, pushed on by the outages
        (``Clock.deadline``); None with no turn running."""
        allowance = self.allowance_ms()
        if allowance is None or self.started is None:
            return None
        return Clock(allowance).deadline(self.started, outages, now)

    def left_at(self, at: datetime, outages: Iterable[Span] = ()) -> dict[str, int]:
        """Every seat's clock at ``at``, the running one counted down (a
        first move's countdown is not its clock: that stays as it is)."""
        clocks = self.as_dict()
        if self.running in clocks and self.running in self.moved and self.started is not None:
            clocks[self.running] = Clock(clocks[self.running]).left_at(self.started, at, outages)
        return clocks

    def charge(self, arrived: datetime, outages: Iterable[Span] = ()) -> GameClock:
        """The running seat has moved, its move reaching the server at
        ``arrived``: the turn's cost less the outages taken from its clock
        and the increment added (a first move: neither); no turn runs."""
        if self.running is None:
            return self
        clocks = self.as_dict()
        seat = self.running
        if seat in self.moved and seat in clocks and self.started is not None:
            clocks[seat] = Clock(clocks[seat], self.increment_ms).after_move(self.started, arrived, outages).left_ms
        return GameClock.of(clocks, self.increment_ms, self.first_move_ms, moved=self.moved | {seat})

    def start(self, seat: str, at: datetime) -> GameClock:
        """The turn of ``seat`` begins at ``at``."""
        return GameClock(self.left, self.increment_ms, self.first_move_ms, seat, at, self.moved)
