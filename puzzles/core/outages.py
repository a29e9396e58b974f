"""The spans in which the site could not take moves, and whether a flag may fall.

An ``Outage`` (start, end; no end while it lasts) is written by what can
tell (``core.heartbeat``, in every web process): the first web process to
start after every one had died records the time since the last heartbeat; a
probe of Redis that gets no answer within ``PROBE_TIMEOUT`` opens one and
the first answer closes it.  The clocks of games between people do not run
through them (``games.fischer``): a move's charge and its deadline leave
them out, and ``outages_changed`` tells the games to push their deadlines.

A flag falls only when the site was seen well after the deadline
(``flag_may_fall``): no outage ongoing, and every web process alive has
beaten since the deadline with no request still in hand that arrived before
it (a move that arrived in time counts, however long it took).  With no
heartbeat ever written (the heartbeat off: the unit tests, a site without a
web process) the deadline alone decides."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import DateTimeField, ExpressionWrapper, Q, Value
from django.db.models.functions import Now
from django.dispatch import Signal
from django.utils import timezone

from .models import Outage, WebBeat
from .queries import Prepared

Span = tuple[datetime, datetime | None]

# Sent with ``end`` (the latest end of the outages recorded) once an outage
# is closed or recorded whole: the deadlines of the games it touched move on.
outages_changed = Signal()

# How far back the outages are kept in memory: a live turn lasts less.
KEEP = timedelta(hours=6)
_known: list[Span] = []
_stale = False  # an outage was written by this process since the last read
_lock = threading.Lock()


def beat_seconds() -> float:
    return float(getattr(settings, "OD_HEARTBEAT_SECONDS", 0.0))


# The outages going on or over within ``KEEP`` (the moment is the
# database's), read four times a second by each web process's heartbeat:
# its SQL and values built once and run again as they are, where Django
# building the query each time cost the process more CPU than the rest of
# the beat.
_RECENT: Prepared[Outage] = Prepared(
    lambda: Outage.objects.filter(
        Q(end__isnull=True) | Q(end__gt=ExpressionWrapper(Now() - Value(KEEP), output_field=DateTimeField()))
    ).only("start", "end")
)


def stale_after() -> timedelta:
    """A web process whose last beat is older than this is taken for dead."""
    return timedelta(seconds=3 * beat_seconds() + 1)


def spans(since: datetime, *, fresh: bool = False) -> list[Span]:
    """The outages that end after ``since`` (or go on).  Those kept in this
    process (read again by each heartbeat, or after this process wrote one)
    unless ``fresh``: read from the database."""
    global _known, _stale
    if fresh or _stale:
        read = [(row.start, row.end) for row in _RECENT.objects()]
        with _lock:
            _known, _stale = read, False
    with _lock:
        return [(start, end) for start, end in _known if end is None or end > since]


def forget() -> None:
    """Read the outages again at the next ``spans`` (written here, or the tests' fresh start)."""
    global _stale
    _stale = True


def record(cause: str, start: datetime, end: datetime, by: str = "") -> Outage:
    """An outage already over (found after the fact)."""
    outage = Outage.objects.create(cause=cause, start=start, end=end, recorded_by=by)
    forget()
    outages_changed.send(Outage, end=end)
    return outage


def begin(cause: str, start: datetime, by: str = "") -> None:
    """An outage of ``cause`` from ``start`` on, unless one is open already."""
    if not Outage.objects.filter(cause=cause, end__isnull=True).exists():
        Outage.objects.create(cause=cause, start=start, end=None, recorded_by=by)
        forget()


def finish(cause: str, end: datetime) -> None:
    """The open outages of ``cause`` are over at ``end``."""
    if Outage.objects.filter(cause=cause, end__isnull=True).update(end=end):
        forget()
        outages_changed.send(Outage, end=end)


def ongoing() -> bool:
    return Outage.objects.filter(end__isnull=True).exists()


def flag_may_fall(due: datetime, now: datetime | None = None) -> bool:
    """Whether a flag due at ``due`` may fall now: see the module's text."""
    now = now or timezone.now()
    if ongoing():
        return False
    if beat_seconds() <= 0 or not WebBeat.objects.exists():
        return True  # no heartbeat here: the deadline alone decides
    fresh = list(WebBeat.objects.filter(beat_at__gte=now - stale_after()).values_list("beat_at", "oldest_request_at"))
    if not fresh:
        return False  # every web process is down, and the outage not yet recorded
    return all(beat > due and (oldest is None or oldest > due) for beat, oldest in fresh)
